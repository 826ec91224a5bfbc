import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import {
  freightOrderHistory,
  freightOrders,
  notificationEvents,
  transportKinds,
} from "../../db/schema/index.ts";
import { useTestContext } from "../../test/context.ts";
import { buildOrderWorld } from "../../test/customer-world.ts";
import { type LiveStreamReader, openLiveStream } from "../../test/live.ts";
import { asFormSends } from "../../test/orders.ts";

// A write that changes nothing (the form sent back as it was read, the paid flag set to what it is) keeps the order
// as it was: its version, its stamp, no history, no live event, no notification; so that another form open on the
// order can still save. The rule is the shared versioned write's (core/versioned.ts), for every resource.

const ORDERS = "/tracking/api/freight_orders/";

// A heartbeat every 0.2 s: the server lets a closed stream go at once, and the app closes
const ctx = useTestContext({ LIVE_HEARTBEAT_SECONDS: "0.2" });
const streams: LiveStreamReader[] = [];
// Before the context closes (hooks after the tests run last registered first), as live-stream.test.ts does
afterAll(() => {
  for (const stream of streams) stream.close();
});

const historyOf = (id: number) =>
  ctx.db.select().from(freightOrderHistory).where(eq(freightOrderHistory.freight_order_id, id));
const storedOrder = async (id: number) =>
  (await ctx.db.select().from(freightOrders).where(eq(freightOrders.id, id)))[0];

/** An order filled with a value of each kind: texts, money, dates, a choice, links. */
async function filledOrder() {
  const world = await buildOrderWorld(ctx);
  const kinds = await ctx.db
    .insert(transportKinds)
    // Reference books keep each name once: names of this order's own
    .values([{ description: `Ж/д ${world.company.id}` }, { description: `Авто ${world.company.id}` }])
    .returning();
  const row = await world.order();
  const api = await ctx.as(world.client);
  const filled = await api.patch(`${ORDERS}${row.id}/`, {
    notes: "Первая строка\nвторая",
    consignee_name: "ООО «Ромашка»",
    freight_cost: 1250.5,
    preferred_shipping_period_start: "2026-04-01",
    preferred_shipping_period_end: "2026-04-30",
    transport_kinds: kinds.map((kind) => kind.id).reverse(),
    version: 1,
  });
  expect(filled.statusCode, filled.body).toBe(200);
  return { ...world, api, order: filled.json() as Record<string, unknown> & { id: number; version: number } };
}

describe("PATCH tracking/api/freight_orders/{id}/ with the values stored", () => {
  it("keeps the version and the stamp and writes no history", async () => {
    const { api, order } = await filledOrder();
    const before = await storedOrder(order.id);
    const history = await historyOf(order.id);
    const same = await api.patch(`${ORDERS}${order.id}/`, asFormSends(order));
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toEqual(order);
    expect(await storedOrder(order.id)).toEqual(before);
    expect(await historyOf(order.id)).toEqual(history);
    // Money as the wire writes it, the links in another order: still the same values
    const reordered = await api.patch(`${ORDERS}${order.id}/`, {
      freight_cost: 1250.5,
      transport_kinds: [...(order.transport_kinds as number[])].reverse(),
    });
    expect(reordered.json().version).toBe(order.version);
  });

  it("lets another form open on the old version save after it, and a real change still takes a new version", async () => {
    const { api, colleague, order } = await filledOrder();
    const first = await api.patch(`${ORDERS}${order.id}/`, asFormSends(order));
    expect(first.json().version).toBe(order.version);
    const other = await (await ctx.as(colleague)).patch(`${ORDERS}${order.id}/`, {
      notes: "Другая форма",
      version: order.version,
    });
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json()).toMatchObject({ notes: "Другая форма", version: order.version + 1 });
    const history = await historyOf(order.id);
    expect(history.map((entry) => entry.field)).toContain("notes");
  });

  it("tells no open page of it: the next event heard is another order's real change", async () => {
    const { api, client, order } = await filledOrder();
    const [other] = await ctx.db
      .insert(freightOrders)
      .values({ company_id: order.company as number, author_id: client.id, status: 1 })
      .returning();
    const stream = await openLiveStream(ctx.app, await ctx.authHeaders(client));
    streams.push(stream);
    await api.patch(`${ORDERS}${order.id}/`, asFormSends(order));
    const changed = await api.patch(`${ORDERS}${other?.id}/`, { notes: "Другая заявка" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await stream.next()).data).toEqual({
      resource: "freight_orders",
      id: other?.id,
      action: "changed",
    });
  });
});

describe("PATCH tracking/api/freight_orders/{id}/set_is_paid/ with the flag it has", () => {
  it("keeps the version, writes no history and tells nobody; setting it changes all three once", async () => {
    const { head, order } = await buildOrderWorld(ctx);
    const row = await order({ status: 6, approved_cost: 1500 });
    const url = `${ORDERS}${row.id}/set_is_paid/`;
    const api = await ctx.as(head);
    const paidEvents = () =>
      ctx.db
        .select()
        .from(notificationEvents)
        .where(and(eq(notificationEvents.object_id, row.id), eq(notificationEvents.kind, "order_paid")));

    const unpaid = await api.patch(url, { is_paid: false, version: 1 });
    expect(unpaid.statusCode, unpaid.body).toBe(200);
    expect(unpaid.json()).toMatchObject({ is_paid: false, version: 1 });
    expect(await storedOrder(row.id)).toEqual(row);

    expect((await api.patch(url, { is_paid: true, version: 1 })).json()).toMatchObject({ version: 2 });
    const again = await api.patch(url, { is_paid: true, version: 1 });
    expect(again.statusCode, again.body).toBe(409);
    const twice = await api.patch(url, { is_paid: true, version: 2 });
    expect(twice.json()).toMatchObject({ is_paid: true, version: 2 });
    expect((await historyOf(row.id)).map((entry) => [entry.field, entry.new_value])).toEqual([
      ["is_paid", "true"],
    ]);
    expect(await paidEvents()).toHaveLength(1);
  });
});
