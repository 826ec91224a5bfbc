import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/context.ts";
import { buildOrder } from "../../test/orders.ts";

// The order policy's rules as the API enforces them where they meet: the paid flag is its own rule, apart from
// who edits the order in its status (orderPolicy.canSetPaid, canChangeRow).

const ORDERS = "/tracking/api/freight_orders/";
const SUBMITTED = 3;
const SIGNED = 5;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe("PATCH tracking/api/freight_orders/{id}/set_is_paid/ by a client with the right", () => {
  it("marks paid an order whose status keeps the client from editing it, and still refuses the edit", async () => {
    const company = await ctx.buildCompany();
    const client = await ctx.buildUser({ company_id: company.id, grant_set_is_paid: true });
    const order = await buildOrder(ctx.db, {
      company_id: company.id,
      author_id: client.id,
      status: SIGNED,
      approved_cost: 1500,
    });
    const api = await ctx.as(client);
    const paid = await api.patch(`${ORDERS}${order.id}/set_is_paid/`, { is_paid: true, version: 1 });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ is_paid: true, version: 2 });
    const edited = await api.patch(`${ORDERS}${order.id}/`, { notes: "правка" });
    expect(edited.statusCode).toBe(403);
  });
});

describe("PATCH tracking/api/freight_orders/{id}/set_is_paid/ before the cost is approved", () => {
  it("refuses paid on a submitted order or one without an approved cost, in the request's language", async () => {
    const company = await ctx.buildCompany();
    const client = await ctx.buildUser({ company_id: company.id });
    const head = await ctx.buildUser({ roles: ["Head"] });
    const api = await ctx.as(head);
    const built = { company_id: company.id, author_id: client.id };
    const submitted = await buildOrder(ctx.db, { ...built, status: SUBMITTED, approved_cost: 1500 });
    const uncosted = await buildOrder(ctx.db, { ...built, status: SIGNED });
    for (const order of [submitted, uncosted]) {
      const url = `${ORDERS}${order.id}/set_is_paid/`;
      const refused = await api.patch(url, { is_paid: true });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        is_paid: ["Only an approved order with an approved cost can be marked paid"],
      });
      const headers = await ctx.authHeaders(head, "ru");
      const russian = await ctx.app.inject({ method: "PATCH", url, headers, payload: { is_paid: true } });
      expect(russian.json()).toEqual({
        is_paid: ["Оплаченной можно отметить только согласованную заявку с согласованной стоимостью"],
      });
      // Unpaid stays open, to undo a mistake
      expect((await api.patch(url, { is_paid: false })).statusCode).toBe(200);
    }
  });
});
