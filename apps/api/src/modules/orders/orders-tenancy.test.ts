import { describe, expect, it } from "vitest";
import { useTestContext } from "../../test/context.ts";
import { buildOrderWorld } from "../../test/customer-world.ts";

// Shipping orders' API (tracking/api/freight_orders/): another company's order answers 404 on every route,
// related users see it, and strangers get 401.

const ORDERS = "/tracking/api/freight_orders/";

const ctx = useTestContext();

/** Two customers, the forwarder's staff, and a user of the second customer related to the first. */
const world = () => buildOrderWorld(ctx);

describe("tenancy", () => {
  it("answers 404 for another company's order on every route, and lets related users in", async () => {
    const { client, outsider, related, head, order } = await world();
    const row = await order();
    const url = `${ORDERS}${row.id}/`;
    const calls = [
      (api: Awaited<ReturnType<typeof ctx.as>>) => api.get(url),
      (api: Awaited<ReturnType<typeof ctx.as>>) => api.patch(url, { notes: "x" }),
      (api: Awaited<ReturnType<typeof ctx.as>>) => api.put(url, { notes: "x" }),
      (api: Awaited<ReturnType<typeof ctx.as>>) => api.delete(url),
      (api: Awaited<ReturnType<typeof ctx.as>>) => api.get(`${url}wf/`),
      (api: Awaited<ReturnType<typeof ctx.as>>) => api.get(`${url}history/`),
      (api: Awaited<ReturnType<typeof ctx.as>>) => api.patch(`${url}set_is_paid/`, { is_paid: true }),
    ];
    // Even with the right to mark orders paid, another customer's order does not exist for them
    const payer = await ctx.buildUser({ company_id: outsider.company_id, grant_set_is_paid: true });
    for (const call of calls) await ctx.expectRefused({ outsider, payer }, call, 404);
    const seen = await (await ctx.as(related)).get(url);
    expect(seen.statusCode).toBe(200);
    expect((await (await ctx.as(client)).get(`${url}wf/`)).statusCode).toBe(200);
    expect((await (await ctx.as(head)).get(url)).statusCode).toBe(200);
    const unsigned = [
      ["GET", ORDERS],
      ["POST", ORDERS],
      ["GET", url],
      ["PATCH", url],
      ["PUT", url],
      ["DELETE", url],
      ["GET", `${url}wf/`],
      ["GET", `${url}history/`],
      ["PATCH", `${url}set_is_paid/`],
      ["GET", "/tracking/api/freight-order-statuses/1/"],
      ["GET", "/tracking/api/directory/company/"],
      ["POST", "/tracking/api/directory/company/"],
    ] as const;
    for (const [method, path] of unsigned) {
      const payload = method === "GET" || method === "DELETE" ? undefined : {};
      expect((await ctx.app.inject({ method, url: path, payload })).statusCode, `${method} ${path}`).toBe(
        401,
      );
    }
  });
});
