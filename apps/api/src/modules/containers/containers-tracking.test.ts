import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { containerEvents, freightOrderHistory, freightOrderStatuses } from "../../db/schema/index.ts";
import { APPROVED, DRAFT, useContainerTests } from "../../test/containers.ts";
import { buildStoredOrderFile } from "../../test/orders.ts";

// A container's tracking: the milestones of its track dates recorded as events while it is written, and
// tracking/, those events with the customs system's and the order's status changes, newest first.

const CONTAINERS = "/tracking/api/containers/";
const ORDERS = "/tracking/api/freight_orders/";

const { ctx, world } = useContainerTests();

/** The container's events as stored, by code. */
async function eventsOf(containerId: number) {
  const rows = await ctx.db
    .select()
    .from(containerEvents)
    .where(eq(containerEvents.container_id, containerId));
  return rows.sort((a, b) => a.event_code.localeCompare(b.event_code));
}

describe("track dates as events (POST and PATCH tracking/api/containers/)", () => {
  it("records one event a track date set on creation, by the writer, on the date set", async () => {
    const { client, order } = await world();
    const { id: orderId } = await order();
    const created = await (await ctx.as(client)).post(CONTAINERS, {
      freight_order: orderId,
      container: "TGHU8803264",
      prepare_to_ship_date: "2026-03-01",
      arrival_at_border_date: "2026-03-09",
      location: "Забайкальск",
    });
    expect(created.statusCode).toBe(201);
    const events = await eventsOf(created.json().id);
    expect(events).toMatchObject([
      {
        event_code: "arrived_at_border",
        event_type: "transport",
        event_date: "2026-03-09",
        source: "portal",
        user_id: client.id,
        pkg_pid: null,
      },
      {
        event_code: "prepared_to_ship",
        event_type: "shipment",
        event_date: "2026-03-01",
        user_id: client.id,
      },
    ]);
  });

  it("moves a changed date's event, removes a cleared one's, and keeps one event a milestone", async () => {
    const { client, manager, order, container } = await world();
    const { id } = await container((await order()).id);
    const byClient = await ctx.as(client);
    await byClient.patch(`${CONTAINERS}${id}/`, {
      railway_accept_date: "2026-03-02",
      railway_loading_date: "2026-03-03",
    });
    const [accepted] = (await eventsOf(id)).filter((event) => event.event_code === "accepted_by_railway");
    const byManager = await ctx.as(manager);
    const moved = await byManager.patch(`${CONTAINERS}${id}/`, {
      railway_accept_date: "2026-03-04",
      railway_loading_date: null,
      td_end_date: "2026-03-20",
    });
    expect(moved.statusCode).toBe(200);
    const events = await eventsOf(id);
    expect(events.map((event) => [event.event_code, event.event_date, event.user_id])).toEqual([
      ["accepted_by_railway", "2026-03-04", manager.id],
      ["border_crossed", "2026-03-20", manager.id],
    ]);
    // Moved, not recorded anew: the same event on its new date, recorded again
    expect(events[0]?.id).toBe(accepted?.id);
    expect(events[0]?.recorded_at.getTime()).toBeGreaterThanOrEqual(accepted?.recorded_at.getTime() ?? 0);
    // A form sent back as it is changes no date and records nothing
    const current = (await byManager.get(`${CONTAINERS}${id}/`)).json();
    await byManager.patch(`${CONTAINERS}${id}/`, { ...current, notes: "без изменений в датах" });
    expect((await eventsOf(id)).map((event) => event.id)).toEqual(events.map((event) => event.id));
  });

  it("never touches the customs system's events of a container", async () => {
    const { manager, order, container } = await world();
    const { id } = await container((await order()).id, { td_end_date: "2026-03-20" });
    await ctx.db.insert(containerEvents).values({
      container_id: id,
      event_type: "customs",
      event_code: "border_crossed",
      event_date: "2026-03-19",
      source: "customs",
    });
    await (await ctx.as(manager)).patch(`${CONTAINERS}${id}/`, { td_end_date: null });
    expect((await eventsOf(id)).map((event) => [event.source, event.event_date])).toEqual([
      ["customs", "2026-03-19"],
    ]);
  });

  it("records nothing of a write that is refused", async () => {
    const { client, order, container } = await world();
    const { id } = await container((await order()).id, { status: 2, prepare_to_ship_date: "2026-03-01" });
    const refused = await (await ctx.as(client)).patch(`${CONTAINERS}${id}/`, {
      prepare_to_ship_date: "2026-03-09",
      railway_accept_date: "2026-03-10",
    });
    expect(refused.statusCode).toBe(400);
    expect(await eventsOf(id)).toEqual([]);
  });
});

