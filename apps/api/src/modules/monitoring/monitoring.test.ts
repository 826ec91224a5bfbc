import { MONITORING_OWN_FIELDS } from "@portal/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { containerMonitoring, containerTerminal, shipmentKinds } from "../../db/schema/index.ts";
import { APPROVED, buildContainer, DRAFT, useContainerTests } from "../../test/containers.ts";
import { openLiveStream } from "../../test/live.ts";
import { buildOrder } from "../../test/orders.ts";

// The monitoring grid (spec 02 §2 "Monitoring", DOMAIN.md "Monitoring, terminal report, export"): who reads it (users
// with monitoring access, their companies' rows), who edits its own cells (managers), which containers it shows (of
// approved, signed and in-progress orders), the `monitoring` sub-object, and the versioned, checked cell edits.

const MONITORING = "/tracking/api/monitoring/";
const SIGNED = 5;
const IN_PROGRESS = 6;
const COMPLETED = 7;

const { ctx, world } = useContainerTests();

/** The containers' people, the client granted monitoring access, and a container of a monitored order. */
async function people() {
  const base = await world();
  const watcher = await ctx.buildUser({ company_id: base.company.id, grant_monitoring: true });
  const outsiderWatcher = await ctx.buildUser({ company_id: base.other.id, grant_monitoring: true });
  const head = await ctx.buildUser({ company_id: base.forwarder.id, roles: ["Head"] });
  const monitored = async (status = APPROVED, values = {}) => {
    const order = await base.order({ status, ...values });
    return { order, container: await base.container(order.id, { container: "CSQU3054383" }) };
  };
  return { ...base, watcher, outsiderWatcher, head, monitored };
}

