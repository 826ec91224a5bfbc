import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { containers } from "../../db/schema/index.ts";
import { SUBMITTED, useContainerTests } from "../../test/containers.ts";
import type { Api } from "../../test/context.ts";

// Who may do what with a container (DOMAIN.md "Containers", docs/decisions.md "Containers"): managers edit;
// administrators who are managers set the status and the tracking block; after approval a non-manager cannot move
// the prepare-to-ship date; another company's container is a 404 on every route. Each refused role is tried.

const CONTAINERS = "/tracking/api/containers/";
const ORDERS = "/tracking/api/freight_orders/";

const { ctx, world } = useContainerTests();

/** The people of the containers' tests with the forwarder's head (a manager) besides. */
async function people() {
  const base = await world();
  const head = await ctx.buildUser({ company_id: base.forwarder.id, roles: ["Head"] });
  return { ...base, head };
}

async function stored(id: number) {
  const [row] = await ctx.db.select().from(containers).where(eq(containers.id, id));
  return row;
}

describe("container permissions", () => {
  it("lets administrators who are managers alone set the status, the start tracking date and tracking done", async () => {
    const { client, related, clientAdministrator, manager, head, administrator, order, container } =
      await people();
    const { id } = await container((await order()).id);
    const block = { status: 3, start_tracking_date: "2026-03-01", tracking_done: true };
    for (const [who, user] of Object.entries({ client, related, clientAdministrator, manager, head })) {
      const response = await (await ctx.as(user)).patch(`${CONTAINERS}${id}/`, block);
      expect(response.statusCode, who).toBe(200);
      expect(await stored(id), who).toMatchObject({
        status: 1,
        start_tracking_date: null,
        tracking_done: false,
      });
    }
    const byAdministrator = await (await ctx.as(administrator)).patch(`${CONTAINERS}${id}/`, block);
    expect(byAdministrator.json()).toMatchObject(block);
    // And back: only they clear them again
    await (await ctx.as(manager)).patch(`${CONTAINERS}${id}/`, {
      start_tracking_date: null,
      tracking_done: false,
    });
    expect(await stored(id)).toMatchObject({ start_tracking_date: "2026-03-01", tracking_done: true });
  });

  it("lets managers edit every other field of a container in any status of its order, clients where it allows", async () => {
    const { client, related, manager, head, order, container } = await people();
    const { id } = await container((await order({ status: SUBMITTED })).id);
    const change = { location: "Наушки", td_number: "10719110/010326/0001234", railway_note: "в пути" };
    for (const user of [manager, head]) {
      const response = await (await ctx.as(user)).patch(`${CONTAINERS}${id}/`, change);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject(change);
    }
    await ctx.expectRefused({ client, related }, (api) =>
      api.patch(`${CONTAINERS}${id}/`, { location: "x" }),
    );
    const open = await container((await order()).id);
    const byClient = await (await ctx.as(client)).patch(`${CONTAINERS}${open.id}/`, change);
    expect(byClient.json()).toMatchObject({ location: "Наушки", td_number: "", railway_note: "в пути" });
  });

  it("keeps an approved container's prepare-to-ship date from every non-manager, not from managers", async () => {
    const { client, related, clientAdministrator, manager, head, administrator, order, container } =
      await people();
    const { id } = await container((await order()).id, { status: 2, prepare_to_ship_date: "2026-03-01" });
    for (const [who, user] of Object.entries({ client, related, clientAdministrator })) {
      const response = await (await ctx.as(user)).patch(`${CONTAINERS}${id}/`, {
        prepare_to_ship_date: "2026-03-09",
      });
      expect(response.statusCode, who).toBe(400);
      expect(Object.keys(response.json()), who).toEqual(["prepare_to_ship_date"]);
    }
    expect((await stored(id))?.prepare_to_ship_date).toBe("2026-03-01");
    for (const [date, user] of [
      ["2026-03-09", manager],
      ["2026-03-10", head],
      ["2026-03-11", administrator],
    ] as const) {
      const response = await (await ctx.as(user)).patch(`${CONTAINERS}${id}/`, {
        prepare_to_ship_date: date,
      });
      expect(response.json().prepare_to_ship_date).toBe(date);
    }
    // A pending container's date is the client's to move
    const pending = await container((await order()).id, { prepare_to_ship_date: "2026-03-01" });
    const moved = await (await ctx.as(client)).patch(`${CONTAINERS}${pending.id}/`, {
      prepare_to_ship_date: "2026-03-09",
    });
    expect(moved.json().prepare_to_ship_date).toBe("2026-03-09");
  });

  it("lets managers alone delete containers", async () => {
    const { client, related, clientAdministrator, head, order, container } = await people();
    const { id } = await container((await order()).id);
    await ctx.expectRefused({ client, related, clientAdministrator }, (api) =>
      api.delete(`${CONTAINERS}${id}/`),
    );
    expect((await (await ctx.as(head)).delete(`${CONTAINERS}${id}/`)).statusCode).toBe(204);
  });

  it("answers 404 for another company's container on every route", async () => {
    const { outsider, order, container, file } = await people();
    const theirs = await order();
    const { id } = await container(theirs.id, { td_number: "10719110/010326/0001234" });
    const document = await file(theirs.id);
    const under = `${ORDERS}${theirs.id}/containers/`;
    const calls: [string, (api: Api) => ReturnType<Api["get"]>][] = [
      ["read", (api) => api.get(`${CONTAINERS}${id}/`)],
      ["change", (api) => api.patch(`${CONTAINERS}${id}/`, { location: "x" })],
      ["delete", (api) => api.delete(`${CONTAINERS}${id}/`)],
      ["the order's containers", (api) => api.get(under)],
      ["a package", (api) => api.patch(under, { container: id, package_content: [document.id] })],
      ["a withdrawal", (api) => api.patch(under, { container: id, withdraw: true })],
      ["the package's files", (api) => api.get(`${under}${id}/package-content/`)],
      ["the tracking", (api) => api.get(`${under}${id}/tracking/`)],
      ["the declaration's XML", (api) => api.get(`${under}td/${id}/`)],
      ["the declaration's PDF", (api) => api.get(`${under}td-pdf/${id}/`)],
    ];
    const api = await ctx.as(outsider);
    for (const [what, call] of calls) {
      const response = await call(api);
      expect(response.statusCode, `${what}: ${response.body.slice(0, 200)}`).toBe(404);
    }
    // Adding one to another company's order names an order that does not exist for them
    const added = await api.post(CONTAINERS, { freight_order: theirs.id, container: "TGHU8803264" });
    expect(added.statusCode).toBe(400);
    expect(Object.keys(added.json())).toEqual(["freight_order"]);
    expect(await stored(id)).toMatchObject({ location: "" });
  });
});
