import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyServices, companyTransportationCosts } from "../../db/schema/index.ts";
import { type Api, createTestContext, type TestContext } from "../../test/context.ts";
import { buildBasePrices } from "../../test/planner.ts";

let ctx: TestContext;
let managerUser: { id: number; token_version: number };
let manager: Api;
let head: Api;
let refused: Parameters<TestContext["expectRefused"]>[0];
let forwarderId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const forwarder = await ctx.buildCompany({ is_expedition_company: true });
  forwarderId = forwarder.id;
  const customer = await ctx.buildCompany();
  managerUser = await ctx.buildUser({ company_id: forwarder.id, roles: ["Manager"] });
  manager = await ctx.as(managerUser);
  head = await ctx.as(await ctx.buildUser({ company_id: forwarder.id, roles: ["Head"] }));
  refused = {
    client: await ctx.buildUser({ company_id: customer.id }),
    newcomer: await ctx.buildUser({ state: "new", company_id: null, roles: ["Customer"] }),
  };
  await buildBasePrices(ctx.db);
}, 120_000);
afterAll(() => ctx?.close());

type Row = Record<string, unknown> & { id: number; version: number; cost: number; base_cost: number };

async function page(api: Api, url: string) {
  const response = await api.get(url);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.json() as { results: Row[]; count: number };
}

const companyUrl = (id: number) => `/planner/api/company/${id}/`;

/** A customer company with its price list already made. */
async function companyWithPriceList() {
  const company = await ctx.buildCompany();
  const created = await manager.post(`${companyUrl(company.id)}company_price_refresh/`);
  expect(created.statusCode, created.body).toBe(200);
  return company.id;
}

describe("GET planner/api/company/{companyId}/", () => {
  it("answers the company with the size of its two lists", async () => {
    const company = await ctx.buildCompany({ name: "ООО «Сибирский лес»", inn: "5406123450" });
    const empty = await manager.get(companyUrl(company.id));
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({
      id: company.id,
      name: "ООО «Сибирский лес»",
      inn: "5406123450",
      is_expedition_company: false,
      price_list: { services: 0, transportation_costs: 0 },
    });
    await manager.post(`${companyUrl(company.id)}company_price_refresh/`);
    expect((await manager.get(companyUrl(company.id))).json().price_list).toEqual({
      services: 2,
      transportation_costs: 2,
    });
  });

  it("answers 404 for a company that does not exist", async () => {
    expect((await manager.get(companyUrl(2_000_000))).statusCode).toBe(404);
    expect((await manager.get(`${companyUrl(2_000_000)}service/`)).statusCode).toBe(404);
    expect((await manager.post(`${companyUrl(2_000_000)}company_price_refresh/`)).statusCode).toBe(404);
  });

  it("opens the forwarder's own company for heads and administrators only", async () => {
    expect((await manager.get(companyUrl(forwarderId))).statusCode).toBe(403);
    expect((await manager.get(`${companyUrl(forwarderId)}service/`)).statusCode).toBe(403);
    expect((await manager.post(`${companyUrl(forwarderId)}company_price_refresh/`)).statusCode).toBe(403);
    expect((await head.get(companyUrl(forwarderId))).statusCode).toBe(200);
  });
});