describe("GET tracking/api/monitoring/", () => {
  it("refuses every monitoring route to a user without monitoring access with 403", async () => {
    const { client, related, outsider, monitored } = await people();
    const { container } = await monitored();
    const refused = { client, related, outsider };
    await ctx.expectRefused(refused, (api) => api.get(MONITORING));
    await ctx.expectRefused(refused, (api) => api.get(`${MONITORING}${container.id}/`));
    // A change opens the row first: another company's row does not exist for its users, whatever their rights
    await ctx.expectRefused({ client, related }, (api) =>
      api.patch(`${MONITORING}${container.id}/`, { tk_order_number: "x" }),
    );
    await ctx.expectRefused(
      { outsider },
      (api) => api.patch(`${MONITORING}${container.id}/`, { tk_order_number: "x" }),
      404,
    );
  });

  it("shows a client with monitoring access their companies' rows only, and another company's row is a 404", async () => {
    const { watcher, outsiderWatcher, manager, monitored } = await people();
    const { container } = await monitored();
    const own = (await (await ctx.as(watcher)).get(`${MONITORING}?take=1000`)).json();
    expect(own.results.map((row: { id: number }) => row.id)).toContain(container.id);
    const others = await (await ctx.as(outsiderWatcher)).get(`${MONITORING}?take=1000`);
    expect(others.statusCode).toBe(200);
    expect(others.json().results.map((row: { id: number }) => row.id)).not.toContain(container.id);
    await ctx.expectRefused({ outsiderWatcher }, (api) => api.get(`${MONITORING}${container.id}/`), 404);
    await ctx.expectRefused(
      { outsiderWatcher },
      (api) => api.patch(`${MONITORING}${container.id}/`, { tk_order_number: "x" }),
      404,
    );
    expect((await (await ctx.as(manager)).get(`${MONITORING}${container.id}/`)).statusCode).toBe(200);
  });

  it("lists the containers of approved, signed and in-progress orders only; others answer 404", async () => {
    const { manager, monitored } = await people();
    const shown = await Promise.all([APPROVED, SIGNED, IN_PROGRESS].map((status) => monitored(status)));
    const hidden = await Promise.all([DRAFT, 3, COMPLETED].map((status) => monitored(status)));
    const deleted = await monitored(APPROVED, { deleted_at: new Date() });
    const api = await ctx.as(manager);
    const ids = (await api.get(`${MONITORING}?take=1000`))
      .json()
      .results.map((row: { id: number }) => row.id);
    for (const { container } of shown) expect(ids).toContain(container.id);
    for (const { container } of [...hidden, deleted]) {
      expect(ids).not.toContain(container.id);
      expect((await api.get(`${MONITORING}${container.id}/`)).statusCode).toBe(404);
      expect((await api.patch(`${MONITORING}${container.id}/`, { tk_order_number: "x" })).statusCode).toBe(
        404,
      );
    }
  });

  it("answers the order's values and the monitoring sub-object of the own columns", async () => {
    const { watcher, company, monitored } = await people();
    const [kind] = await ctx.db
      .insert(shipmentKinds)
      .values({ description: "Экспорт", description_en: "Export" })
      .returning();
    const { order, container } = await monitored(APPROVED, {
      shipment_kind: kind?.id,
      delivery_terms: "FCA Забайкальск",
      dispatch_location: "Шэньян",
      destination: "Екатеринбург-Товарный",
    });
    await ctx.db
      .update(containerMonitoring)
      .set({ tk_order_number: "ТК-001", foreign_shipping_cost: 1250.5, foreign_shipping_currency: "USD" })
      .where(eq(containerMonitoring.id, container.id));
    const row = (await (await ctx.as(watcher)).get(`${MONITORING}${container.id}/`)).json();
    expect(row).toMatchObject({
      id: container.id,
      freight_order: order.id,
      company: company.id,
      company_name: company.name,
      container: "CSQU3054383",
      customs_procedure_type: "Экспорт",
      customs_procedure_type_en: "Export",
      delivery_terms: "FCA Забайкальск",
      dispatch_location: "Шэньян",
      border_crossing_point_name: "Забайкальск",
      destination: "Екатеринбург-Товарный",
      tk_order_number: "ТК-001",
      foreign_shipping_cost: 1250.5,
      foreign_shipping_currency: "USD",
      version: 1,
    });
    expect(Object.keys(row.monitoring).sort()).toEqual([...MONITORING_OWN_FIELDS].sort());
    expect(row.monitoring).toMatchObject({
      tk_order_number: "ТК-001",
      foreign_shipping_cost: 1250.5,
      foreign_shipping_currency: "USD",
      internal_shipping_currency: "RUB",
      additional_expenses: null,
    });
    // A grid asking for some fields gets whole rows: the sub-object is made of fields it may not have asked for
    const page = (await (await ctx.as(watcher)).get(`${MONITORING}?fields=container&take=1000`)).json();
    const listed = page.results.find((entry: { id: number }) => entry.id === container.id);
    expect(listed).toMatchObject({ container: "CSQU3054383", monitoring: row.monitoring });
  });

  it("searches the own columns and the container, and filters by a column", async () => {
    const { manager, monitored } = await people();
    const { container: found } = await monitored();
    const { container: other } = await monitored();
    await ctx.db
      .update(containerMonitoring)
      .set({ foreign_forwarder: "Harbin Rail Logistics Co" })
      .where(eq(containerMonitoring.id, found.id));
    const api = await ctx.as(manager);
    const searched = (await api.get(`${MONITORING}?search=harbin&take=1000`)).json();
    expect(searched.results.map((row: { id: number }) => row.id)).toEqual([found.id]);
    const filters = encodeURIComponent('foreign_forwarder__icontains="rail logistics"');
    const filtered = (await api.get(`${MONITORING}?filters=${filters}&take=1000`)).json();
    expect(filtered.results.map((row: { id: number }) => row.id)).toEqual([found.id]);
    expect(filtered.results.map((row: { id: number }) => row.id)).not.toContain(other.id);
    const sorted = await api.get(`${MONITORING}?ordering=-foreign_forwarder,container&take=2`);
    expect(sorted.json().results[0].id).toBe(found.id);
  });
});

describe("PATCH tracking/api/monitoring/{container_id}/", () => {
  it("lets managers change the own cells, versioned: the server sets who and when, a stale version is 409", async () => {
    const { manager, head, watcher, monitored } = await people();
    const { container } = await monitored();
    const url = `${MONITORING}${container.id}/`;
    const changed = await (await ctx.as(manager)).patch(url, {
      tk_order_number: "ТК-2026/117",
      internal_shipping_cost: 185000,
      internal_shipping_currency: "RUB",
      version: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      tk_order_number: "ТК-2026/117",
      internal_shipping_cost: 185000,
      version: 2,
      monitoring: { tk_order_number: "ТК-2026/117", internal_shipping_cost: 185000 },
    });
    expect(changed.json().updated_by).toMatchObject({ last_name: manager.last_name });
    const [stored] = await ctx.db
      .select()
      .from(containerMonitoring)
      .where(eq(containerMonitoring.id, container.id));
    expect(stored?.updated_by_id).toBe(manager.id);

    const stale = await (await ctx.as(head)).patch(url, { tk_order_number: "late", version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ tk_order_number: "ТК-2026/117", version: 2 });

    // The container's own values are not the monitoring's to change
    const own = await (await ctx.as(head)).patch(url, { container: "MSKU9070324", version: 2 });
    expect(own.statusCode).toBe(200);
    expect(own.json().container).toBe("CSQU3054383");

    await ctx.expectRefused({ watcher }, (api) => api.patch(url, { tk_order_number: "x" }));
  });

  it("answers 400 on the field for a bad amount, an unknown currency or a text over its limit, in the user's language", async () => {
    const { manager, monitored } = await people();
    const { container } = await monitored();
    const api = await ctx.as(manager);
    const url = `${MONITORING}${container.id}/`;
    for (const [field, value] of [
      ["foreign_shipping_cost", -5],
      ["foreign_shipping_cost", 10.555],
      ["additional_expenses", "много"],
      ["foreign_shipping_currency", "XYZ"],
      ["tk_order_number", "x".repeat(51)],
      ["foreign_forwarder", "x".repeat(256)],
    ] as const) {
      const response = await api.patch(url, { [field]: value });
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(Object.keys(response.json()), field).toContain(field);
    }
    const russian = await ctx.app.inject({
      method: "PATCH",
      url,
      headers: await ctx.authHeaders(manager, "ru"),
      payload: { tk_order_number: "x".repeat(51) },
    });
    expect(russian.json().tk_order_number[0]).toMatch(/[а-я]/i);
    const [stored] = await ctx.db
      .select()
      .from(containerMonitoring)
      .where(eq(containerMonitoring.id, container.id));
    expect(stored).toMatchObject({ tk_order_number: "", version: 1 });
  });
});

