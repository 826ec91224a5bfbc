import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { containers } from "../../db/schema/index.ts";
import { APPROVED, SUBMITTED, useContainerTests } from "../../test/containers.ts";

// One container (tracking/api/containers/{id}/): read, changed by who may change what, versioned, and deleted.

const CONTAINERS = "/tracking/api/containers/";

const { ctx, world } = useContainerTests();

describe("GET and PATCH tracking/api/containers/{id}/", () => {
  it("answers 404 for a container of another company's order or of a deleted order, 401 unsigned", async () => {
    const { client, outsider, related, manager, order, container } = await world();
    const { id } = await container((await order()).id);
    await ctx.expectRefused({ outsider }, (api) => api.get(`${CONTAINERS}${id}/`), 404);
    await ctx.expectRefused({ outsider }, (api) => api.patch(`${CONTAINERS}${id}/`, { location: "x" }), 404);
    await ctx.expectRefused({ outsider }, (api) => api.delete(`${CONTAINERS}${id}/`), 404);
    for (const user of [client, related, manager]) {
      expect((await (await ctx.as(user)).get(`${CONTAINERS}${id}/`)).statusCode).toBe(200);
    }
    const hidden = await container((await order({ deleted_at: new Date() })).id);
    await ctx.expectRefused({ client, manager }, (api) => api.get(`${CONTAINERS}${hidden.id}/`), 404);
    expect((await ctx.app.inject({ method: "GET", url: `${CONTAINERS}${id}/` })).statusCode).toBe(401);
  });

  it("changes what the user may change, versioned: 409 with the current container on a stale version", async () => {
    const { client, order, container } = await world();
    const { id } = await container((await order()).id);
    const api = await ctx.as(client);
    const changed = await api.patch(`${CONTAINERS}${id}/`, {
      container: "msku 9070323",
      railwaybill_number: "ЭА123456",
      arrival_at_border_date: "2026-03-05",
      freight_order: 999999,
      version: 1,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      container: "MSKU9070323",
      is_number_valid: true,
      railwaybill_number: "ЭА123456",
      arrival_at_border_date: "2026-03-05",
      freight_order: (await ctx.db.select().from(containers).where(eq(containers.id, id)))[0]
        ?.freight_order_id,
      version: 2,
    });
    const flagged = await api.patch(`${CONTAINERS}${id}/`, { container: "MSKU9070324" });
    expect(flagged.json()).toMatchObject({ container: "MSKU9070324", is_number_valid: false, version: 3 });
    const stale = await api.patch(`${CONTAINERS}${id}/`, { railway_note: "late", version: 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id, railway_note: "", version: 3 });
  });

  it("sets the container's status for administrators who are managers only", async () => {
    const { client, clientAdministrator, manager, administrator, order, container } = await world();
    const { id } = await container((await order()).id);
    for (const user of [client, clientAdministrator, manager]) {
      const response = await (await ctx.as(user)).patch(`${CONTAINERS}${id}/`, { status: 2 });
      expect(response.statusCode).toBe(200);
      expect(response.json().status).toBe(1);
    }
    const approved = await (await ctx.as(administrator)).patch(`${CONTAINERS}${id}/`, { status: 2 });
    expect(approved.json().status).toBe(2);
    const declined = await (await ctx.as(administrator)).patch(`${CONTAINERS}${id}/`, { status: 3 });
    expect(declined.json().status).toBe(3);
  });

  it("leaves the declarations to managers and the tracking block to administrators who are managers", async () => {
    const { client, manager, administrator, order, container } = await world();
    const { id } = await container((await order()).id);
    const tracking = {
      start_tracking_date: "2026-03-01",
      tracking_done: true,
      td_number: "10719110/010326/0001234",
    };
    const byClient = await (await ctx.as(client)).patch(`${CONTAINERS}${id}/`, tracking);
    expect(byClient.json()).toMatchObject({ start_tracking_date: null, tracking_done: false, td_number: "" });
    const byManager = await (await ctx.as(manager)).patch(`${CONTAINERS}${id}/`, tracking);
    expect(byManager.json()).toMatchObject({
      start_tracking_date: null,
      tracking_done: false,
      td_number: tracking.td_number,
    });
    const byAdministrator = await (await ctx.as(administrator)).patch(`${CONTAINERS}${id}/`, tracking);
    expect(byAdministrator.json()).toMatchObject(tracking);
  });

  it("lets clients change containers only where the order's status has user_can_edit_containers", async () => {
    const { client, manager, order, container } = await world();
    const submitted = await container((await order({ status: SUBMITTED })).id);
    await ctx.expectRefused({ client }, (api) =>
      api.patch(`${CONTAINERS}${submitted.id}/`, { location: "x" }),
    );
    const byManager = await (await ctx.as(manager)).patch(`${CONTAINERS}${submitted.id}/`, {
      location: "Наушки",
    });
    expect(byManager.json().location).toBe("Наушки");
    const approvedOrder = await container((await order({ status: APPROVED })).id);
    const byClient = await (await ctx.as(client)).patch(`${CONTAINERS}${approvedOrder.id}/`, {
      location: "Наушки",
    });
    expect(byClient.statusCode).toBe(200);
  });

  it("keeps an approved container's prepare-to-ship date from non-managers, but takes the form sent back as it is", async () => {
    const { client, manager, order, container } = await world();
    const { id } = await container((await order()).id, { status: 2, prepare_to_ship_date: "2026-03-01" });
    const api = await ctx.as(client);
    const current = (await api.get(`${CONTAINERS}${id}/`)).json();
    const unchanged = await api.patch(`${CONTAINERS}${id}/`, {
      ...Object.fromEntries(
        ["container", "location", "prepare_to_ship_date", "status", "tracking_done", "railway_note"].map(
          (field) => [field, current[field]],
        ),
      ),
      notes: "готов к отправке",
    });
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json()).toMatchObject({ notes: "готов к отправке", prepare_to_ship_date: "2026-03-01" });
    const moved = await api.patch(`${CONTAINERS}${id}/`, { prepare_to_ship_date: "2026-03-09" });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toEqual({
      prepare_to_ship_date: ["The container is approved: only a manager can change its prepare-to-ship date"],
    });
    const byManager = await (await ctx.as(manager)).patch(`${CONTAINERS}${id}/`, {
      prepare_to_ship_date: "2026-03-09",
    });
    expect(byManager.json().prepare_to_ship_date).toBe("2026-03-09");
  });
});

describe("DELETE tracking/api/containers/{id}/", () => {
  it("deletes a container for managers only", async () => {
    const { client, manager, order, container } = await world();
    const { id } = await container((await order()).id);
    await ctx.expectRefused({ client }, (api) => api.delete(`${CONTAINERS}${id}/`));
    expect((await (await ctx.as(manager)).delete(`${CONTAINERS}${id}/`)).statusCode).toBe(204);
    expect((await (await ctx.as(manager)).get(`${CONTAINERS}${id}/`)).statusCode).toBe(404);
  });
});
