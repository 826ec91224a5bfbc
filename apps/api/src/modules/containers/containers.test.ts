import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { containers, containerTypes, freightOrders, locations, relatedUsers } from "../../db/schema/index.ts";
import { buildContainer } from "../../test/containers.ts";
import { createTestContext, type TestContext } from "../../test/context.ts";
import { buildOrder, buildOrderFile } from "../../test/orders.ts";

const CONTAINERS = "/tracking/api/containers/";
const ORDERS = "/tracking/api/freight_orders/";

// Statuses of the workflow (DOMAIN.md): 1 Draft and 2 Approved let clients edit containers, 3 Submitted does not
const DRAFT = 1;
const APPROVED = 2;
const SUBMITTED = 3;

let ctx: TestContext;
let crossing: number;
let containerType: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const [location] = await ctx.db
    .insert(locations)
    .values({ code: "946801", location: "Забайкальск", kind: "border", country: "RU" })
    .returning();
  const [type] = await ctx.db
    .insert(containerTypes)
    .values({ code: "45G1", description: "40' high cube" })
    .returning();
  if (!location || !type) throw new Error("reference rows not created");
  crossing = location.id;
  containerType = type.id;
});
afterAll(() => ctx?.close());

/** Two customers, the forwarder's staff (an administrator among them), and a user related to the first customer. */
async function world() {
  const forwarder = await ctx.buildCompany({ is_expedition_company: true });
  const company = await ctx.buildCompany({ name: "ООО «Таёжный лес»" });
  const other = await ctx.buildCompany({ name: "АО «Восточный порт»" });
  const manager = await ctx.buildUser({ company_id: forwarder.id, roles: ["Manager"] });
  const administrator = await ctx.buildUser({
    company_id: forwarder.id,
    roles: ["Manager"],
    is_administrator: true,
  });
  const client = await ctx.buildUser({ company_id: company.id });
  // An administrator's grant without manager powers does not set a container's status
  const clientAdministrator = await ctx.buildUser({ company_id: company.id, is_administrator: true });
  const outsider = await ctx.buildUser({ company_id: other.id });
  const related = await ctx.buildUser({ company_id: other.id });
  await ctx.db.insert(relatedUsers).values({ company_id: company.id, user_id: related.id });
  const order = (values: Partial<typeof freightOrders.$inferInsert> = {}) =>
    buildOrder(ctx.db, {
      company_id: company.id,
      author_id: client.id,
      container_count: 3,
      border_crossing_point: crossing,
      ...values,
    });
  const container = (orderId: number, values: Partial<typeof containers.$inferInsert> = {}) =>
    buildContainer(ctx.db, { freight_order_id: orderId, author_id: client.id, ...values });
  const file = (orderId: number, filename = "invoice.pdf") =>
    buildOrderFile(ctx.db, {
      freight_order_id: orderId,
      author_id: client.id,
      kind: "document",
      filename,
      storage_key: `orders/${orderId}/${filename}`,
    });
  return {
    forwarder,
    company,
    other,
    manager,
    administrator,
    client,
    clientAdministrator,
    outsider,
    related,
    order,
    container,
    file,
  };
}

