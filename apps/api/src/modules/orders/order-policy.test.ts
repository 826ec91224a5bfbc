import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/context.ts";
import { buildOrder } from "../../test/orders.ts";

// The order policy's rules as the API enforces them where they meet: the paid flag is its own rule, apart from
// who edits the order in its status (orderPolicy.canSetPaid, canChangeRow).

const ORDERS = "/tracking/api/freight_orders/";
const SUBMITTED = 3;

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
      status: SUBMITTED,
    });
    const api = await ctx.as(client);
    const paid = await api.patch(`${ORDERS}${order.id}/set_is_paid/`, { is_paid: true, version: 1 });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ is_paid: true, version: 2 });
    const edited = await api.patch(`${ORDERS}${order.id}/`, { notes: "правка" });
    expect(edited.statusCode).toBe(403);
  });
});
