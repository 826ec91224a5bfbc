import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countries, freightOrders, relatedUsers } from "../../db/schema/index.ts";
import { createTestContext, type TestContext } from "../../test/context.ts";
import { buildOrder } from "../../test/orders.ts";

const DIRECTORY = "/tracking/api/directory/company/";
const SUGGESTION = "/tracking/api/directory/freight-order-suggestion";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.insert(countries).values([
    { abc2: "CN", short_name: "Китай", name_eng: "China" },
    { abc2: "KZ", short_name: "Казахстан", name_eng: "Kazakhstan" },
  ]);
});
afterAll(() => ctx?.close());

async function world() {
  const forwarder = await ctx.buildCompany({ is_expedition_company: true });
  const company = await ctx.buildCompany();
  const other = await ctx.buildCompany();
  const manager = await ctx.buildUser({ company_id: forwarder.id, roles: ["Manager"] });
  const client = await ctx.buildUser({ company_id: company.id });
  const colleague = await ctx.buildUser({ company_id: company.id });
  const outsider = await ctx.buildUser({ company_id: other.id });
  const related = await ctx.buildUser({ company_id: other.id });
  await ctx.db.insert(relatedUsers).values({ company_id: company.id, user_id: related.id });
  return { forwarder, company, other, manager, client, colleague, outsider, related };
}

const entry = {
  short_name: "Harbin Heavy Machinery Co.",
  inn: "",
  countrycode: "CN",
  postalcode: "150000",
  city: "Harbin",
  streethouse: "Xuefu Road 52",
  contact_person: "Li Wei",
  phone: "+86 451 8600 1234",
  email: "li.wei@hhm.example.cn",
};

describe("tracking/api/directory/company/", () => {
  it("keeps a client's entries to their company, never public, changed by anyone of it", async () => {
    const { company, client, colleague, outsider, related } = await world();
    const created = await (await ctx.as(client)).post(DIRECTORY, { ...entry, public: true });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ ...entry, company: company.id, public: false, version: 1 });
    const url = `${DIRECTORY}${created.json().id}/`;
    const changed = await (await ctx.as(colleague)).patch(url, { city: "Харбин", version: 1 });
    expect(changed.json()).toMatchObject({ city: "Харбин", version: 2 });
    expect((await (await ctx.as(client)).patch(url, { city: "x", version: 1 })).statusCode).toBe(409);
    expect((await (await ctx.as(related)).get(url)).statusCode).toBe(200);
    for (const call of [
      (api: Awaited<ReturnType<typeof ctx.as>>) => api.get(url),
      (api: Awaited<ReturnType<typeof ctx.as>>) => api.patch(url, { city: "x" }),
      (api: Awaited<ReturnType<typeof ctx.as>>) => api.delete(url),
    ]) {
      await ctx.expectRefused({ outsider }, call, 404);
    }
    const ids = (await (await ctx.as(outsider)).get(`${DIRECTORY}?take=1000`))
      .json()
      .results.map((row: { id: number }) => row.id);
    expect(ids).not.toContain(created.json().id);
    expect((await (await ctx.as(colleague)).delete(url)).statusCode).toBe(204);
    expect((await (await ctx.as(client)).get(url)).statusCode).toBe(404);
  });

  it("shows managers' public entries to everyone and lets only managers change them", async () => {
    const { client, outsider, manager } = await world();
    const created = await (await ctx.as(manager)).post(DIRECTORY, {
      ...entry,
      short_name: "АО «Восточный порт»",
      countrycode: "",
      public: true,
    });
    expect(created.json()).toMatchObject({ public: true });
    const url = `${DIRECTORY}${created.json().id}/`;
    for (const user of [client, outsider]) {
      const found = (await (await ctx.as(user)).get(`${DIRECTORY}?search=восточный`)).json();
      expect(found.results.map((row: { id: number }) => row.id)).toContain(created.json().id);
    }
    await ctx.expectRefused({ client, outsider }, (api) => api.patch(url, { city: "Находка" }));
    await ctx.expectRefused({ client, outsider }, (api) => api.delete(url));
    expect((await (await ctx.as(manager)).patch(url, { city: "Находка" })).json().city).toBe("Находка");
    // A manager may take an entry out of public view; a client cannot put one in
    const own = await (await ctx.as(client)).post(DIRECTORY, entry);
    const publish = await (await ctx.as(client)).patch(`${DIRECTORY}${own.json().id}/`, { public: true });
    expect(publish.json().public).toBe(false);
    expect((await (await ctx.as(manager)).delete(url)).statusCode).toBe(204);
  });

  it("checks the directory's limits and country codes", async () => {
    const { client } = await world();
    const refused = await (await ctx.as(client)).post(DIRECTORY, {
      short_name: "",
      inn: "1234567890123",
      postalcode: "1234567890",
      city: "c".repeat(36),
      streethouse: "s".repeat(51),
      contact_person: "p".repeat(101),
      phone: "9".repeat(101),
      email: "nope",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      short_name: ["The field is required"],
      inn: ["Ensure this field has no more than 12 characters."],
      postalcode: ["Ensure this field has no more than 9 characters."],
      city: ["Ensure this field has no more than 35 characters."],
      streethouse: ["Ensure this field has no more than 50 characters."],
      contact_person: ["Ensure this field has no more than 100 characters."],
      phone: ["Ensure this field has no more than 100 characters."],
      email: ["Email is invalid"],
      "@validation": "fields_not_provided",
    });
    const missing = await (await ctx.as(client)).post(DIRECTORY, {});
    expect(missing.json()).toEqual({
      short_name: ["This field must be set."],
      "@validation": "fields_not_provided",
    });
    const country = await (await ctx.as(client)).post(DIRECTORY, { ...entry, countrycode: "ZZ" });
    expect(country.json()).toEqual({ countrycode: ["A chosen entry does not exist"] });
  });
});

