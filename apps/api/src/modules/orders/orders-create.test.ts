import { describe, expect, it } from "vitest";
import { etsng, locations, transportKinds } from "../../db/schema/index.ts";
import { useTestContext } from "../../test/context.ts";
import { buildOrderWorld } from "../../test/customer-world.ts";

// Shipping orders' API (tracking/api/freight_orders/): creating an order, with its checks and what a client
// may not set.

const ORDERS = "/tracking/api/freight_orders/";

const ctx = useTestContext();

/** Two customers, the forwarder's staff, and a user of the second customer related to the first. */
const world = () => buildOrderWorld(ctx);

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
