import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/context.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe("GET profile/api/users/", () => {
  it("lists users for managers with the list pattern", async () => {
    const company = await ctx.buildCompany({ name: "Listing Timber Co" });
    const manager = await ctx.buildUser({ roles: ["Manager"] });
    await ctx.buildUser({ company_id: company.id, last_name: "Zvereva", state: "pending" });
    await ctx.buildUser({ company_id: company.id, last_name: "Abramov" });
    const response = await ctx.app.inject({
      url: `/profile/api/users/?filters=${encodeURIComponent("company__name__icontains=timber co")}&ordering=last_name`,
      headers: await ctx.authHeaders(manager),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.count).toBe(2);
    expect(body.results.map((u: { last_name: string }) => u.last_name)).toEqual(["Abramov", "Zvereva"]);
    expect(body.results[0].company.name).toBe("Listing Timber Co");

    const paged = await ctx.app.inject({
      url: "/profile/api/users/?search=listing%20timber&ordering=-last_name&skip=1&take=1",
      headers: await ctx.authHeaders(manager),
    });
    expect(paged.json()).toMatchObject({ count: 2, results: [{ last_name: "Abramov" }] });
  });

  it("refuses clients with 403 and anonymous callers with 401", async () => {
    const client = await ctx.buildUser();
    expect(
      (await ctx.app.inject({ url: "/profile/api/users/", headers: await ctx.authHeaders(client) }))
        .statusCode,
    ).toBe(403);
    expect((await ctx.app.inject({ url: "/profile/api/users/" })).statusCode).toBe(401);
  });

  it("answers 400 on filters, ordering and take it cannot accept", async () => {
    const manager = await ctx.buildUser({ roles: ["Manager"] });
    const headers = await ctx.authHeaders(manager);
    for (const [query, field] of [
      ["filters=password_hash__icontains=a", "filters"],
      ["filters=state=deleted", "filters"],
      ["filters=id__gt=abc", "filters"],
      ["filters=(((", "filters"],
      ["ordering=password_hash", "ordering"],
      ["take=5000", "take"],
      ["skip=-1", "skip"],
    ] as const) {
      const response = await ctx.app.inject({ url: `/profile/api/users/?${query}`, headers });
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json()), query).toEqual([field]);
    }
  });
});

