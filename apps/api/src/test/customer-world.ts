import { type companies, type freightOrders, relatedUsers } from "../db/schema/index.ts";
import type { TestContext } from "./context.ts";
import { buildOrder } from "./orders.ts";

// The people the tests of orders, their files and their containers act as: two customers, the forwarder's staff
// and a user related to the first customer, with a builder of the first customer's orders.

type OrderValues = Partial<typeof freightOrders.$inferInsert>;

/**
 * The forwarder and its manager; a customer, ООО «Таёжный лес» (its values overridden by `company`), with its
 * client Пётр Иванов; another customer, АО «Восточный порт», with a user of its own (`outsider`) and one related
 * to the first customer (`related`); and `order(values)`, an order of the first customer by its client, made of
 * `orderDefaults` and then `values`.
 */
export async function buildCustomerWorld(
  ctx: TestContext,
  options: { company?: Partial<typeof companies.$inferInsert>; orderDefaults?: OrderValues } = {},
) {
  const forwarder = await ctx.buildCompany({ is_expedition_company: true });
  const company = await ctx.buildCompany({ name: "ООО «Таёжный лес»", ...options.company });
  const other = await ctx.buildCompany({ name: "АО «Восточный порт»" });
  const manager = await ctx.buildUser({ company_id: forwarder.id, roles: ["Manager"] });
  const client = await ctx.buildUser({ company_id: company.id, first_name: "Пётр", last_name: "Иванов" });
  const outsider = await ctx.buildUser({ company_id: other.id });
  const related = await ctx.buildUser({ company_id: other.id });
  await ctx.db.insert(relatedUsers).values({ company_id: company.id, user_id: related.id });
  const order = (values: OrderValues = {}) =>
    buildOrder(ctx.db, { company_id: company.id, author_id: client.id, ...options.orderDefaults, ...values });
  return { forwarder, company, other, manager, client, outsider, related, order };
}

/**
 * The customers of `buildCustomerWorld`, the first with its forwarding contract, and two more people: the
 * forwarder's head and a colleague of the client.
 */
export async function buildOrderWorld(ctx: TestContext) {
  const world = await buildCustomerWorld(ctx, {
    company: { freight_forwarding_contract: "ТЭО-2026/001", freight_forwarding_contract_date: "2026-01-15" },
  });
  const head = await ctx.buildUser({ company_id: world.forwarder.id, roles: ["Head"] });
  const colleague = await ctx.buildUser({ company_id: world.company.id });
  return { ...world, head, colleague };
}
