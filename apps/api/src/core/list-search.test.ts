import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, users } from "../db/schema/index.ts";
import { userListResource } from "../modules/users/repo.ts";
import { createTestContext, type TestContext } from "../test/context.ts";
import { COUNT_CAP } from "./find-page.ts";
import { compileListQuery } from "./list-query.ts";

let ctx: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  const manager = await ctx.buildUser({ roles: ["Manager"], username: "search.manager" });
  headers = await ctx.authHeaders(manager);
});
afterAll(() => ctx?.close());

async function list(url: string) {
  const response = await ctx.app.inject({ url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("the count of a searched list", () => {
  beforeAll(async () => {
    // Five rows past the cap, in one statement.
    await ctx.db.execute(sql`
      insert into users (username, username_key, password_hash, last_name)
      select 'capped' || g, 'capped' || g, 'x', 'Capword' from generate_series(1, ${COUNT_CAP + 5}::int) g`);
  });

  it("stops at the cap past the page's start and says that more rows match", async () => {
    const body = await list("/profile/api/users/?search=capword&take=5");
    expect(body.results).toHaveLength(5);
    expect(body.count).toBe(COUNT_CAP);
    expect(body.count_capped).toBe(true);
  });

  it("is exact when the rows past the page's start are within the cap", async () => {
    const body = await list("/profile/api/users/?search=capword&take=5&skip=20");
    expect(body.count).toBe(COUNT_CAP + 5);
    expect(body).not.toHaveProperty("count_capped");
  });

  it("answers an empty page for the largest skip, whose cap is past the integer range", async () => {
    const body = await list("/profile/api/users/?search=capword&take=5&skip=2147483647");
    expect(body.results).toEqual([]);
    expect(body.count).toBe(COUNT_CAP + 5);
  });

  it("is exact for a list without a search", async () => {
    const body = await list(`/profile/api/users/?take=1&filters=${encodeURIComponent("last_name=Capword")}`);
    expect(body.count).toBe(COUNT_CAP + 5);
    expect(body).not.toHaveProperty("count_capped");
  });

  it("is exact and unflagged below the cap", async () => {
    await ctx.buildUser({ last_name: "Uncapped" });
    const body = await list("/profile/api/users/?search=uncapped");
    expect(body.count).toBe(1);
    expect(body).not.toHaveProperty("count_capped");
  });
});

describe("search words", () => {
  it("finds a word of fewer than three letters, which no trigram index serves", async () => {
    const user = await ctx.buildUser({ first_name: "Qy", last_name: "Shortword" });
    const body = await list("/profile/api/users/?search=qy%20shortword");
    expect(body.results.map((row: { id: number }) => row.id)).toEqual([user.id]);
  });

  it("matches a word of fewer than three letters where a word starts, not inside one", async () => {
    const user = await ctx.buildUser({ first_name: "Wordstart", last_name: "Midqz" });
    const inside = await list(`/profile/api/users/?search=${encodeURIComponent("qz midqz")}`);
    expect(inside.count).toBe(0);
    const atStart = await list(`/profile/api/users/?search=${encodeURIComponent("mi wordstart")}`);
    expect(atStart.results.map((row: { id: number }) => row.id)).toEqual([user.id]);
    const afterSpace = await list(`/profile/api/users/?search=${encodeURIComponent("wo midqz")}`);
    expect(afterSpace.results.map((row: { id: number }) => row.id)).toEqual([user.id]);
  });

  it("finds a short word on the users' search document index too", async () => {
    const plan = await explainUsersSearch("ив");
    expect(plan).toContain("users_search_trgm_idx");
    expect(plan).not.toMatch(/Seq Scan on users/);
  });

  it("matches a word within one column only, never across two", async () => {
    await ctx.buildUser({ first_name: "Acrossa", last_name: "Bcross" });
    const body = await list(`/profile/api/users/?search=${encodeURIComponent("acrossa bcross")}`);
    expect(body.count).toBe(1);
    const across = await list(`/profile/api/users/?search=${encodeURIComponent("acrossabcross")}`);
    expect(across.count).toBe(0);
  });

  it("are one condition on the users' search document index", async () => {
    const plan = await explainUsersSearch("иван лес");
    expect(plan).toContain("users_search_trgm_idx");
    expect(plan).not.toMatch(/Seq Scan on users/);
  });
});

describe("the stored search document", () => {
  const ids = async (search: string) =>
    (await list(`/profile/api/users/?search=${encodeURIComponent(search)}`)).results.map(
      (row: { id: number }) => row.id,
    );

  it("follows the company's renaming, the user's move and the company's deletion", async () => {
    const first = await ctx.buildCompany({ name: "Quarrystone Ltd" });
    const second = await ctx.buildCompany({ name: "Riverbarge Ltd" });
    const user = await ctx.buildUser({ company_id: first.id, last_name: "Docfollow" });
    expect(await ids("docfollow quarrystone")).toEqual([user.id]);

    await ctx.db.update(companies).set({ name: "Hillquarry Ltd" }).where(eq(companies.id, first.id));
    expect(await ids("docfollow quarrystone")).toEqual([]);
    expect(await ids("docfollow hillquarry")).toEqual([user.id]);

    await ctx.db.update(users).set({ company_id: second.id }).where(eq(users.id, user.id));
    expect(await ids("docfollow hillquarry")).toEqual([]);
    expect(await ids("docfollow riverbarge")).toEqual([user.id]);

    await ctx.db.delete(companies).where(eq(companies.id, second.id));
    expect(await ids("docfollow riverbarge")).toEqual([]);
    expect(await ids("docfollow")).toEqual([user.id]);
  });

  it("cannot be given another company's name by a write", async () => {
    const company = await ctx.buildCompany({ name: "Truename Co" });
    const user = await ctx.buildUser({
      company_id: company.id,
      company_name: "Falsename Co",
      last_name: "Nocopy",
    });
    await ctx.db.update(users).set({ company_name: "Othername Co" }).where(eq(users.id, user.id));
    expect(await ids("nocopy truename")).toEqual([user.id]);
    expect(await ids("nocopy falsename")).toEqual([]);
    expect(await ids("nocopy othername")).toEqual([]);
  });

  it("matches letters of either case, Cyrillic too, and takes % and _ literally", async () => {
    const user = await ctx.buildUser({ first_name: "Ёлкин", last_name: "ПРОМО50%_Х" });
    expect(await ids("ёлкин промо50%_х")).toEqual([user.id]);
    expect(await ids("ЁЛКИН Промо50%")).toEqual([user.id]);
    expect(await ids("ёлкин промо5_")).toEqual([]);
    expect(await ids("ёлкин промо%х")).toEqual([]);
  });
});

/** The plan of the users list's search, with sequential scans made the last resort (a test's table is small). */
async function explainUsersSearch(search: string): Promise<string> {
  const { where } = compileListQuery(userListResource, { skip: 0, take: 20, search });
  const query = ctx.db.select({ id: users.id }).from(users).where(where).toSQL();
  // The parameters are the test's own words: inlined as literals so that EXPLAIN shows the plan for them.
  const text = query.sql.replace(
    /\$(\d+)/g,
    (_, n) => `'${String(query.params[Number(n) - 1]).replaceAll("'", "''")}'`,
  );
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = (await tx.execute(sql.raw(`explain ${text}`))) as unknown as {
      rows: { "QUERY PLAN": string }[];
    };
    return result.rows.map((row) => row["QUERY PLAN"]).join("\n");
  });
}