describe("POST planner/api/company/{companyId}/company_price_refresh/", () => {
  it("copies every base row into the company's lists with cost = base_cost", async () => {
    const company = await ctx.buildCompany();
    const created = await manager.post(`${companyUrl(company.id)}company_price_refresh/`);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ services: 2, transportation_costs: 2 });

    const services = await page(manager, `${companyUrl(company.id)}service/`);
    expect(services.count).toBe(2);
    expect(services.results).toEqual([
      expect.objectContaining({
        company: company.id,
        railway_route_description: "Забайкальск — Ворсино",
        railway_route_description_en: "Zabaykalsk — Vorsino",
        description: "Терминальная обработка",
        description_en: "Terminal handling",
        base_cost: 18500,
        cost: 18500,
        version: 1,
      }),
      expect.objectContaining({ description: "Охрана груза в пути", base_cost: 42000.5, cost: 42000.5 }),
    ]);
    const base = await page(manager, "/planner/api/railway_route_all_services/?ordering=id");
    expect(services.results.map((row) => row.railway_route_service)).toEqual(
      base.results.map((row) => row.id),
    );

    const costs = await page(manager, `${companyUrl(company.id)}transportation_cost/`);
    expect(costs.results).toEqual([
      expect.objectContaining({ container_type_code: "20DC", base_cost: 198000, cost: 198000 }),
      expect.objectContaining({
        container_type_code: "40HC",
        container_type_description_en: "40' high cube",
        railway_route_description: "Забайкальск — Ворсино",
        base_cost: 287500,
        cost: 287500,
      }),
    ]);
  });

  it("is refused with a translated 400 while the company has rows in either list", async () => {
    const companyId = await companyWithPriceList();
    const again = await manager.post(`${companyUrl(companyId)}company_price_refresh/`);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      detail: "The company already has a price list: delete it before creating a new one",
    });
    // Only the transportation costs left: still a price list
    await ctx.db.delete(companyServices).where(eq(companyServices.company, companyId));
    const russian = await ctx.app.inject({
      method: "POST",
      url: `${companyUrl(companyId)}company_price_refresh/`,
      headers: await ctx.authHeaders(managerUser, "ru"),
    });
    expect(russian.statusCode).toBe(400);
    expect(russian.json().detail).toMatch(/^У компании уже есть прайс-лист/);
    expect((await page(manager, `${companyUrl(companyId)}service/`)).count).toBe(0);
  });

  it("copies once when called several times at once: one succeeds, the others get the 400", async () => {
    const company = await ctx.buildCompany();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => manager.post(`${companyUrl(company.id)}company_price_refresh/`)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400, 400]);
    expect((await manager.get(companyUrl(company.id))).json().price_list).toEqual({
      services: 2,
      transportation_costs: 2,
    });
  });
});

describe("POST planner/api/company/{companyId}/company_price_delete/", () => {
  it("deletes both lists in one call, then refuses with 400 while both are empty", async () => {
    const companyId = await companyWithPriceList();
    const other = await companyWithPriceList();
    const deleted = await manager.post(`${companyUrl(companyId)}company_price_delete/`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ services: 2, transportation_costs: 2 });
    expect((await manager.get(companyUrl(companyId))).json().price_list).toEqual({
      services: 0,
      transportation_costs: 0,
    });
    // Another company's list stays
    expect((await manager.get(companyUrl(other))).json().price_list).toEqual({
      services: 2,
      transportation_costs: 2,
    });
    const again = await manager.post(`${companyUrl(companyId)}company_price_delete/`);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: "The company has no price list to delete" });
  });

  it("deletes a list of which one half is left", async () => {
    const companyId = await companyWithPriceList();
    await ctx.db.delete(companyTransportationCosts).where(eq(companyTransportationCosts.company, companyId));
    const deleted = await manager.post(`${companyUrl(companyId)}company_price_delete/`);
    expect(deleted.json()).toEqual({ services: 2, transportation_costs: 0 });
  });
});

