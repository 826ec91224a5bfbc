import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  companies,
  etsng,
  freightOrders,
  locations,
  relatedUsers,
  transportKinds,
} from "../../db/schema/index.ts";
import { type Api, createTestContext, type TestContext } from "../../test/context.ts";
import { buildOrder } from "../../test/orders.ts";

const ORDERS = "/tracking/api/freight_orders/";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

/** Two customers, the forwarder's staff, and a user of the second customer related to the first. */
async function world() {
  const forwarder = await ctx.buildCompany({ is_expedition_company: true });
  const company = await ctx.buildCompany({
    name: "ООО «Таёжный лес»",
    freight_forwarding_contract: "ТЭО-2026/001",
    freight_forwarding_contract_date: "2026-01-15",
  });
  const other = await ctx.buildCompany({ name: "АО «Восточный порт»" });
  const manager = await ctx.buildUser({ company_id: forwarder.id, roles: ["Manager"] });
  const head = await ctx.buildUser({ company_id: forwarder.id, roles: ["Head"] });
  const client = await ctx.buildUser({ company_id: company.id, first_name: "Пётр", last_name: "Иванов" });
  const colleague = await ctx.buildUser({ company_id: company.id });
  const outsider = await ctx.buildUser({ company_id: other.id });
  const related = await ctx.buildUser({ company_id: other.id });
  await ctx.db.insert(relatedUsers).values({ company_id: company.id, user_id: related.id });
  const order = (values: Partial<typeof freightOrders.$inferInsert> = {}) =>
    buildOrder(ctx.db, { company_id: company.id, author_id: client.id, ...values });
  return { forwarder, company, other, manager, head, client, colleague, outsider, related, order };
}

