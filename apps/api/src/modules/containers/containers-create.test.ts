import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { containers, freightOrders } from "../../db/schema/index.ts";
import { APPROVED, DRAFT, SUBMITTED, useContainerTests } from "../../test/containers.ts";

// Containers' API: adding a container to an order (tracking/api/containers/), within its container count, by
// who may, with the number's check and the fields' limits.

const CONTAINERS = "/tracking/api/containers/";
const ORDERS = "/tracking/api/freight_orders/";

const { ctx, references, world } = useContainerTests();

describe("POST tracking/api/containers/", () => {
  it("adds a container to the order, its number as typed in capitals without spaces, flagged by ISO 6346", async () => {
    const { client, company, order } = await world();
    const { id } = await order();
    const api = await ctx.as(client);
    const valid = await api.post(CONTAINERS, {
      freight_order: id,
      container: "csqu 305438 3",
      container_type: references.containerType,
      location: "Забайкальск, терминал",
      prepare_to_ship_date: "2026-03-02",
    });
    expect(valid.statusCode).toBe(201);
    expect(valid.json()).toMatchObject({
      container: "CSQU3054383",
      is_number_valid: true,
      container_type: references.containerType,
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

  it("refuses a number the order already has, however it is typed, and takes it on another order", async () => {
    const { client, manager, order } = await world();
    const { id } = await order({ container_count: 5 });
    const api = await ctx.as(client);
    const number = `TGHU${String(id).padStart(7, "0")}`;
    expect((await api.post(CONTAINERS, { freight_order: id, container: number })).statusCode).toBe(201);
    const twice = await api.post(CONTAINERS, { freight_order: id, container: ` ${number.toLowerCase()} ` });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ container: [`The order already has container ${number}`] });
    const other = await order();
    expect((await api.post(CONTAINERS, { freight_order: other.id, container: number })).statusCode).toBe(201);
    // Staff are warned of the number on the other active orders: the web's query of them
    const filters = encodeURIComponent(
      `container=${number}&~freight_order_status__in=7,8&~freight_order=${id}`,
    );
    const elsewhere = await (await ctx.as(manager)).get(
      `${CONTAINERS}?filters=${filters}&fields=freight_order`,
    );
    expect(elsewhere.json().results.map((row: { freight_order: number }) => row.freight_order)).toEqual([
      other.id,
    ]);
    // Nor can a change give another container of the order the number
    const second = await api.post(CONTAINERS, { freight_order: id, container: "MSKU9070323" });
    const renamed = await api.patch(`${CONTAINERS}${second.json().id}/`, {
      container: number,
      version: second.json().version,
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toEqual({ container: [`The order already has container ${number}`] });
    // Its own number written again is no change at all
    const same = await api.patch(`${CONTAINERS}${second.json().id}/`, {
      container: "MSKU9070323",
      version: second.json().version,
    });
    expect(same.statusCode).toBe(200);
  });

  it("adds one container of a number when the same number arrives several times at once", async () => {
    const { client, order } = await world();
    const { id } = await order({ container_count: 10 });
    const api = await ctx.as(client);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api.post(CONTAINERS, { freight_order: id, container: "CAIU2187850" })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400, 400, 400, 400]);
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
    for (const [user, number] of [
      [client, "X1"],
      [clientAdministrator, "X2"],
    ] as const) {
      const response = await (await ctx.as(user)).post(CONTAINERS, {
        freight_order: id,
        container: number,
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
      container: "X3",
      ...managed,
    });
    expect(byManager.json()).toMatchObject({
      status: 1,
      start_tracking_date: null,
      tracking_done: false,
      td_number: "10719110/010326/0001234",
      dt_number: "10702070/020326/0004321",
      pkg_state: null,
    });
    const byAdministrator = await (await ctx.as(administrator)).post(CONTAINERS, {
      freight_order: id,
      container: "X",
      status: 2,
      start_tracking_date: "2026-03-01",
      tracking_done: true,
    });
    expect(byAdministrator.json()).toMatchObject({
      status: 2,
      start_tracking_date: "2026-03-01",
      tracking_done: true,
    });
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