describe("GET tracking/api/directory/freight-order-suggestion", () => {
  it("answers the distinct earlier values of the user's companies' orders, most recent first, at most 20", async () => {
    const { company, other, client, outsider, related } = await world();
    const at = (minutes: number) => new Date(Date.UTC(2026, 2, 1, 9, minutes));
    const order = (values: Partial<typeof freightOrders.$inferInsert>) =>
      buildOrder(ctx.db, { company_id: company.id, author_id: client.id, ...values });
    await order({ freight_description: "Пиломатериалы хвойных пород", update_date: at(1) });
    await order({ freight_description: "Станки токарные", notes: "Негабарит", update_date: at(2) });
    await order({ freight_description: "Пиломатериалы хвойных пород", update_date: at(3) });
    const deleted = await order({ freight_description: "Удалённый груз", update_date: at(4) });
    await ctx.db
      .update(freightOrders)
      .set({ deleted_at: new Date() })
      .where(eq(freightOrders.id, deleted.id));
    await buildOrder(ctx.db, {
      company_id: other.id,
      author_id: outsider.id,
      freight_description: "Чужой груз",
      update_date: at(5),
    });
    const values = async (user: typeof client, query: string) => {
      const response = await (await ctx.as(user)).get(`${SUGGESTION}?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().results.map((row: { value: string }) => row.value);
    };
    expect(await values(client, "field_name=freight_description")).toEqual([
      "Пиломатериалы хвойных пород",
      "Станки токарные",
    ]);
    expect(await values(client, "field_name=freight_description&search=ХВОЙН")).toEqual([
      "Пиломатериалы хвойных пород",
    ]);
    expect(await values(client, "field_name=notes")).toEqual(["Негабарит"]);
    expect(await values(client, "field_name=notes&search=100%25")).toEqual([]);
    // A related user sees both companies' values, most recent first
    expect(await values(related, "field_name=freight_description")).toEqual([
      "Чужой груз",
      "Пиломатериалы хвойных пород",
      "Станки токарные",
    ]);
    for (let n = 0; n < 25; n += 1) await order({ notes: `Примечание ${n}` });
    expect(await values(client, "field_name=notes")).toHaveLength(20);

    const refused = await (await ctx.as(client)).get(`${SUGGESTION}?field_name=consignor_name`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ field_name: ["“consignor_name” is not a valid choice"] });
    expect((await (await ctx.as(client)).get(SUGGESTION)).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: `${SUGGESTION}?field_name=notes` })).statusCode).toBe(401);
  });
});