describe("POST tracking/api/freight_orders/", () => {
  it("creates a draft of the caller's company with the company's contract, the caller as author, and its first history entry", async () => {
    const { company, client } = await world();
    const api = await ctx.as(client);
    const response = await api.post(ORDERS, {
      consignor_name: "Manzhouli Timber Co.",
      consignee_name: "ООО «Таёжный лес»",
      freight_description: "Пиломатериалы хвойных пород",
      railway_transfer_subcode: "1234567890",
      container_count: 4,
    });
    expect(response.statusCode).toBe(201);
    const order = response.json();
    expect(order).toMatchObject({
      company: company.id,
      company_name: "ООО «Таёжный лес»",
      status: 1,
      status_name: "Черновик",
      status_name_en: "Draft",
      consignor: "Manzhouli Timber Co.",
      consignee: "ООО «Таёжный лес»",
      container_count: 4,
      freight_cost_currency: "RUB",
      freight_forwarding_contract: "ТЭО-2026/001",
      freight_forwarding_contract_date: "2026-01-15",
      is_paid: false,
      freightordercontainer: "",
      author: { first_name: "Пётр", last_name: "Иванов" },
      updated_by: { first_name: "Пётр", last_name: "Иванов" },
      version: 1,
    });
    expect(order.create_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const history = (await api.get(`${ORDERS}${order.id}/history/`)).json();
    expect(history.results).toEqual([
      expect.objectContaining({ kind: "status", status: { id: 1, name: "Черновик", name_en: "Draft" } }),
    ]);
  });

  it("never applies what a client has no say in: status, costs, the paid flag, the contract, another company", async () => {
    const { company, other, client } = await world();
    const response = await (await ctx.as(client)).post(ORDERS, {
      status: 2,
      status_comment: "approved by myself",
      approved_cost: 1,
      vat_percent: 0,
      is_paid: true,
      freight_forwarding_contract: "forged",
      company: other.id,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      company: company.id,
      status: 1,
      status_comment: "",
      approved_cost: null,
      vat_percent: null,
      is_paid: false,
      freight_forwarding_contract: "ТЭО-2026/001",
    });
  });

  it("files the order for another of the user's companies when they may choose it, and refuses one outside them", async () => {
    const { company, other, forwarder, related, manager } = await world();
    const api = await ctx.as(related);
    const own = await api.post(ORDERS, {});
    expect(own.json().company).toBe(other.id);
    const chosen = await api.post(ORDERS, { company: company.id });
    expect(chosen.statusCode).toBe(201);
    expect(chosen.json().company).toBe(company.id);
    const outside = await api.post(ORDERS, { company: forwarder.id });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toEqual({ company: ["The company does not exist"] });
    const byManager = await (await ctx.as(manager)).post(ORDERS, { company: other.id });
    expect(byManager.json().company).toBe(other.id);
    expect((await (await ctx.as(manager)).post(ORDERS, { company: 999999 })).statusCode).toBe(400);
  });

  it("refuses a user without a company", async () => {
    const newcomer = await ctx.buildUser({ state: "new", company_id: null, roles: ["Customer"] });
    const response = await (await ctx.as(newcomer)).post(ORDERS, {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ company: ["The field is required"] });
  });

  it("checks the fields by the specification's limits and the reference books", async () => {
    const { client } = await world();
    const api = await ctx.as(client);
    for (const subcode of ["1234567", "1234567890", "1234567890123", ""]) {
      expect((await api.post(ORDERS, { railway_transfer_subcode: subcode })).statusCode, subcode).toBe(201);
    }
    const refused = await api.post(ORDERS, {
      railway_transfer_subcode: "12345678",
      consignor_name: "x".repeat(151),
      consignee_inn: "1".repeat(13),
      consignor_email: "not an e-mail",
      notes: "n".repeat(3001),
      freight_description: "d".repeat(1001),
      container_count: -1,
      freight_cost: 10.001,
      direction: "sideways",
      freight_cost_currency: "XYZ",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      railway_transfer_subcode: ["Enter 7/10/13 digits"],
      consignor_name: ["Ensure this field has no more than 150 characters."],
      consignee_inn: ["Ensure this field has no more than 12 characters."],
      consignor_email: ["Email is invalid"],
      notes: ["Ensure this field has no more than 3000 characters."],
      freight_description: ["Ensure this field has no more than 1000 characters."],
      container_count: ["Ensure this value is greater than or equal to 0."],
      freight_cost: ["An amount has at most two decimal places (kopecks)"],
      direction: ["“sideways” is not a valid choice"],
      freight_cost_currency: ["“XYZ” is not a valid choice"],
    });
    const period = await api.post(ORDERS, {
      preferred_shipping_period_start: "2026-05-10",
      preferred_shipping_period_end: "2026-05-01",
    });
    expect(period.json()).toEqual({
      preferred_shipping_period_end: ["The end of the period cannot be before its start"],
    });
    const unknown = await api.post(ORDERS, {
      border_crossing_point: 999999,
      etsng_code: "999999",
      consignor_countrycode: "QQ",
      transport_kinds: [999999],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      consignor_countrycode: ["A chosen entry does not exist"],
      border_crossing_point: ["A chosen entry does not exist"],
      etsng_code: ["A chosen entry does not exist"],
    });
  });

  it("takes real border crossings, ETSNG codes and transport kinds, and names the crossing", async () => {
    const { client } = await world();
    const [crossing] = await ctx.db
      .insert(locations)
      .values({ code: "946801", location: "Забайкальск", kind: "border", country: "RU" })
      .onConflictDoNothing()
      .returning();
    await ctx.db.insert(etsng).values({ code: "081001", description: "Лесоматериалы" }).onConflictDoNothing();
    const [rail] = await ctx.db.insert(transportKinds).values({ description: "Ж/д" }).returning();
    const response = await (await ctx.as(client)).post(ORDERS, {
      border_crossing_point: crossing?.id,
      etsng_code: "081001",
      transport_kinds: [rail?.id, rail?.id],
      direction: "import",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      border_crossing_point_name: "Забайкальск",
      etsng_code: "081001",
      transport_kinds: [rail?.id],
      direction: "import",
    });
    // The kind is now in use: deleting it would leave the order pointing at nothing
    const refbook = await ctx.buildUser({ roles: ["Head"] });
    const deleted = await (await ctx.as(refbook)).delete(`/service/api/transport_kind/${rail?.id}/`);
    expect(deleted.statusCode).toBe(400);
    expect(deleted.json()).toEqual({ detail: "The kind is used by 1 shipping order: it cannot be deleted." });
  });
});

describe("GET tracking/api/freight_orders/", () => {
  it("lists the orders of the user's companies with their author and editor by name, searched and grouped on the server", async () => {
    const { company, client, colleague, outsider, manager, order } = await world();
    const mine = await order({ consignor_name: "Suifenhe Forest Ltd", notes: "лиственница" });
    const draft = await order({ consignee_name: "ООО «Сибирь»", status: 3, updated_by_id: colleague.id });
    await buildOrder(ctx.db, { company_id: outsider.company_id as number, author_id: outsider.id });
    const api = await ctx.as(client);
    const listed = (await api.get(`${ORDERS}?ordering=id&filters=company=${company.id}`)).json();
    expect(listed.count).toBe(2);
    expect(listed.results.map((row: { id: number }) => row.id)).toEqual([mine.id, draft.id]);
    expect(listed.results[1]).toMatchObject({
      author: { first_name: "Пётр", last_name: "Иванов" },
      updated_by: { first_name: colleague.first_name, last_name: colleague.last_name },
      status_name_en: "Submitted",
    });
    // Another company's orders are not the client's; the manager sees them all
    const everything = (await api.get(`${ORDERS}?take=1000`)).json();
    expect(everything.results.every((row: { company: number }) => row.company === company.id)).toBe(true);
    const all = (await (await ctx.as(manager)).get(`${ORDERS}?take=1000`)).json();
    expect(all.results.some((row: { company: number }) => row.company === outsider.company_id)).toBe(true);

    const search = async (words: string) =>
      (await api.get(`${ORDERS}?search=${encodeURIComponent(words)}`))
        .json()
        .results.map((r: { id: number }) => r.id);
    expect(await search("suifenhe лиственн")).toEqual([mine.id]);
    expect(await search("сибирь")).toEqual([draft.id]);
    expect(await search("таёжный")).toEqual(expect.arrayContaining([mine.id, draft.id]));

    const groups = async (field: string) =>
      (await api.get(`${ORDERS}?group=${field}&filters=company=${company.id}`)).json();
    expect((await groups("status")).groups).toEqual([
      { key: 1, count: 1 },
      { key: 3, count: 1 },
    ]);
    expect((await groups("updated_by")).groups).toEqual([
      { key: `${colleague.last_name} ${colleague.first_name}`, count: 1 },
      { key: "Иванов Пётр", count: 1 },
    ]);
    const byAuthor = await api.get(`${ORDERS}?filters=author__icontains=иванов&ordering=-author,consignee`);
    expect(byAuthor.json().count).toBeGreaterThanOrEqual(2);
  });

  it("groups and sorts by status in the workflow's order, not by the statuses' ids", async () => {
    const { company, client, order } = await world();
    // Ids 1 Draft, 3 Submitted, 2 Approved, 5 Signed, 8 Cancelled: the workflow puts Approved after Submitted
    for (const status of [8, 5, 2, 3, 1]) await order({ status });
    const api = await ctx.as(client);
    const groups = (await api.get(`${ORDERS}?group=status&filters=company=${company.id}`)).json();
    expect(groups.groups.map((group: { key: number }) => group.key)).toEqual([1, 3, 2, 5, 8]);
    const sorted = (await api.get(`${ORDERS}?ordering=-status&filters=company=${company.id}`)).json();
    expect(sorted.results.map((row: { status: number }) => row.status)).toEqual([8, 5, 2, 3, 1]);
  });

  it("groups and sorts by every column of the list", async () => {
    const { client, order } = await world();
    await order();
    const api = await ctx.as(client);
    const columns = [
      "id",
      "company_name",
      "status",
      "status_comment",
      "customer_order_number",
      "railway_transfer_subcode",
      "consignor",
      "consignee",
      "delivery_terms",
      "freight_description",
      "dispatch_location",
      "border_crossing_point",
      "destination",
      "order_contacts_phone",
      "order_contacts_email",
      "order_contacts",
      "notes",
      "freightordercontainer",
      "container_count",
      "create_date",
      "author",
      "updated_by",
    ];
    for (const column of columns) {
      expect((await api.get(`${ORDERS}?group=${column}`)).statusCode, column).toBe(200);
      expect((await api.get(`${ORDERS}?ordering=-${column}`)).statusCode, column).toBe(200);
    }
  });

  it("follows a renamed company in the orders' names and search", async () => {
    const { company, client, order } = await world();
    const row = await order();
    await ctx.db.update(companies).set({ name: "ООО «Кедр»" }).where(eq(companies.id, company.id));
    const found = (await (await ctx.as(client)).get(`${ORDERS}?search=кедр`)).json();
    expect(found.results.map((r: { id: number }) => r.id)).toContain(row.id);
    expect(found.results[0].company_name).toBe("ООО «Кедр»");
  });
});

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
      ...stripReadOnly(whole),
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
  });
});

describe("PATCH tracking/api/freight_orders/{id}/set_is_paid/", () => {
  it("marks the order paid for a user with the right, versioned and written to the history", async () => {
    const { head, manager, client, order } = await world();
    const row = await order({ status: 6 });
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

/** An order as a form sends it back: its writable fields. */
function stripReadOnly(order: Record<string, unknown>) {
  const {
    id,
    company_name,
    status_name,
    status_name_en,
    consignor,
    consignee,
    border_crossing_point_name,
    freightordercontainer,
    create_date,
    update_date,
    author,
    updated_by,
    is_paid,
    ...writable
  } = order;
  return writable;
}
