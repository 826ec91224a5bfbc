import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { freightOrders } from "../../db/schema/index.ts";
import { useTestContext } from "../../test/context.ts";
import { buildOrderWorld } from "../../test/customer-world.ts";

// Shipping orders' API (tracking/api/freight_orders/): deleting an order, softly, where its status lets the
// caller.

const ORDERS = "/tracking/api/freight_orders/";

const ctx = useTestContext();

/** Two customers, the forwarder's staff, and a user of the second customer related to the first. */
const world = () => buildOrderWorld(ctx);

describe("DELETE tracking/api/freight_orders/{id}/", () => {
  it("deletes softly: the order leaves lists and answers 404, and stays in the table for staff to restore", async () => {
    const { client, order } = await world();
    const row = await order();
    const api = await ctx.as(client);
    expect((await api.delete(`${ORDERS}${row.id}/`)).statusCode).toBe(204);
    expect((await api.get(`${ORDERS}${row.id}/`)).statusCode).toBe(404);
    expect((await api.get(`${ORDERS}${row.id}/history/`)).statusCode).toBe(404);
    expect((await api.delete(`${ORDERS}${row.id}/`)).statusCode).toBe(404);
    const ids = (await api.get(`${ORDERS}?take=1000`)).json().results.map((r: { id: number }) => r.id);
    expect(ids).not.toContain(row.id);
    const [kept] = await ctx.db.select().from(freightOrders).where(eq(freightOrders.id, row.id));
    expect(kept?.deleted_at).toBeInstanceOf(Date);
  });

  it("lets clients delete only where the status lets them edit, never an approved order; managers always", async () => {
    const { client, manager, order } = await world();
    for (const status of [1, 4]) {
      const row = await order({ status });
      expect((await (await ctx.as(client)).delete(`${ORDERS}${row.id}/`)).statusCode, `${status}`).toBe(204);
    }
    for (const status of [2, 3, 5, 6, 7, 8]) {
      const row = await order({ status });
      await ctx.expectRefused({ client }, (api) => api.delete(`${ORDERS}${row.id}/`));
      expect((await (await ctx.as(manager)).delete(`${ORDERS}${row.id}/`)).statusCode, `${status}`).toBe(204);
    }
  });
});