describe("GET tracking/api/freight_orders/{id}/containers/{containerId}/tracking/", () => {
  /** An order with two status changes (the second with a signed order), a container, and its events. */
  async function trackedContainer() {
    const people = await world();
    const { client, manager, order, container } = people;
    const approvedOrder = await order({ status: APPROVED });
    const signed = await buildStoredOrderFile(ctx.db, ctx.config.FILES_DIR, {
      freight_order_id: approvedOrder.id,
      author_id: client.id,
      kind: "signed",
    });
    const [draft, approved] = await ctx.db
      .insert(freightOrderHistory)
      .values([
        {
          freight_order_id: approvedOrder.id,
          kind: "status",
          user_id: client.id,
          status: DRAFT,
          modify_date: new Date("2025-02-01T09:00:00Z"),
        },
        {
          freight_order_id: approvedOrder.id,
          kind: "status",
          user_id: manager.id,
          status: APPROVED,
          status_comment: "Ставка согласована",
          sign_file_id: signed.id,
          // 22:30 in UTC is the next day in Moscow
          modify_date: new Date("2025-02-10T22:30:00Z"),
        },
        // Field changes are not the tracking's
        { freight_order_id: approvedOrder.id, kind: "field", field: "notes", old_value: "", new_value: "x" },
      ])
      .returning();
    const { id } = await container(approvedOrder.id);
    await (await ctx.as(manager)).patch(`${CONTAINERS}${id}/`, {
      railway_accept_date: "2025-02-11",
      final_release_date: "2099-06-01",
    });
    await ctx.db.insert(containerEvents).values({
      container_id: id,
      event_type: "customs",
      event_code: "package_rejected",
      event_date: "2025-02-11",
      source: "customs",
      pkg_pid: 41,
      message: "Вес брутто не совпадает",
    });
    const url = `${ORDERS}${approvedOrder.id}/containers/${id}/tracking/`;
    return { ...people, orderId: approvedOrder.id, id, url, signed, draft, approved };
  }

  it("lists the container's events and its order's status changes, newest first, planned and actual", async () => {
    const { client, url, orderId, signed, approved, draft } = await trackedContainer();
    const statuses = await ctx.db.select().from(freightOrderStatuses);
    const nameOf = (id: number) => statuses.find((status) => status.id === id)?.name_en;
    const response = await (await ctx.as(client)).get(url);
    expect(response.statusCode).toBe(200);
    const { results } = response.json();
    expect(
      results.map((event: { event_code: string; date: string }) => [event.event_code, event.date]),
    ).toEqual([
      ["released", "2099-06-01"],
      // The same day: the one recorded last first
      ["package_rejected", "2025-02-11"],
      ["accepted_by_railway", "2025-02-11"],
      ["order_status", "2025-02-11"],
      ["order_status", "2025-02-01"],
    ]);
    expect(results[0]).toMatchObject({
      classifier: "PLN",
      event_type: "customs",
      source: "portal",
      status: null,
    });
    expect(results[1]).toMatchObject({
      classifier: "ACT",
      source: "customs",
      pkg_pid: 41,
      message: "Вес брутто не совпадает",
    });
    expect(results[3]).toEqual({
      id: `order-${approved?.id}`,
      date: "2025-02-11",
      recorded_at: "2025-02-10T22:30:00.000Z",
      event_type: "shipment",
      event_code: "order_status",
      classifier: "ACT",
      source: "portal",
      status: APPROVED,
      status_name: nameOf(APPROVED),
      status_desc: "Ставка согласована",
      document: { id: signed.id, filename: signed.filename, url: `${ORDERS}${orderId}/sign/${signed.id}` },
      pkg_pid: null,
      message: "",
    });
    expect(results[4]).toMatchObject({ id: `order-${draft?.id}`, status_desc: "", document: null });
    // The signed order's address downloads it
    const download = await (await ctx.as(client)).get(results[3].document.url);
    expect(download.statusCode).toBe(200);
  });

  it("names the statuses in the request's language and reads days in the time zone asked for", async () => {
    const { client, url } = await trackedContainer();
    const statuses = await ctx.db
      .select()
      .from(freightOrderStatuses)
      .where(eq(freightOrderStatuses.id, APPROVED));
    const russian = await ctx.app.inject({
      method: "GET",
      url,
      headers: await ctx.authHeaders(client, "ru"),
    });
    const change = russian
      .json()
      .results.find((event: { status: number | null }) => event.status === APPROVED);
    expect(change).toMatchObject({ status_name: statuses[0]?.name, date: "2025-02-11" });
    const inUtc = await (await ctx.as(client)).get(`${url}?tz=UTC`);
    expect(
      inUtc.json().results.find((event: { status: number | null }) => event.status === APPROVED).date,
    ).toBe("2025-02-10");
    expect((await (await ctx.as(client)).get(`${url}?tz=Mars/Olympus`)).statusCode).toBe(400);
  });

  it("leaves the description empty where the comment says no more than the status's name", async () => {
    const { client, order, container } = await world();
    const { id: orderId } = await order();
    const [draft] = await ctx.db
      .select()
      .from(freightOrderStatuses)
      .where(eq(freightOrderStatuses.id, DRAFT));
    await ctx.db.insert(freightOrderHistory).values({
      freight_order_id: orderId,
      kind: "status",
      status: DRAFT,
      status_comment: draft?.name_en ?? "",
    });
    const { id } = await container(orderId);
    const { results } = (
      await (await ctx.as(client)).get(`${ORDERS}${orderId}/containers/${id}/tracking/`)
    ).json();
    expect(results).toMatchObject([{ status: DRAFT, status_name: draft?.name_en, status_desc: "" }]);
  });

  it("answers 404 for another company's order, another order's container and a deleted order; 401 unsigned", async () => {
    const { outsider, related, manager, client, url, orderId, order, container } = await trackedContainer();
    await ctx.expectRefused({ outsider }, (api) => api.get(url), 404);
    for (const user of [related, manager]) expect((await (await ctx.as(user)).get(url)).statusCode).toBe(200);
    const elsewhere = await container((await order()).id);
    await ctx.expectRefused(
      { client, manager },
      (api) => api.get(`${ORDERS}${orderId}/containers/${elsewhere.id}/tracking/`),
      404,
    );
    const deleted = await order({ deleted_at: new Date() });
    const hidden = await container(deleted.id);
    await ctx.expectRefused(
      { client },
      (api) => api.get(`${ORDERS}${deleted.id}/containers/${hidden.id}/tracking/`),
      404,
    );
    expect((await ctx.app.inject({ method: "GET", url })).statusCode).toBe(401);
  });
});
