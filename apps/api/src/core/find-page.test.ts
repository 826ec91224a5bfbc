import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, freightOrderStatuses, freightOrders } from "../db/schema/index.ts";
import { companyListResource } from "../modules/companies/repo.ts";
import { containerList } from "../modules/containers/resources.ts";
import { orderList } from "../modules/orders/resources.ts";
import { createTestContext, type TestContext } from "../test/context.ts";
import { NotFound } from "./errors.ts";
import { findOne } from "./find-page.ts";
import { joinsNamed } from "./list-select.ts";
import { companyScope } from "./tenancy.ts";

let ctx: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  const manager = await ctx.buildUser({ roles: ["Manager"], username: "group.manager" });
  headers = await ctx.authHeaders(manager);
});
afterAll(() => ctx?.close());

async function groups(url: string, extra: Record<string, string> = headers) {
  const response = await ctx.app.inject({ url, headers: extra });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("server-side grouping (group=<field>)", () => {
  it("counts every filtered row, not a page, in the field's logical order", async () => {
    const company = await ctx.buildCompany({ name: "Grouping Co" });
    for (const state of ["declined", "approved", "approved", "pending", "new", "new", "new"] as const) {
      await ctx.buildUser({ state, company_id: company.id });
    }
    const body = await groups(
      `/profile/api/users/?group=state&take=1&filters=${encodeURIComponent(`company_id=${company.id}`)}`,
    );
    expect(body).toEqual({
      groups: [
        { key: "new", count: 3 },
        { key: "pending", count: 1 },
        { key: "approved", count: 2 },
        { key: "declined", count: 1 },
      ],
      count: 4,
    });
  });

  it("names rows without a value by a null key, first, and applies the search", async () => {
    const company = await ctx.buildCompany({ name: "Searchgroup Ltd" });
    await ctx.buildUser({ company_id: company.id, last_name: "Zorin" });
    await ctx.buildUser({ company_id: null, last_name: "Zorin" });
    const body = await groups("/profile/api/users/?group=company__name&search=zorin");
    expect(body.groups).toEqual([
      { key: null, count: 1 },
      { key: "Searchgroup Ltd", count: 1 },
    ]);
  });

  it("groups timestamps by their calendar day in the reader's zone", async () => {
    await ctx.buildUser({ date_joined: new Date("2026-03-04T22:30:00Z"), last_name: "Daygroup" });
    await ctx.buildUser({ date_joined: new Date("2026-03-04T01:00:00Z"), last_name: "Daygroup" });
    const inUtc = await groups("/profile/api/users/?group=date_joined&search=daygroup&tz=UTC");
    expect(inUtc.groups).toEqual([{ key: "2026-03-04", count: 2 }]);
    // 08:30 on the 5th and 11:00 on the 4th in Vladivostok (UTC+10)
    const inVladivostok = await groups(
      "/profile/api/users/?group=date_joined&search=daygroup&tz=Asia/Vladivostok",
    );
    expect(inVladivostok.groups).toEqual([
      { key: "2026-03-04", count: 1 },
      { key: "2026-03-05", count: 1 },
    ]);
  });

  it("filters timestamps by the reader's days: a day in New York is not the day in UTC", async () => {
    // Shown in New York as 26 November 21:30, 27 November 09:00 and 27 November 21:30
    for (const instant of ["2026-11-27T02:30:00Z", "2026-11-27T14:00:00Z", "2026-11-28T02:30:00Z"]) {
      await ctx.buildUser({ date_joined: new Date(instant), last_name: "Dayfilter" });
    }
    const joined = async (query: string) => {
      const body = await groups(`/profile/api/users/?search=dayfilter&ordering=date_joined&${query}`);
      return body.results.map((row: { date_joined: string }) => row.date_joined);
    };
    const day = encodeURIComponent("date_joined__gte=2026-11-27&date_joined__lte=2026-11-27");
    expect(await joined(`filters=${day}&tz=America/New_York`)).toEqual([
      "2026-11-27T14:00:00.000Z",
      "2026-11-28T02:30:00.000Z",
    ]);
    expect(await joined(`filters=${day}&tz=UTC`)).toEqual([
      "2026-11-27T02:30:00.000Z",
      "2026-11-27T14:00:00.000Z",
    ]);
    const exact = encodeURIComponent("date_joined=2026-11-26");
    expect(await joined(`filters=${exact}&tz=America/New_York`)).toEqual(["2026-11-27T02:30:00.000Z"]);
  });

  it("refuses an unknown time zone with 400 on tz", async () => {
    const response = await ctx.app.inject({ url: "/profile/api/users/?tz=Mars/Olympus", headers });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(["tz"]);
  });

  it.each(["password_hash", "constructor", "__proto__", "nope"])(
    "refuses group=%s with 400 on group",
    async (field) => {
      const response = await ctx.app.inject({ url: `/profile/api/users/?group=${field}`, headers });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toEqual(["group"]);
    },
  );

  it("keeps to the caller's scope: a client groups only their own companies", async () => {
    const own = await ctx.buildCompany({ name: "Own Scope", debtor: true });
    await ctx.buildCompany({ name: "Foreign Scope", debtor: true });
    const client = await ctx.buildUser({ company_id: own.id });
    const body = await groups(
      `/profile/api/companies/?group=debtor&filters=${encodeURIComponent("name__icontains=scope")}`,
      await ctx.authHeaders(client),
    );
    expect(body.groups).toEqual([{ key: true, count: 1 }]);
  });
});

describe("a searched page's rows", () => {
  it("come in the list's order, whichever ordering and however often it is asked", async () => {
    for (const last_name of ["Bsortword", "Asortword", "Csortword"]) await ctx.buildUser({ last_name });
    const names = async (query: string) => {
      const response = await ctx.app.inject({ url: `/profile/api/users/?search=sortword&${query}`, headers });
      return response.json().results.map((row: { last_name: string }) => row.last_name);
    };
    for (let round = 0; round < 3; round += 1) {
      expect(await names("ordering=last_name")).toEqual(["Asortword", "Bsortword", "Csortword"]);
      expect(await names("ordering=-last_name")).toEqual(["Csortword", "Bsortword", "Asortword"]);
      expect(await names("ordering=last_name&skip=1&take=1")).toEqual(["Bsortword"]);
    }
  });
});

describe("findOne within a scope", () => {
  it("answers the row inside the scope and NotFound outside it", async () => {
    const own = await ctx.buildCompany();
    const foreign = await ctx.buildCompany();
    const client = await ctx.buildUser({ company_id: own.id });
    const principal = { ...client, is_manager: false, company_ids: [own.id] } as never;
    const scope = companyScope(principal, companies.id);
    await expect(findOne(ctx.db, companyListResource, own.id, scope)).resolves.toMatchObject({ id: own.id });
    await expect(findOne(ctx.db, companyListResource, foreign.id, scope)).rejects.toBeInstanceOf(NotFound);
    const staff = { is_manager: true, company_ids: [] } as never;
    await expect(
      findOne(ctx.db, companyListResource, foreign.id, companyScope(staff, companies.id)),
    ).resolves.toMatchObject({ id: foreign.id });
  });
});

describe("the joins a page's ids and its count read (joinsNamed)", () => {
  const tables = (joins: { table: unknown }[]) => joins.map((join) => join.table);

  it("keeps none for conditions and orderings of the table's own columns", () => {
    expect(joinsNamed(orderList, [eq(freightOrders.status, 1), [asc(freightOrders.id)]])).toEqual([]);
  });

  it("keeps a join whose columns a condition names, however deeply nested", () => {
    const named = joinsNamed(orderList, [sql`(${sql`lower(${freightOrderStatuses.name_en}) = 'draft'`})`]);
    expect(tables(named)).toEqual([freightOrderStatuses]);
  });

  it("keeps the joins a needed join's own condition names, in the resource's order", () => {
    // The order's status is joined through the order: naming the status needs the order too
    const named = joinsNamed(containerList, [eq(freightOrderStatuses.name_en, "Draft")]);
    expect(tables(named)).toEqual([freightOrders, freightOrderStatuses]);
  });
});
