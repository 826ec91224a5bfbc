import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyManagers, relatedUsers } from "../../db/schema/index.ts";
import { createTestContext, type TestContext } from "../../test/context.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

async function world() {
  const company = await ctx.buildCompany();
  const other = await ctx.buildCompany();
  const manager = await ctx.buildUser({
    roles: ["Manager"],
    first_name: "Ирина",
    last_name: "Соколова",
    phone: "",
  });
  await ctx.db.insert(companyManagers).values({ company_id: company.id, manager_id: manager.id });
  const member = await ctx.buildUser({ company_id: company.id });
  const outsider = await ctx.buildUser({ company_id: other.id });
  const related = await ctx.buildUser({ company_id: other.id });
  await ctx.db.insert(relatedUsers).values({ company_id: company.id, user_id: related.id });
  return { company, other, manager, member, outsider, related };
}

describe("GET profile/api/companies/{id}/managers/", () => {
  it("lists the company's managers for its members, in both shapes the screens read", async () => {
    const { company, manager, member } = await world();
    const response = await ctx.app.inject({
      url: `/profile/api/companies/${company.id}/managers/`,
      headers: await ctx.authHeaders(member),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      count: 1,
      results: [
        {
          id: expect.any(Number),
          manager_id: manager.id,
          manager: { first_name: "Ирина", last_name: "Соколова", phone: "", email: manager.email },
          first_name: "Ирина",
          last_name: "Соколова",
          phone: "",
          email: manager.email,
        },
      ],
    });
  });

  it("serves related users and managers, and answers 404 to another company's client", async () => {
    const { company, manager, related, outsider } = await world();
    const url = `/profile/api/companies/${company.id}/managers/`;
    expect((await ctx.app.inject({ url, headers: await ctx.authHeaders(related) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url, headers: await ctx.authHeaders(manager) })).statusCode).toBe(200);
    const refused = await ctx.app.inject({ url, headers: await ctx.authHeaders(outsider) });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ detail: "Not found" });
    expect((await ctx.app.inject({ url })).statusCode).toBe(401);
  });

  it("answers 404 for a company that does not exist, even to a manager", async () => {
    const { manager } = await world();
    const response = await ctx.app.inject({
      url: "/profile/api/companies/999999/managers/",
      headers: await ctx.authHeaders(manager, "ru"),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: "Не найдено" });
  });
});

describe("GET profile/api/companies/", () => {
  it("shows a client only their own and related companies; a manager sees all", async () => {
    const { company, other, manager, member, related } = await world();
    const ids = async (user: { id: number; token_version: number }) =>
      (
        await ctx.app.inject({
          url: "/profile/api/companies/?take=1000",
          headers: await ctx.authHeaders(user),
        })
      )
        .json()
        .results.map((c: { id: number }) => c.id);
    expect(await ids(member)).toEqual([company.id]);
    expect((await ids(related)).sort()).toEqual([company.id, other.id].sort());
    const all = await ids(manager);
    expect(all).toContain(company.id);
    expect(all).toContain(other.id);
  });

  it("a user without a company sees none", async () => {
    const newcomer = await ctx.buildUser({ state: "new", roles: ["Customer"] });
    const response = await ctx.app.inject({
      url: "/profile/api/companies/",
      headers: await ctx.authHeaders(newcomer),
    });
    expect(response.json()).toEqual({ results: [], count: 0 });
  });
});