describe("POST tracking/api/containers/", () => {
  it("adds a container to the order, its number as typed in capitals without spaces, flagged by ISO 6346", async () => {
    const { client, company, order } = await world();
    const { id } = await order();
    const api = await ctx.as(client);
    const valid = await api.post(CONTAINERS, {
      freight_order: id,
      container: "csqu 305438 3",
      container_type: containerType,
      location: "Забайкальск, терминал",
      prepare_to_ship_date: "2026-03-02",
    });
    expect(valid.statusCode).toBe(201);
    expect(valid.json()).toMatchObject({
      container: "CSQU3054383",
      is_number_valid: true,
      container_type: containerType,
      freight_order: id,
      company: company.id,
      company_name: "ООО «Таёжный лес»",
      freight_order_status: DRAFT,
      freight_order_status_name_en: "Draft",
      location: "Забайкальск, терминал",
      prepare_to_ship_date: "2026-03-02",
      status: 1,
      tracking_done: false,
      pkg_pid: null,
      pkg_state: null,
      author: { first_name: client.first_name, last_name: client.last_name },
      version: 1,
    });
    // A number that fails the check digit is stored all the same: the lists flag it
    const invalid = await api.post(CONTAINERS, { freight_order: id, container: "CSQU3054384" });
    expect(invalid.statusCode).toBe(201);
    expect(invalid.json()).toMatchObject({ container: "CSQU3054384", is_number_valid: false });
    const [stored] = await ctx.db.select().from(containers).where(eq(containers.id, invalid.json().id));
    expect(stored).toMatchObject({ container: "CSQU3054384", is_number_valid: false });
  });

  it("refuses a container past the order's container count, with the count on container_count", async () => {
    const { client, order } = await world();
    const { id } = await order({ container_count: 2 });
    const api = await ctx.as(client);
    for (const number of ["MSKU9070323", "BICU1234565"]) {
      expect((await api.post(CONTAINERS, { freight_order: id, container: number })).statusCode).toBe(201);
    }
    const third = await api.post(CONTAINERS, { freight_order: id, container: "HJCU8281988" });
    expect(third.statusCode).toBe(400);
    expect(third.json()).toEqual({
      container_count: ["The order already has as many containers as its container count (2)"],
    });
    const russian = await ctx.app.inject({
      method: "POST",
      url: CONTAINERS,
      headers: await ctx.authHeaders(client, "ru"),
      payload: { freight_order: id, container: "HJCU8281988" },
    });
    expect(russian.json()).toEqual({
      container_count: ["В заявке уже столько контейнеров, сколько в ней указано (2)"],
    });
    const emptyOrder = await order({ container_count: 0 });
    expect((await api.post(CONTAINERS, { freight_order: emptyOrder.id, container: "X" })).statusCode).toBe(
      400,
    );
  });

  it("adds no more than the container count when the additions arrive at once", async () => {
    const { client, order } = await world();
    const { id } = await order({ container_count: 3 });
    const api = await ctx.as(client);
    const answers = await Promise.all(
      Array.from({ length: 7 }, (_, n) => api.post(CONTAINERS, { freight_order: id, container: `TEST${n}` })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 201, 400, 400, 400, 400]);
    const [stored] = await ctx.db
      .select({ count: count() })
      .from(containers)
      .where(eq(containers.freight_order_id, id));
    expect(stored?.count).toBe(3);
  });

  it("refuses lowering the order's container count below the containers it holds, racing additions included", async () => {
    const { client, order } = await world();
    const { id } = await order({ container_count: 3 });
    const api = await ctx.as(client);
    expect((await api.post(CONTAINERS, { freight_order: id, container: "MSKU9070323" })).statusCode).toBe(
      201,
    );
    const lowered = await api.patch(`${ORDERS}${id}/`, { container_count: 0 });
    expect(lowered.statusCode).toBe(400);
    expect(lowered.json()).toEqual({
      container_count: ["The order already holds 1 container: remove it first"],
    });
    const russian = await ctx.app.inject({
      method: "PATCH",
      url: `${ORDERS}${id}/`,
      headers: await ctx.authHeaders(client, "ru"),
      payload: { container_count: 0 },
    });
    expect(russian.json()).toEqual({
      container_count: ["В заявке уже 1 контейнер: сначала удалите лишний"],
    });
    expect((await api.patch(`${ORDERS}${id}/`, { container_count: 1 })).statusCode).toBe(200);
    // Lowering the count while containers are added at once: whichever comes first, the count is never exceeded
    expect((await api.patch(`${ORDERS}${id}/`, { container_count: 3 })).statusCode).toBe(200);
    await Promise.all([
      api.post(CONTAINERS, { freight_order: id, container: "BICU1234565" }),
      api.patch(`${ORDERS}${id}/`, { container_count: 1 }),
      api.post(CONTAINERS, { freight_order: id, container: "HJCU8281988" }),
    ]);
    const [stored] = await ctx.db
      .select({ count: count() })
      .from(containers)
      .where(eq(containers.freight_order_id, id));
    const [saved] = await ctx.db.select().from(freightOrders).where(eq(freightOrders.id, id));
    expect(stored?.count).toBeLessThanOrEqual(saved?.container_count ?? -1);
  });

  it("stores a container number without the invisible characters pasted into it", async () => {
    const { client, order } = await world();
    const { id } = await order();
    const response = await (await ctx.as(client)).post(CONTAINERS, {
      freight_order: id,
      container: "\u202eMSKU\u200b9070323\ufeff",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ container: "MSKU9070323", is_number_valid: true });
  });

  it("lets clients add only where the order's status has user_can_edit_containers; managers always", async () => {
    const { client, manager, order } = await world();
    const body = (id: number) => ({ freight_order: id, container: "MSKU9070323" });
    const submitted = await order({ status: SUBMITTED });
    await ctx.expectRefused({ client }, (api) => api.post(CONTAINERS, body(submitted.id)));
    expect((await (await ctx.as(manager)).post(CONTAINERS, body(submitted.id))).statusCode).toBe(201);
    const approved = await order({ status: APPROVED });
    expect((await (await ctx.as(client)).post(CONTAINERS, body(approved.id))).statusCode).toBe(201);
  });

  it("answers an order the user does not see as a choice that does not exist", async () => {
    const { client, outsider, related, order } = await world();
    const { id } = await order();
    const deleted = await order({ deleted_at: new Date() });
    for (const [user, orderId] of [
      [outsider, id],
      [client, deleted.id],
      [client, 999999],
    ] as const) {
      const response = await (await ctx.as(user)).post(CONTAINERS, {
        freight_order: orderId,
        container: "X",
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ freight_order: ["A chosen entry does not exist"] });
    }
    const byRelated = await (await ctx.as(related)).post(CONTAINERS, { freight_order: id, container: "X" });
    expect(byRelated.statusCode).toBe(201);
  });

  it("never applies what the user has no say in: the status, the tracking block, the declarations", async () => {
    const { client, administrator, clientAdministrator, manager, order } = await world();
    const { id } = await order({ container_count: 10 });
    const managed = {
      status: 2,
      start_tracking_date: "2026-03-01",
      tracking_done: true,
      td_number: "10719110/010326/0001234",
      td_date: "2026-03-01",
      dt_number: "10702070/020326/0004321",
      pkg_state: "accepted",
      pkg_pid: 77,
      is_number_valid: true,
      author: 1,
    };
    for (const user of [client, clientAdministrator]) {
      const response = await (await ctx.as(user)).post(CONTAINERS, {
        freight_order: id,
        container: "X",
        ...managed,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        status: 1,
        start_tracking_date: null,
        tracking_done: false,
        td_number: "",
        td_date: null,
        dt_number: "",
        pkg_state: null,
        pkg_pid: null,
        is_number_valid: false,
      });
    }
    const byManager = await (await ctx.as(manager)).post(CONTAINERS, {
      freight_order: id,
      container: "X",
      ...managed,
    });
    expect(byManager.json()).toMatchObject({
      status: 1,
      start_tracking_date: "2026-03-01",
      tracking_done: true,
      td_number: "10719110/010326/0001234",
      dt_number: "10702070/020326/0004321",
      pkg_state: null,
    });
    const byAdministrator = await (await ctx.as(administrator)).post(CONTAINERS, {
      freight_order: id,
      container: "X",
      status: 2,
    });
    expect(byAdministrator.json()).toMatchObject({ status: 2 });
  });

  it("checks the fields by the specification's limits", async () => {
    const { client, order } = await world();
    const { id } = await order();
    const api = await ctx.as(client);
    const missing = await api.post(CONTAINERS, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      container: ["This field must be set."],
      freight_order: ["This field must be set."],
      "@validation": "fields_not_provided",
    });
    const refused = await api.post(CONTAINERS, {
      freight_order: id,
      container: "C".repeat(16),
      railway_transport_number: "1".repeat(21),
      railwaybill_number: "1".repeat(21),
      location: "l".repeat(1001),
      railway_note: "n".repeat(1001),
      location_date: "2026-02-30",
      status: 4,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      container: ["Ensure this field has no more than 15 characters."],
      railway_transport_number: ["Ensure this field has no more than 20 characters."],
      railwaybill_number: ["Ensure this field has no more than 20 characters."],
      location: ["Ensure this field has no more than 1000 characters."],
      railway_note: ["Ensure this field has no more than 1000 characters."],
      location_date: ["Date must be in the format yyyy-MM-dd"],
      status: ["Ensure this value is less than or equal to 3."],
    });
    const blank = await api.post(CONTAINERS, { freight_order: id, container: "   " });
    expect(blank.json()).toEqual({
      container: ["The field is required"],
      "@validation": "fields_not_provided",
    });
    const unknownType = await api.post(CONTAINERS, {
      freight_order: id,
      container: "X",
      container_type: 999999,
    });
    expect(unknownType.json()).toEqual({ container_type: ["A chosen entry does not exist"] });
    const nul = await api.post(CONTAINERS, { freight_order: id, container: "CSQU\u00003054383" });
    expect(nul.statusCode).toBe(400);
  });

  it("refuses a caller who is not signed in", async () => {
    const { order } = await world();
    const { id } = await order();
    const response = await ctx.app.inject({
      method: "POST",
      url: CONTAINERS,
      payload: { freight_order: id, container: "X" },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe("GET tracking/api/containers/", () => {
  it("lists the containers of the orders the user sees, by the list pattern", async () => {
    const { client, related, outsider, manager, order, container } = await world();
    const own = await order();
    const first = await container(own.id, { container: "MSKU9070323" });
    const second = await container(own.id, { container: "BADNUMBER" });
    const deleted = await order({ deleted_at: new Date() });
    await container(deleted.id, { container: "CSQU3054383" });
    for (const user of [client, related]) {
      const page = (await (await ctx.as(user)).get(`${CONTAINERS}?ordering=container`)).json();
      expect(page.results.map((row: { id: number }) => row.id)).toEqual([second.id, first.id]);
      expect(page.count).toBe(2);
    }
    expect((await (await ctx.as(outsider)).get(CONTAINERS)).json().results).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ id: first.id })]),
    );
    const invalid = await (await ctx.as(manager)).get(
      `${CONTAINERS}?filters=${encodeURIComponent(`is_number_valid=false&freight_order=${own.id}`)}`,
    );
    expect(invalid.json()).toMatchObject({ count: 1, results: [{ id: second.id, container: "BADNUMBER" }] });
    const searched = await (await ctx.as(client)).get(`${CONTAINERS}?search=msku`);
    expect(searched.json().results.map((row: { id: number }) => row.id)).toEqual([first.id]);
  });

  it("filters, sorts and groups by the order's status name", async () => {
    const { manager, order, container } = await world();
    const orders = [await order(), await order({ status: SUBMITTED })];
    const [draft, submitted] = await Promise.all(orders.map((row) => container(row.id)));
    if (!draft || !submitted) throw new Error("containers not created");
    const api = await ctx.as(manager);
    const filters = (extra: string) =>
      encodeURIComponent(`freight_order__in=${orders.map((row) => row.id).join(",")}${extra}`);
    const filtered = await api.get(
      `${CONTAINERS}?filters=${filters("&freight_order_status_name_en=Submitted")}`,
    );
    expect(filtered.json()).toMatchObject({ count: 1, results: [{ id: submitted.id }] });
    const sorted = await api.get(
      `${CONTAINERS}?filters=${filters("")}&ordering=-freight_order_status_name_en`,
    );
    expect(sorted.json().results.map((row: { id: number }) => row.id)).toEqual([submitted.id, draft.id]);
    const grouped = await api.get(`${CONTAINERS}?filters=${filters("")}&group=freight_order_status_name_en`);
    expect(grouped.json()).toEqual({
      groups: [
        { key: "Draft", count: 1 },
        { key: "Submitted", count: 1 },
      ],
      count: 2,
    });
  });
});

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

  it("leaves the tracking block and the declarations to managers", async () => {
    const { client, manager, order, container } = await world();
    const { id } = await container((await order()).id);
    const tracking = {
      start_tracking_date: "2026-03-01",
      tracking_done: true,
      td_number: "10719110/010326/0001234",
    };
    const byClient = await (await ctx.as(client)).patch(`${CONTAINERS}${id}/`, tracking);
    expect(byClient.json()).toMatchObject({ start_tracking_date: null, tracking_done: false, td_number: "" });
    const byManager = await (await ctx.as(manager)).patch(`${CONTAINERS}${id}/`, tracking);
    expect(byManager.json()).toMatchObject(tracking);
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

describe("GET tracking/api/freight_orders/{id}/containers/", () => {
  it("lists the order's containers with their packages' files, by the list pattern", async () => {
    const { client, related, outsider, order, container, file } = await world();
    const own = await order();
    const invoice = await file(own.id, "invoice.pdf");
    const first = await container(own.id, { container: "MSKU9070323", container_type: containerType });
    const second = await container(own.id, { container: "CSQU3054384" });
    await container((await order()).id);
    const api = await ctx.as(client);
    const answer = await api.patch(`${ORDERS}${own.id}/containers/`, {
      container: first.id,
      package_content: [invoice.id],
    });
    expect(answer.statusCode).toBe(200);
    const page = (await (await ctx.as(related)).get(`${ORDERS}${own.id}/containers/`)).json();
    expect(page.count).toBe(2);
    expect(page.results).toEqual([
      {
        id: first.id,
        container: "MSKU9070323",
        is_number_valid: true,
        container_type: containerType,
        pkg_pid: expect.any(Number),
        pkg_state: "pending",
        pkg_message: "",
        port_freight_forwarding_status: "",
        port_freight_forwarding_status_date: null,
        transit_decl_status: "",
        transit_decl_status_date: null,
        version: 2,
        package_content: [
          {
            id: invoice.id,
            filename: "invoice.pdf",
            document_number: "",
            document_date: null,
            document_type: null,
            document_title: "",
            is_original: false,
            create_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
            freight_order: own.id,
          },
        ],
      },
      expect.objectContaining({
        id: second.id,
        is_number_valid: false,
        pkg_state: null,
        package_content: [],
      }),
    ]);
    const paged = (await api.get(`${ORDERS}${own.id}/containers/?ordering=-id&take=1&skip=0`)).json();
    expect(paged).toMatchObject({ count: 2, results: [{ id: second.id }] });
    await ctx.expectRefused({ outsider }, (other) => other.get(`${ORDERS}${own.id}/containers/`), 404);
    expect((await ctx.app.inject({ method: "GET", url: `${ORDERS}${own.id}/containers/` })).statusCode).toBe(
      401,
    );
  });
});

describe("GET tracking/api/freight_orders/ (freightordercontainer)", () => {
  it("shows each order's container numbers, which the list filters and sorts by", async () => {
    const { client, order, container } = await world();
    const own = await order({ customer_order_number: "CONTAINERS-1" });
    await container(own.id, { container: "MSKU9070323" });
    await container(own.id, { container: "CSQU3054384" });
    const bare = await order({ customer_order_number: "CONTAINERS-1" });
    const api = await ctx.as(client);
    const page = (
      await api.get(`${ORDERS}?filters=customer_order_number=CONTAINERS-1&ordering=freightordercontainer`)
    ).json();
    expect(
      page.results.map((row: { id: number; freightordercontainer: string }) => [
        row.id,
        row.freightordercontainer,
      ]),
    ).toEqual([
      [bare.id, ""],
      [own.id, "MSKU9070323, CSQU3054384"],
    ]);
    const filtered = (await api.get(`${ORDERS}?filters=freightordercontainer__icontains=csqu305`)).json();
    expect(filtered.results.map((row: { id: number }) => row.id)).toEqual([own.id]);
    expect((await api.get(`${ORDERS}${own.id}/`)).json().freightordercontainer).toBe(
      "MSKU9070323, CSQU3054384",
    );
  });
});

describe("PATCH tracking/api/freight_orders/{id}/containers/", () => {
  it("makes the package of the order's files: pending with a new package id, replaced by the next", async () => {
    const { client, order, container, file } = await world();
    const own = await order();
    const invoice = await file(own.id, "invoice.pdf");
    const specification = await file(own.id, "specification.pdf");
    const { id } = await container(own.id);
    const api = await ctx.as(client);
    const made = await api.patch(`${ORDERS}${own.id}/containers/`, {
      container: id,
      package_content: [specification.id, invoice.id, invoice.id],
    });
    expect(made.statusCode).toBe(200);
    const first = made.json();
    expect(first).toMatchObject({ id, pkg_state: "pending", version: 2 });
    expect(first.package_content.map((f: { id: number }) => f.id)).toEqual([invoice.id, specification.id]);
    const replaced = await api.patch(`${ORDERS}${own.id}/containers/`, {
      container: id,
      package_content: [specification.id],
      version: 2,
    });
    expect(replaced.json()).toMatchObject({ pkg_state: "pending", version: 3 });
    expect(replaced.json().pkg_pid).toBeGreaterThan(first.pkg_pid);
    expect(replaced.json().package_content.map((f: { id: number }) => f.id)).toEqual([specification.id]);
    const stale = await api.patch(`${ORDERS}${own.id}/containers/`, {
      container: id,
      package_content: [invoice.id],
      version: 2,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id, version: 3 });
  });

  it("needs the order's border crossing point", async () => {
    const { client, order, container, file } = await world();
    const own = await order({ border_crossing_point: null });
    const invoice = await file(own.id);
    const { id } = await container(own.id);
    const body = { container: id, package_content: [invoice.id] };
    const refused = await (await ctx.as(client)).patch(`${ORDERS}${own.id}/containers/`, body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      border_crossing_point: ["Saving a container package requires a border crossing point"],
    });
    const russian = await ctx.app.inject({
      method: "PATCH",
      url: `${ORDERS}${own.id}/containers/`,
      headers: await ctx.authHeaders(client, "ru"),
      payload: body,
    });
    expect(russian.json()).toEqual({
      border_crossing_point: ["Для сохранения пакета контейнера нужен пункт пересечения границы"],
    });
  });

  it("takes only files of this order, at least one", async () => {
    const { client, order, container, file } = await world();
    const own = await order();
    const invoice = await file(own.id);
    const foreign = await file((await order()).id, "foreign.pdf");
    const { id } = await container(own.id);
    const api = await ctx.as(client);
    for (const files of [[invoice.id, foreign.id], [999999]]) {
      const response = await api.patch(`${ORDERS}${own.id}/containers/`, {
        container: id,
        package_content: files,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        package_content: ["Only documents of this order can be in the package"],
      });
    }
    const empty = await api.patch(`${ORDERS}${own.id}/containers/`, { container: id, package_content: [] });
    expect(empty.json()).toEqual({ package_content: ["The field is required"] });
    const nothing = await api.patch(`${ORDERS}${own.id}/containers/`, { container: id });
    expect(nothing.json()).toEqual({
      package_content: ["This field must be set."],
      "@validation": "fields_not_provided",
    });
    const both = await api.patch(`${ORDERS}${own.id}/containers/`, {
      container: id,
      package_content: [invoice.id],
      withdraw: true,
    });
    expect(both.json()).toEqual({
      withdraw: ["Send either the package's documents or the withdrawal, not both"],
    });
    const [stored] = await ctx.db.select().from(containers).where(eq(containers.id, id));
    expect(stored).toMatchObject({ pkg_state: null, pkg_pid: null, version: 1 });
  });

  it("withdraws a package, and refuses to withdraw none", async () => {
    const { client, order, container, file } = await world();
    const own = await order();
    const invoice = await file(own.id);
    const { id } = await container(own.id);
    const api = await ctx.as(client);
    const none = await api.patch(`${ORDERS}${own.id}/containers/`, { container: id, withdraw: true });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ detail: "There is no package for this container" });
    const made = (
      await api.patch(`${ORDERS}${own.id}/containers/`, { container: id, package_content: [invoice.id] })
    ).json();
    const withdrawn = await api.patch(`${ORDERS}${own.id}/containers/`, { container: id, withdraw: true });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toMatchObject({ pkg_state: "withdraw", pkg_pid: made.pkg_pid });
    const gone = await container(own.id, { pkg_state: "withdrawn", pkg_pid: 12 });
    const again = await api.patch(`${ORDERS}${own.id}/containers/`, { container: gone.id, withdraw: true });
    expect(again.json()).toEqual({ detail: "There is no package for this container" });
  });

  it("answers 404 for a container of another order and for another company's order; 403 where the status keeps the client out", async () => {
    const { client, outsider, manager, order, container, file } = await world();
    const own = await order();
    const invoice = await file(own.id);
    const elsewhere = await container((await order()).id);
    await ctx.expectRefused(
      { client, manager },
      (api) =>
        api.patch(`${ORDERS}${own.id}/containers/`, {
          container: elsewhere.id,
          package_content: [invoice.id],
        }),
      404,
    );
    const mine = await container(own.id);
    const body = { container: mine.id, package_content: [invoice.id] };
    await ctx.expectRefused({ outsider }, (api) => api.patch(`${ORDERS}${own.id}/containers/`, body), 404);
    const submitted = await order({ status: SUBMITTED });
    const submittedFile = await file(submitted.id);
    const held = await container(submitted.id);
    const heldBody = { container: held.id, package_content: [submittedFile.id] };
    await ctx.expectRefused({ client }, (api) => api.patch(`${ORDERS}${submitted.id}/containers/`, heldBody));
    const byManager = await (await ctx.as(manager)).patch(`${ORDERS}${submitted.id}/containers/`, heldBody);
    expect(byManager.json()).toMatchObject({ pkg_state: "pending" });
    const unsigned = await ctx.app.inject({
      method: "PATCH",
      url: `${ORDERS}${own.id}/containers/`,
      payload: body,
    });
    expect(unsigned.statusCode).toBe(401);
  });
});