describe("the monitoring and terminal rows of a container", () => {
  it("are made with every container (migration 0018's trigger) and go with it", async () => {
    const { manager, monitored } = await people();
    const { container } = await monitored();
    const [monitoring] = await ctx.db
      .select()
      .from(containerMonitoring)
      .where(eq(containerMonitoring.id, container.id));
    const [terminal] = await ctx.db
      .select()
      .from(containerTerminal)
      .where(eq(containerTerminal.id, container.id));
    expect(monitoring).toMatchObject({ id: container.id, version: 1, foreign_shipping_currency: "RUB" });
    expect(terminal).toMatchObject({ id: container.id, version: 1, owner: "" });
    // A container added through the API has them too
    const added = await (await ctx.as(manager)).post("/tracking/api/containers/", {
      freight_order: container.freight_order_id,
      container: "MSKU9070324",
    });
    expect(added.statusCode, added.body).toBe(201);
    expect((await (await ctx.as(manager)).get(`${MONITORING}${added.json().id}/`)).json()).toMatchObject({
      id: added.json().id,
      container: "MSKU9070324",
      tk_order_number: "",
    });
    await (await ctx.as(manager)).delete(`/tracking/api/containers/${container.id}/`);
    expect(
      await ctx.db.select().from(containerMonitoring).where(eq(containerMonitoring.id, container.id)),
    ).toEqual([]);
    expect(
      await ctx.db.select().from(containerTerminal).where(eq(containerTerminal.id, container.id)),
    ).toEqual([]);
  });
});

describe("the live stream", () => {
  it("tells the row's company of a monitoring or terminal report change; another company hears nothing", async () => {
    const { watcher, outsider, other, manager, monitored } = await people();
    const { container } = await monitored();
    const [own, foreign] = [
      await openLiveStream(ctx.app, await ctx.authHeaders(watcher)),
      await openLiveStream(ctx.app, await ctx.authHeaders(outsider)),
    ];
    try {
      const api = await ctx.as(manager);
      const change = (resource: string, id: number) => ({
        event: "change",
        data: { resource, id, action: "changed" },
      });
      expect((await api.patch(`${MONITORING}${container.id}/`, { tk_order_number: "ТК-1" })).statusCode).toBe(
        200,
      );
      expect(await own.next()).toEqual(change("monitoring", container.id));
      const report = `/tracking/api/reports/terminal-utro/${container.id}/`;
      expect((await api.patch(report, { owner: "SOC" })).statusCode).toBe(200);
      expect(await own.next()).toEqual(change("terminal_report", container.id));
      // A refused change is not announced: the next one the client hears is the one after it
      expect((await api.patch(report, { owner: "late", version: 1 })).statusCode).toBe(409);
      expect((await api.patch(report, { owner: "COC" })).statusCode).toBe(200);
      expect(await own.next()).toEqual(change("terminal_report", container.id));

      // Notices arrive in their commits' order: the outsider's own company's change comes first
      const theirs = await buildContainer(ctx.db, {
        freight_order_id: (await buildOrder(ctx.db, { company_id: other.id, author_id: outsider.id })).id,
        author_id: outsider.id,
      });
      expect(
        (await api.patch(`/tracking/api/reports/terminal-utro/${theirs.id}/`, { owner: "x" })).statusCode,
      ).toBe(200);
      expect(await foreign.next()).toEqual(change("terminal_report", theirs.id));
    } finally {
      own.close();
      foreign.close();
    }
  });
});
