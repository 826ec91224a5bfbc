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
          manager: { first_name: "Ирина", last_name: "Соколова" },
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

  it("groups by a column on the server, within what the user sees", async () => {
    const { company, manager, related } = await world();
    await ctx.buildCompany({ debtor: true });
    const groups = async (user: { id: number; token_version: number }) =>
      (
        await ctx.app.inject({
          url: "/profile/api/companies/?group=debtor",
          headers: await ctx.authHeaders(user),
        })
      ).json();
    const all = await groups(manager);
    expect(all.groups.map((group: { key: boolean }) => group.key).sort()).toEqual([false, true]);
    expect(all.groups.find((group: { key: boolean }) => group.key)?.count).toBeGreaterThanOrEqual(1);
    // The related user's two companies, neither a debtor
    expect(company.debtor).toBe(false);
    expect(await groups(related)).toEqual({ groups: [{ key: false, count: 2 }], count: 1 });
  });
});

describe("profile/api/companies/ (create, read, change; never delete)", () => {
  const body = { name: "ООО «Приморский терминал»", inn: "7707083893", contract_nums: "ТЭ-12/2026" };

  it("lets a manager create a company and change it by its version; a stale version answers 409", async () => {
    const manager = await ctx.as(await ctx.buildUser({ roles: ["Manager"] }));
    const created = await manager.post("/profile/api/companies/", body);
    expect(created.statusCode, created.body).toBe(201);
    const company = created.json();
    expect(company).toMatchObject({ ...body, debtor: false, is_expedition_company: false, version: 1 });
    const changed = await manager.patch(`/profile/api/companies/${company.id}/`, {
      debtor: true,
      notification_msg: "Оплатите счёт № 42",
      version: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ debtor: true, version: 2 });
    const stale = await manager.patch(`/profile/api/companies/${company.id}/`, { debtor: false, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ debtor: true, version: 2 });
    expect((await manager.get(`/profile/api/companies/${company.id}/`)).json().notification_msg).toBe(
      "Оплатите счёт № 42",
    );
  });

  it("checks the INN by its check digits and refuses the forwarder flag from a body", async () => {
    const manager = await ctx.as(await ctx.buildUser({ roles: ["Manager"] }));
    const wrong = await manager.post("/profile/api/companies/", { ...body, inn: "7707083894" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().inn).toEqual(["Enter a valid INN: 10 digits for a company, 12 for a person"]);
    const person = await manager.post("/profile/api/companies/", { name: "ИП Петров", inn: "500100732259" });
    expect(person.statusCode, person.body).toBe(201);
    const flagged = await manager.post("/profile/api/companies/", {
      name: "Ещё одна",
      is_expedition_company: true,
    });
    expect(flagged.statusCode).toBe(201);
    expect(flagged.json().is_expedition_company).toBe(false);
  });

  it("answers 405 to a deletion, for everyone", async () => {
    const { company, manager } = await world();
    const response = await ctx.app.inject({
      method: "DELETE",
      url: `/profile/api/companies/${company.id}/`,
      headers: await ctx.authHeaders(manager),
    });
    expect(response.statusCode).toBe(405);
    expect(response.json()).toEqual({ detail: "This action is not available for this record" });
    expect((await (await ctx.as(manager)).get(`/profile/api/companies/${company.id}/`)).statusCode).toBe(200);
  });

  it("shows a client their own and related companies, 404 for others, and refuses their writes", async () => {
    const { company, other, member, outsider, related } = await world();
    const client = await ctx.as(member);
    expect((await client.get(`/profile/api/companies/${company.id}/`)).statusCode).toBe(200);
    expect((await client.get(`/profile/api/companies/${other.id}/`)).statusCode).toBe(404);
    expect((await (await ctx.as(related)).get(`/profile/api/companies/${company.id}/`)).statusCode).toBe(200);
    await ctx.expectRefused({ client: member, "other client": outsider }, (api) =>
      api.post("/profile/api/companies/", body),
    );
    await ctx.expectRefused({ client: member }, (api) =>
      api.patch(`/profile/api/companies/${company.id}/`, { debtor: true }),
    );
  });

  it("opens the forwarder's own company to heads and administrators only (403 for a manager)", async () => {
    const forwarder = await ctx.buildCompany({ is_expedition_company: true });
    const url = `/profile/api/companies/${forwarder.id}/`;
    const manager = await ctx.buildUser({ roles: ["Manager"] });
    await ctx.expectRefused({ manager }, (api) => api.get(url), 403);
    await ctx.expectRefused({ manager }, (api) => api.patch(url, { debtor: false }), 403);
    const refused = await (await ctx.as(manager)).get(url);
    expect(refused.json()).toEqual({ detail: "Access denied" });
    const head = await ctx.as(await ctx.buildUser({ roles: ["Head"] }));
    expect((await head.get(url)).statusCode).toBe(200);
  });
});
