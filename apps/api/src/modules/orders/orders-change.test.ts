import { describe, expect, it } from "vitest";
import { locations, transportKinds } from "../../db/schema/index.ts";
import { type Api, useTestContext } from "../../test/context.ts";
import { buildOrderWorld } from "../../test/customer-world.ts";
import { asFormSends } from "../../test/orders.ts";

// Shipping orders' API (tracking/api/freight_orders/): changing an order (versioned, written to the history,
// by who may change what) and marking it paid.

const ORDERS = "/tracking/api/freight_orders/";

const ctx = useTestContext();

/** Two customers, the forwarder's staff, and a user of the second customer related to the first. */
const world = () => buildOrderWorld(ctx);

describe("PATCH tracking/api/freight_orders/{id}/", () => {
  it("answers 409 with the current order when the version is stale, and checks no version when none is sent", async () => {
    const { client, colleague, order } = await world();
    const row = await order();
    const url = `${ORDERS}${row.id}/`;
    const first = await (await ctx.as(client)).patch(url, { notes: "first", version: 1 });
    expect(first.statusCode).toBe(200);
    expect(first.json().version).toBe(2);
    const stale = await (await ctx.as(colleague)).patch(url, { notes: "second", version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ current: { id: row.id, notes: "first", version: 2 } });
    const unchecked = await (await ctx.as(colleague)).patch(url, { notes: "third" });
    expect(unchecked.json()).toMatchObject({ notes: "third", version: 3 });
  });

  it("lets one of several changes made at once on the same version through, and answers 409 to the others", async () => {
    const { client, order } = await world();
    const row = await order();
    const api = await ctx.as(client);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, n) => api.patch(`${ORDERS}${row.id}/`, { notes: `n${n}`, version: 1 })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const history = (await api.get(`${ORDERS}${row.id}/history/`)).json();
    expect(history.count).toBe(1);
  });

  it("writes who changed which field from what to what, and nothing for what a form sends unchanged", async () => {
    const { client, colleague, manager, order } = await world();
    const row = await order({ consignee_name: "ООО «Старый»", notes: "same" });
    const url = `${ORDERS}${row.id}/`;
    const whole = (await (await ctx.as(client)).get(url)).json();
    const changed = await (await ctx.as(colleague)).patch(url, {
      ...asFormSends(whole),
      consignee_name: "ООО «Новый»",
      container_count: 3,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      consignee: "ООО «Новый»",
      updated_by: { first_name: colleague.first_name, last_name: colleague.last_name },
    });
    const history = (await (await ctx.as(manager)).get(`${url}history/`)).json();
    expect(history.results).toEqual([
      expect.objectContaining({
        kind: "field",
        field: "container_count",
        old_value: "1",
        new_value: "3",
        status: null,
      }),
      expect.objectContaining({
        kind: "field",
        field: "consignee_name",
        old_value: "ООО «Старый»",
        new_value: "ООО «Новый»",
        user: {
          first_name: colleague.first_name,
          last_name: colleague.last_name,
          username: colleague.username,
        },
      }),
    ]);
    expect(history.results[0].modify_date).toMatch(/Z$/);
  });

  it("names the stations, kinds and companies a changed field points to, in both languages", async () => {
    const { client, manager, order } = await world();
    const [naushki, dostyk] = await ctx.db
      .insert(locations)
      .values([
        { code: "930008", location: "Наушки (эксп.)", kind: "border", country: "RU" },
        { code: "708807", location: "Достык (эксп.)", kind: "border", country: "KZ" },
      ])
      .returning();
    const [rail, sea] = await ctx.db
      .insert(transportKinds)
      .values([
        { description: "Железнодорожный", description_en: "Rail" },
        { description: "Морской", description_en: "" },
      ])
      .returning();
    const row = await order({ border_crossing_point: naushki?.id });
    const url = `${ORDERS}${row.id}/`;
    const changed = await (await ctx.as(client)).patch(url, {
      border_crossing_point: dostyk?.id,
      transport_kinds: [rail?.id, sea?.id],
    });
    expect(changed.statusCode).toBe(200);
    const history = (await (await ctx.as(manager)).get(`${url}history/?filters=kind__in=field`)).json();
    const byField = Object.fromEntries(
      history.results.map((entry: { field: string }) => [entry.field, entry]),
    );
    expect(byField.border_crossing_point).toMatchObject({
      old_value: String(naushki?.id),
      new_value: String(dostyk?.id),
      old_names: { name: "Наушки (эксп.)", name_en: "Наушки (эксп.)" },
      new_names: { name: "Достык (эксп.)", name_en: "Достык (эксп.)" },
    });
    // A kind without an English name is named in Russian there too; no kinds before is no name
    expect(byField.transport_kinds).toMatchObject({
      old_value: "",
      old_names: { name: "", name_en: "" },
      new_names: { name: "Железнодорожный, Морской", name_en: "Rail, Морской" },
    });
    const plain = history.results.filter(
      (entry: { field: string }) => !["border_crossing_point", "transport_kinds"].includes(entry.field),
    );
    for (const entry of plain) expect(entry).toMatchObject({ old_names: null, new_names: null });
  });

  it("names another customer's company to managers only, when an order moved from it", async () => {
    const { company, other, client, manager, order } = await world();
    const row = await order({ company_id: other.id });
    const url = `${ORDERS}${row.id}/`;
    expect((await (await ctx.as(manager)).patch(url, { company: company.id })).statusCode).toBe(200);
    const moved = (api: Api) =>
      api.get(`${url}history/?filters=field=company`).then((response) => response.json().results[0]);
    expect(await moved(await ctx.as(manager))).toMatchObject({
      old_names: { name: "АО «Восточный порт»" },
      new_names: { name: "ООО «Таёжный лес»" },
    });
    // The client now sees the order, but not the name of the customer it came from
    expect(await moved(await ctx.as(client))).toMatchObject({
      old_value: String(other.id),
      old_names: { name: String(other.id), name_en: String(other.id) },
      new_names: { name: "ООО «Таёжный лес»" },
    });
  });

  it("keeps the costs to managers in a status that approves them, and the contract to managers", async () => {
    const { client, manager, order } = await world();
    const draft = await order();
    const approved = await order({ status: 2 });
    const asClient = await ctx.as(client);
    const ignored = await asClient.patch(`${ORDERS}${draft.id}/`, {
      approved_cost: 100,
      vat_percent: 20,
      freight_forwarding_contract: "forged",
    });
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json()).toMatchObject({
      approved_cost: null,
      vat_percent: null,
      freight_forwarding_contract: "",
    });
    expect((await asClient.get(`${ORDERS}${draft.id}/history/`)).json().count).toBe(0);

    const asManager = await ctx.as(manager);
    const early = await asManager.patch(`${ORDERS}${draft.id}/`, { approved_cost: 100, vat_percent: 20 });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({
      approved_cost: ["Costs are approved only in a status that allows it"],
      vat_percent: ["Costs are approved only in a status that allows it"],
    });
    const costed = await asManager.patch(`${ORDERS}${approved.id}/`, {
      approved_cost: 185000.5,
      vat_percent: 20,
      freight_forwarding_contract: "ТЭО-2026/077",
    });
    expect(costed.json()).toMatchObject({
      approved_cost: 185000.5,
      vat_percent: 20,
      freight_forwarding_contract: "ТЭО-2026/077",
    });
    const vat = await asManager.patch(`${ORDERS}${approved.id}/`, { vat_percent: 101 });
    expect(vat.json()).toEqual({ vat_percent: ["Ensure this value is less than or equal to 100."] });
  });

  it("refuses another company chosen by a user who may not choose, and moves the order for one who may", async () => {
    const { company, other, client, related, order } = await world();
    const row = await order();
    const ignored = await (await ctx.as(client)).patch(`${ORDERS}${row.id}/`, { company: other.id });
    expect(ignored.json().company).toBe(company.id);
    const moved = await (await ctx.as(related)).patch(`${ORDERS}${row.id}/`, { company: other.id });
    expect(moved.json()).toMatchObject({ company: other.id, company_name: "АО «Восточный порт»" });
    // A company outside the chooser's own and related ones is one that does not exist for them
    const stranger = await ctx.buildCompany();
    const refused = await (await ctx.as(related)).patch(`${ORDERS}${row.id}/`, { company: stranger.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ company: ["The company does not exist"] });
    expect((await (await ctx.as(related)).get(`${ORDERS}${row.id}/`)).json().company).toBe(other.id);
  });
});

describe("PATCH tracking/api/freight_orders/{id}/set_is_paid/", () => {
  it("marks the order paid for a user with the right, versioned and written to the history", async () => {
    const { head, manager, client, order } = await world();
    const row = await order({ status: 6, approved_cost: 1500 });
    const url = `${ORDERS}${row.id}/set_is_paid/`;
    await ctx.expectRefused({ manager, client }, (api) => api.patch(url, { is_paid: true }));
    const paid = await (await ctx.as(head)).patch(url, { is_paid: true, version: 1 });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ id: row.id, is_paid: true, version: 2 });
    const stale = await (await ctx.as(head)).patch(url, { is_paid: false, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ is_paid: true });
    const history = (await (await ctx.as(client)).get(`${ORDERS}${row.id}/history/`)).json();
    expect(history.results[0]).toMatchObject({ field: "is_paid", old_value: "false", new_value: "true" });
    // The order's own PATCH never sets it, for anyone
    const ignored = await (await ctx.as(head)).patch(`${ORDERS}${row.id}/`, { is_paid: false });
    expect(ignored.json().is_paid).toBe(true);
    expect((await (await ctx.as(head)).patch(url, { is_paid: "yes" })).statusCode).toBe(400);
  });
});