describe("PATCH planner/api/company/{companyId}/service|transportation_cost/{id}/", () => {
  it("changes the cost and nothing else, bumping the version", async () => {
    const companyId = await companyWithPriceList();
    const [row] = (await page(manager, `${companyUrl(companyId)}service/`)).results;
    const changed = await manager.patch(`${companyUrl(companyId)}service/${row?.id}/`, {
      cost: 17250.75,
      version: row?.version,
      description: "Другое",
      base_cost: 1,
      company: 1,
      railway_route_service: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ ...row, cost: 17250.75, version: (row?.version ?? 0) + 1 });

    const [cost] = (await page(manager, `${companyUrl(companyId)}transportation_cost/`)).results;
    const put = await manager.put(`${companyUrl(companyId)}transportation_cost/${cost?.id}/`, {
      cost: 0,
      container_type: 999,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ ...cost, cost: 0, version: 2 });
  });

  it("answers 409 with the current row on a stale version", async () => {
    const companyId = await companyWithPriceList();
    const [row] = (await page(manager, `${companyUrl(companyId)}transportation_cost/`)).results;
    const url = `${companyUrl(companyId)}transportation_cost/${row?.id}/`;
    expect((await manager.patch(url, { cost: 190000, version: 1 })).statusCode).toBe(200);
    const stale = await manager.patch(url, { cost: 185000, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id: row?.id, cost: 190000, version: 2 });
  });

  it("answers 404 for a row of another company's list", async () => {
    const companyId = await companyWithPriceList();
    const otherId = await companyWithPriceList();
    const [row] = (await page(manager, `${companyUrl(otherId)}service/`)).results;
    const [cost] = (await page(manager, `${companyUrl(otherId)}transportation_cost/`)).results;
    expect((await manager.patch(`${companyUrl(companyId)}service/${row?.id}/`, { cost: 1 })).statusCode).toBe(
      404,
    );
    expect((await manager.get(`${companyUrl(companyId)}service/${row?.id}/`)).statusCode).toBe(404);
    expect(
      (await manager.patch(`${companyUrl(companyId)}transportation_cost/${cost?.id}/`, { cost: 1 }))
        .statusCode,
    ).toBe(404);
    // A service row's id is not a transportation cost's
    expect((await manager.get(`${companyUrl(otherId)}service/${row?.id}/`)).statusCode).toBe(200);
    expect((await page(manager, `${companyUrl(otherId)}service/`)).results[0]?.cost).toBe(row?.cost);
  });

  it.each([
    [-1, "Ensure this value is greater than or equal to 0."],
    [1e12, "Ensure this value is less than or equal to 999999999999.99."],
    [1e308, "Ensure this value is less than or equal to 999999999999.99."],
    [10.005, "An amount has at most two decimal places (kopecks)"],
    ["100", "Enter an amount as 1,234.50: a comma between thousands, a point before the kopecks"],
    [null, "A number is required"],
  ])("refuses the cost %s with 400 on the field", async (cost, message) => {
    const companyId = await companyWithPriceList();
    const [row] = (await page(manager, `${companyUrl(companyId)}service/`)).results;
    const answer = await manager.patch(`${companyUrl(companyId)}service/${row?.id}/`, { cost });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ cost: [message] });
  });

  it("takes the largest cost a price can have", async () => {
    const companyId = await companyWithPriceList();
    const [row] = (await page(manager, `${companyUrl(companyId)}service/`)).results;
    const answer = await manager.patch(`${companyUrl(companyId)}service/${row?.id}/`, {
      cost: 999_999_999_999.99,
    });
    expect(answer.json().cost).toBe(999_999_999_999.99);
  });

  it("offers no way to add or delete single rows", async () => {
    const companyId = await companyWithPriceList();
    const [row] = (await page(manager, `${companyUrl(companyId)}service/`)).results;
    expect([404, 405]).toContain(
      (await manager.post(`${companyUrl(companyId)}service/`, { cost: 1 })).statusCode,
    );
    expect([404, 405]).toContain(
      (await manager.delete(`${companyUrl(companyId)}service/${row?.id}/`)).statusCode,
    );
  });
});

