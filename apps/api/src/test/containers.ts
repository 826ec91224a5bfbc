import { isValidContainerNumber } from "@portal/domain";
import { beforeAll } from "vitest";
import type { Db } from "../db/client.ts";
import { containers, containerTypes, locations } from "../db/schema/index.ts";
import { type TestContext, useTestContext } from "./context.ts";
import { buildCustomerWorld } from "./customer-world.ts";
import { buildOrderFile } from "./orders.ts";

// Containers for the tests of containers and their packages: a container in a given state, the reference rows an
// order of containers points to, and the people and builders those tests share.

// Statuses of the workflow (DOMAIN.md): 1 Draft and 2 Approved let clients edit containers, 3 Submitted does not
export const DRAFT = 1;
export const APPROVED = 2;
export const SUBMITTED = 3;

/**
 * A container written straight into the table (no rules), for tests that need one in a given state:
 * `buildContainer(db, { freight_order_id, author_id, pkg_state: "accepted" })`. The number's flag follows it.
 */
export async function buildContainer(
  db: Db,
  values: Partial<typeof containers.$inferInsert> & { freight_order_id: number; author_id: number },
): Promise<typeof containers.$inferSelect> {
  const container = values.container ?? "CSQU3054383";
  const [row] = await db
    .insert(containers)
    .values({
      updated_by_id: values.author_id,
      ...values,
      container,
      is_number_valid: isValidContainerNumber(container),
    })
    .returning();
  if (!row) throw new Error("container not created");
  return row;
}

/** The border crossing (Забайкальск, 946801) and the container type (45G1) the orders of containers point to. */
export async function buildContainerReferences(db: Db): Promise<{ crossing: number; containerType: number }> {
  const [location] = await db
    .insert(locations)
    .values({ code: "946801", location: "Забайкальск", kind: "border", country: "RU" })
    .returning();
  const [type] = await db
    .insert(containerTypes)
    .values({
      code: "45G1",
      description: "Контейнер повышенной вместимости 40′",
      description_en: "40' high cube",
    })
    .returning();
  if (!location || !type) throw new Error("reference rows not created");
  return { crossing: location.id, containerType: type.id };
}

/** The reference rows of `buildContainerReferences`, made for the test file before its tests run. */
export function useContainerReferences(ctx: TestContext): { crossing: number; containerType: number } {
  const references = { crossing: 0, containerType: 0 };
  beforeAll(async () => {
    Object.assign(references, await buildContainerReferences(ctx.db));
  });
  return references;
}

/**
 * The people of `buildCustomerWorld` and two administrators: the forwarder's (a manager) and the first customer's
 * (without manager powers); `order(values)` makes an order of three containers through the `crossing`,
 * `container(orderId, values)` one of its containers and `file(orderId, filename)` one of its documents.
 */
export async function buildContainerWorld(ctx: TestContext, crossing: number) {
  const world = await buildCustomerWorld(ctx, {
    orderDefaults: { container_count: 3, border_crossing_point: crossing },
  });
  const administrator = await ctx.buildUser({
    company_id: world.forwarder.id,
    roles: ["Manager"],
    is_administrator: true,
  });
  // An administrator's grant without manager powers does not set a container's status
  const clientAdministrator = await ctx.buildUser({ company_id: world.company.id, is_administrator: true });
  const { client } = world;
  const container = (orderId: number, values: Partial<typeof containers.$inferInsert> = {}) =>
    buildContainer(ctx.db, { freight_order_id: orderId, author_id: client.id, ...values });
  const file = (orderId: number, filename = "invoice.pdf") =>
    buildOrderFile(ctx.db, {
      freight_order_id: orderId,
      author_id: client.id,
      kind: "document",
      filename,
      storage_key: `orders/${orderId}/${filename}`,
    });
  return { ...world, administrator, clientAdministrator, container, file };
}

/**
 * A containers' test file's set-up: its context (`useTestContext`, made with `env`), the reference rows
 * (`useContainerReferences`) and `world()`, the people and builders of `buildContainerWorld`.
 */
export function useContainerTests(env: Record<string, string> = {}) {
  const ctx = useTestContext(env);
  const references = useContainerReferences(ctx);
  return { ctx, references, world: () => buildContainerWorld(ctx, references.crossing) };
}