describe("GET tracking/api/freight_orders/{fid}/containers/{id}/package-content/", () => {
  it("lists the package's files with their download addresses; 404 for a container of another order", async () => {
    const { client, outsider, order, container, file } = await world();
    const own = await order();
    const invoice = await file(own.id, "invoice.pdf");
    const { id } = await container(own.id);
    const api = await ctx.as(client);
    const url = `${ORDERS}${own.id}/containers/${id}/package-content/`;
    expect((await api.get(url)).json()).toEqual({ results: [] });
    await api.patch(`${ORDERS}${own.id}/containers/`, { container: id, package_content: [invoice.id] });
    expect((await api.get(url)).json()).toEqual({
      results: [
        {
          url: `/tracking/api/freight_orders/${own.id}/file/${invoice.id}`,
          freight_order: own.id,
          freight_order_file_id: invoice.id,
          filename: "invoice.pdf",
        },
      ],
    });
    const otherOrder = await order();
    await ctx.expectRefused(
      { client },
      (a) => a.get(`${ORDERS}${otherOrder.id}/containers/${id}/package-content/`),
      404,
    );
    await ctx.expectRefused({ outsider }, (a) => a.get(url), 404);
    expect((await ctx.app.inject({ method: "GET", url })).statusCode).toBe(401);
  });
});