describe("PATCH profile/api/users/{id}/", () => {
  async function patch(actor: { id: number; token_version: number }, id: number, payload: object) {
    return ctx.app.inject({
      method: "PATCH",
      url: `/profile/api/users/${id}/`,
      headers: await ctx.authHeaders(actor),
      payload,
    });
  }

  it("a manager approves a pending user into a customer company, who becomes a registered customer", async () => {
    const manager = await ctx.buildUser({ roles: ["Manager"] });
    const company = await ctx.buildCompany();
    const applicant = await ctx.buildUser({ state: "pending", roles: ["Customer"] });
    const response = await patch(manager, applicant.id, {
      state: "approved",
      company_id: company.id,
      version: applicant.version,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      state: "approved",
      company_id: company.id,
      roles: [{ name: "RegisteredCustomer" }],
      version: applicant.version + 1,
    });
  });

  it("refuses to approve a user without a company", async () => {
    const manager = await ctx.buildUser({ roles: ["Manager"] });
    const applicant = await ctx.buildUser({ state: "pending", roles: ["Customer"] });
    const response = await patch(manager, applicant.id, { state: "approved" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ company_id: ["Choose the company of the user to approve"] });
    const company = await ctx.buildCompany();
    const applicantWithCompany = await ctx.buildUser({ state: "pending", company_id: company.id });
    const clearing = await patch(manager, applicantWithCompany.id, { state: "approved", company_id: null });
    expect(clearing.statusCode).toBe(400);
  });

  it.each([
    ["pending", "approved", 200],
    ["pending", "declined", 200],
    ["declined", "pending", 200],
    ["approved", "approved", 200],
    ["new", "approved", 400],
    ["new", "declined", 400],
    ["new", "pending", 400],
    ["approved", "new", 400],
    ["approved", "pending", 400],
    ["approved", "declined", 400],
    ["declined", "approved", 400],
    ["pending", "new", 400],
  ] as const)("the state change %s → %s answers %i", async (from, to, status) => {
    const manager = await ctx.buildUser({ roles: ["Manager"] });
    const company = await ctx.buildCompany();
    const user = await ctx.buildUser({ state: from, company_id: company.id });
    const response = await patch(manager, user.id, { state: to });
    expect(response.statusCode).toBe(status);
    if (status === 200) expect(response.json().state).toBe(to);
    else expect(Object.keys(response.json())).toEqual(["state"]);
  });

  it("moving staff out of the forwarder ends their staff roles and grants in the same write", async () => {
    const forwarder = await ctx.buildCompany({ is_expedition_company: true });
    const customer = await ctx.buildCompany();
    const head = await ctx.buildUser({ roles: ["Head"], company_id: forwarder.id });
    const staff = await ctx.buildUser({
      roles: ["Manager", "RWManager"],
      company_id: forwarder.id,
      is_administrator: true,
      is_staff: true,
    });
    const moved = await patch(head, staff.id, { company_id: customer.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      company_id: customer.id,
      roles: [{ name: "RegisteredCustomer" }],
      is_manager: false,
      is_administrator: false,
      is_staff: false,
    });
    const headers = await ctx.authHeaders(staff);
    expect((await ctx.app.inject({ url: "/profile/api/users/", headers })).statusCode).toBe(403);
  });

  it("shows server validation per field and refuses an unknown company", async () => {
    const manager = await ctx.buildUser({ roles: ["Manager"] });
    const user = await ctx.buildUser();
    const invalid = await patch(manager, user.id, { email: "bad", username: " " });
    expect(invalid.json()).toEqual({
      email: ["Email is invalid"],
      username: ["The field is required"],
      "@validation": "fields_not_provided",
    });
    // As on the employee form, only the username is required: a name may be left empty
    const emptied = await patch(manager, user.id, { first_name: "", phone: "" });
    expect(emptied.json()).toMatchObject({ first_name: "", phone: "" });
    const unknown = await patch(manager, user.id, { company_id: 999999 });
    expect(unknown.json()).toEqual({ company_id: ["The company does not exist"] });
  });

  it("moving a user into the forwarder company needs a head or administrator and the warning checkbox", async () => {
    const forwarder = await ctx.buildCompany({ is_expedition_company: true });
    const manager = await ctx.buildUser({ roles: ["Manager"] });
    const head = await ctx.buildUser({ roles: ["Head"] });
    const user = await ctx.buildUser();
    expect(
      (await patch(manager, user.id, { company_id: forwarder.id, change_company_warning: true })).statusCode,
    ).toBe(403);
    const unconfirmed = await patch(head, user.id, { company_id: forwarder.id });
    expect(unconfirmed.statusCode).toBe(400);
    expect(Object.keys(unconfirmed.json())).toEqual(["change_company_warning"]);
    const moved = await patch(head, user.id, { company_id: forwarder.id, change_company_warning: true });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      company_id: forwarder.id,
      is_manager: true,
      roles: [{ name: "Manager" }],
    });
  });

  it("a plain manager cannot edit forwarder staff", async () => {
    const forwarder = await ctx.buildCompany({ is_expedition_company: true });
    const manager = await ctx.buildUser({ roles: ["Manager"] });
    const colleague = await ctx.buildUser({ roles: ["Manager"], company_id: forwarder.id });
    expect((await patch(manager, colleague.id, { is_active: false })).statusCode).toBe(403);
  });

  it("deactivating a user ends their sessions at once", async () => {
    const manager = await ctx.buildUser({ roles: ["Manager"] });
    const user = await ctx.buildUser();
    const headers = await ctx.authHeaders(user);
    expect((await patch(manager, user.id, { is_active: false })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: "/profile/api/users/me/", headers })).statusCode).toBe(401);
  });

  it("refuses to deactivate one's own account, which would lock the user out", async () => {
    const forwarder = await ctx.buildCompany({ is_expedition_company: true });
    const head = await ctx.buildUser({ roles: ["Head"], company_id: forwarder.id });
    const refused = await patch(head, head.id, { is_active: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ is_active: ["You cannot deactivate your own account"] });
    const headers = await ctx.authHeaders(head);
    expect((await ctx.app.inject({ url: "/profile/api/users/me/", headers })).json().is_active).toBe(true);
  });

  it("answers 409 on a stale version", async () => {
    const manager = await ctx.buildUser({ roles: ["Manager"] });
    const user = await ctx.buildUser();
    expect((await patch(manager, user.id, { phone: "+7 1", version: user.version })).statusCode).toBe(200);
    const stale = await patch(manager, user.id, { phone: "+7 2", version: user.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current.phone).toBe("+7 1");
  });

  it("refuses clients with 403 and answers 404 for an unknown user", async () => {
    const client = await ctx.buildUser();
    const other = await ctx.buildUser();
    expect((await patch(client, other.id, { first_name: "X" })).statusCode).toBe(403);
    const manager = await ctx.buildUser({ roles: ["Manager"] });
    const missing = await patch(manager, 999999, { first_name: "X" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: "Not found" });
  });
});