describe("the lists (list pattern)", () => {
  it("sorts, filters and searches a company's lists", async () => {
    const companyId = await companyWithPriceList();
    const byCost = await page(manager, `${companyUrl(companyId)}service/?ordering=-cost`);
    expect(byCost.results.map((row) => row.cost)).toEqual([42000.5, 18500]);
    const filtered = await page(
      manager,
      `${companyUrl(companyId)}transportation_cost/?filters=${encodeURIComponent("cost__gte=200000")}`,
    );
    expect(filtered.results.map((row) => row.container_type_code)).toEqual(["40HC"]);
    const searched = await page(manager, `${companyUrl(companyId)}transportation_cost/?search=40h`);
    expect(searched.results.map((row) => row.container_type_code)).toEqual(["40HC"]);
    const byRoute = await page(manager, `${companyUrl(companyId)}service/?search=vorsino%20escort`);
    expect(byRoute.results.map((row) => row.description_en)).toEqual(["Cargo escort"]);
    const paged = await page(manager, `${companyUrl(companyId)}service/?skip=1&take=1`);
    expect(paged).toMatchObject({
      count: 2,
      results: [expect.objectContaining({ description_en: "Cargo escort" })],
    });
    const bad = await manager.get(`${companyUrl(companyId)}service/?ordering=company__name`);
    expect(bad.statusCode).toBe(400);
  });

  it("lists the base services and transportation costs with their route and container category", async () => {
    const services = await page(manager, "/planner/api/railway_route_all_services/?search=escort");
    expect(services.results).toEqual([
      expect.objectContaining({
        railway_route_description_en: "Zabaykalsk — Vorsino",
        description_en: "Cargo escort",
        base_cost: 42000.5,
        version: 1,
      }),
    ]);
    const costs = await page(
      manager,
      "/planner/api/railway_route_all_transportation_cost/?ordering=-base_cost",
    );
    expect(costs.results.map((row) => [row.container_type_code, row.base_cost])).toEqual([
      ["40HC", 287500],
      ["20DC", 198000],
    ]);
  });
});

describe("who may use the price lists", () => {
  it("answers clients and new users 404 for another company's price list and 403 for the rest", async () => {
    const companyId = await companyWithPriceList();
    const [row] = (await page(manager, `${companyUrl(companyId)}service/`)).results;
    const [cost] = (await page(manager, `${companyUrl(companyId)}transportation_cost/`)).results;
    // Another company's price list does not exist for them (404, before any 403)
    const companyCalls: ((api: Api) => ReturnType<Api["get"]>)[] = [
      (api) => api.get(companyUrl(companyId)),
      (api) => api.get(`${companyUrl(companyId)}service/`),
      (api) => api.get(`${companyUrl(companyId)}transportation_cost/`),
      (api) => api.patch(`${companyUrl(companyId)}service/${row?.id}/`, { cost: 1 }),
      (api) => api.patch(`${companyUrl(companyId)}transportation_cost/${cost?.id}/`, { cost: 1 }),
      (api) => api.post(`${companyUrl(companyId)}company_price_refresh/`),
      (api) => api.post(`${companyUrl(companyId)}company_price_delete/`),
    ];
    for (const call of companyCalls) await ctx.expectRefused(refused, call, 404);
    for (const url of ["railway_route_all_services", "railway_route_all_transportation_cost"]) {
      await ctx.expectRefused(refused, (api) => api.get(`/planner/api/${url}/`));
    }
    // Even the client's own company's price list is not theirs to see
    const client = refused.client as { company_id: number | null } & { id: number; token_version: number };
    await ctx.expectRefused({ client }, (api) => api.get(companyUrl(client.company_id ?? 0)));
    expect((await page(manager, `${companyUrl(companyId)}service/`)).results[0]?.cost).toBe(row?.cost);
    expect((await page(manager, `${companyUrl(companyId)}transportation_cost/`)).results[0]?.cost).toBe(
      cost?.cost,
    );
  });

  it("answers 401 to calls without a signed-in user", async () => {
    const companyId = await companyWithPriceList();
    for (const [method, url] of [
      ["GET", companyUrl(companyId)],
      ["GET", `${companyUrl(companyId)}service/`],
      ["PATCH", `${companyUrl(companyId)}service/1/`],
      ["POST", `${companyUrl(companyId)}company_price_refresh/`],
      ["POST", `${companyUrl(companyId)}company_price_delete/`],
      ["GET", "/planner/api/railway_route_all_services/"],
    ] as const) {
      expect((await ctx.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe("a refresh with no base prices", () => {
  it("is refused with 400: there is nothing to copy", async () => {
    const empty = await createTestContext();
    try {
      const company = await empty.buildCompany();
      const api = await empty.as(await empty.buildUser({ roles: ["Manager"] }));
      const answer = await api.post(`/planner/api/company/${company.id}/company_price_refresh/`);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().detail).toMatch(/^There are no base prices to copy/);
    } finally {
      await empty.close();
    }
  }, 60_000);
});
