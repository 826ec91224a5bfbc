import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, TEST_PASSWORD, type TestContext } from "../../test/context.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

let employees = 0;
/** A new employee's form, with a username of its own. */
function employeeForm() {
  employees += 1;
  return { ...employee, username: `d.orlova${employees}` };
}

const employee = {
  username: "d.orlova",
  first_name: "Дарья",
  last_name: "Орлова",
  email: "d.orlova@example.ru",
  phone: "+7 914 555-01-02",
  password: "Ship-Rail-2026",
  password_confirm: "Ship-Rail-2026",
};

async function staff() {
  const forwarder = await ctx.buildCompany({ is_expedition_company: true });
  const inForwarder = { company_id: forwarder.id };
  return {
    forwarder,
    manager: await ctx.buildUser({ roles: ["Manager"], ...inForwarder }),
    head: await ctx.buildUser({ roles: ["Head"], ...inForwarder }),
    admin: await ctx.buildUser({ roles: ["Manager"], is_administrator: true, ...inForwarder }),
  };
}

describe("profile/api/companies/{id}/users/ (employees)", () => {
  it("adds an approved, active registered customer who signs in with the password given", async () => {
    const { manager } = await staff();
    const company = await ctx.buildCompany();
    const api = await ctx.as(manager);
    const created = await api.post(`/profile/api/companies/${company.id}/users/`, employee);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      username: "d.orlova",
      first_name: "Дарья",
      state: "approved",
      is_active: true,
      company_id: company.id,
      roles: [{ name: "RegisteredCustomer" }],
      is_manager: false,
    });
    const signIn = await ctx.app.inject({
      method: "POST",
      url: "/api/token/",
      payload: { username: "d.orlova", password: "Ship-Rail-2026" },
    });
    expect(signIn.statusCode).toBe(200);
    const list = await api.get(`/profile/api/companies/${company.id}/users/?search=orlova`);
    expect(list.json()).toMatchObject({ count: 1, results: [{ username: "d.orlova" }] });
  });

  it("lists only the company's own employees", async () => {
    const { manager } = await staff();
    const company = await ctx.buildCompany();
    const other = await ctx.buildCompany();
    const member = await ctx.buildUser({ company_id: company.id });
    await ctx.buildUser({ company_id: other.id });
    const list = await (await ctx.as(manager)).get(`/profile/api/companies/${company.id}/users/`);
    expect(list.json().results.map((user: { id: number }) => user.id)).toEqual([member.id]);
  });

  it("requires the username and the password, and checks the confirmation and the password rules", async () => {
    const { manager } = await staff();
    const company = await ctx.buildCompany();
    const url = `/profile/api/companies/${company.id}/users/`;
    const api = await ctx.as(manager);
    const empty = await api.post(url, { ...employee, username: " ", password: "", password_confirm: "" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      username: ["The field is required"],
      password: ["The field is required"],
    });
    const mismatch = await api.post(url, { ...employeeForm(), password_confirm: "Ship-Rail-2027" });
    expect(mismatch.json()).toEqual({ password_confirm: ["Password and confirmation do not match"] });
    const weak = await api.post(url, {
      ...employeeForm(),
      password: "12345678",
      password_confirm: "12345678",
    });
    expect(weak.json().password).toContain("This password is entirely numeric.");
    const badEmail = await api.post(url, { ...employeeForm(), email: "not an address" });
    expect(badEmail.json()).toEqual({ email: ["Email is invalid"] });
  });

  it("refuses a username that is taken or looks like a taken one", async () => {
    const { manager } = await staff();
    const company = await ctx.buildCompany();
    await ctx.buildUser({ username: "k.belov" });
    const api = await ctx.as(manager);
    const url = `/profile/api/companies/${company.id}/users/`;
    const taken = await api.post(url, { ...employee, username: "K.Belov" });
    expect(taken.json()).toEqual({ username: ["A user with that username already exists."] });
    // The Cyrillic о and е of "k.bеlоv" look the same as the Latin ones.
    const lookalike = await api.post(url, { ...employee, username: "k.b\u0435l\u043ev" });
    expect(lookalike.json()).toEqual({
      username: ["A user with a username that looks the same already exists."],
    });
  });

  it("gives the same name to one of two parallel additions and a 400 to the other", async () => {
    const { manager } = await staff();
    const company = await ctx.buildCompany();
    const api = await ctx.as(manager);
    const url = `/profile/api/companies/${company.id}/users/`;
    const answers = await Promise.all([1, 2, 3].map(() => api.post(url, { ...employee, username: "twin" })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400, 400]);
  });

  it("adds a forwarder's employee with the roles chosen only when the warning is ticked", async () => {
    const { forwarder, head } = await staff();
    const api = await ctx.as(head);
    const url = `/profile/api/companies/${forwarder.id}/users/`;
    const unticked = await api.post(url, { ...employeeForm(), roles: ["Manager"] });
    expect(unticked.statusCode).toBe(400);
    expect(unticked.json()).toEqual({
      change_company_warning: ["Confirm that the user will get manager powers in the forwarder company"],
    });
    const noRoles = await api.post(url, { ...employeeForm(), change_company_warning: true });
    expect(noRoles.json()).toEqual({ roles: ["The field is required"] });
    const created = await api.post(url, {
      ...employeeForm(),
      roles: ["Manager", "RWManager"],
      change_company_warning: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      roles: [{ name: "Manager" }, { name: "RWManager" }],
      is_manager: true,
      company_id: forwarder.id,
    });
  });

  it("keeps staff roles out of customer companies", async () => {
    const { manager } = await staff();
    const company = await ctx.buildCompany();
    const answer = await (await ctx.as(manager)).post(`/profile/api/companies/${company.id}/users/`, {
      ...employeeForm(),
      roles: ["Head"],
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ roles: ["Staff roles exist only in the forwarder company"] });
  });

  it("refuses clients (403), the forwarder's company to a manager (403), and a missing company (404)", async () => {
    const { forwarder, manager } = await staff();
    const company = await ctx.buildCompany();
    const client = await ctx.buildUser({ company_id: company.id });
    const url = `/profile/api/companies/${company.id}/users/`;
    await ctx.expectRefused({ client }, (api) => api.get(url), 403);
    await ctx.expectRefused({ client }, (api) => api.post(url, employee), 403);
    const forwarderUrl = `/profile/api/companies/${forwarder.id}/users/`;
    await ctx.expectRefused({ manager }, (api) => api.get(forwarderUrl), 403);
    await ctx.expectRefused(
      { manager },
      (api) => api.post(forwarderUrl, { ...employee, roles: ["Manager"], change_company_warning: true }),
      403,
    );
    await ctx.expectRefused({ manager }, (api) => api.get("/profile/api/companies/999999/users/"), 404);
    expect((await ctx.app.inject({ url })).statusCode).toBe(401);
  });
});

describe("PATCH profile/api/users/{id}/ (the employee form)", () => {
  it("reads one user for managers (the form after a conflict); clients are refused", async () => {
    const { manager } = await staff();
    const member = await ctx.buildUser({ first_name: "" });
    const one = await (await ctx.as(manager)).get(`/profile/api/users/${member.id}/`);
    expect(one.json()).toMatchObject({ id: member.id, username: member.username, version: member.version });
    await ctx.expectRefused({ client: member }, (api) => api.get(`/profile/api/users/${manager.id}/`), 403);
    await ctx.expectRefused({ manager }, (api) => api.get("/profile/api/users/999999/"), 404);
  });

  it("saves an employee added without names as the dialog sends them, names still empty", async () => {
    const { manager } = await staff();
    const company = await ctx.buildCompany();
    const api = await ctx.as(manager);
    const added = (
      await api.post(`/profile/api/companies/${company.id}/users/`, {
        username: "only.login",
        password: "Ship-Rail-2026",
        password_confirm: "Ship-Rail-2026",
      })
    ).json();
    const saved = await api.patch(`/profile/api/users/${added.id}/`, {
      username: "only.login",
      first_name: "",
      last_name: "",
      email: "",
      phone: "",
      is_active: false,
      version: added.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ is_active: false, first_name: "" });
  });

  it("renames an employee and sets a new password, which ends their sessions", async () => {
    const { manager } = await staff();
    const company = await ctx.buildCompany();
    const member = await ctx.buildUser({ company_id: company.id, username: "s.ivanov" });
    const memberApi = await ctx.as(member);
    const api = await ctx.as(manager);
    const changed = await api.patch(`/profile/api/users/${member.id}/`, {
      username: "s.ivanov2",
      password: "Port-Vostochny-9",
      password_confirm: "Port-Vostochny-9",
      version: member.version,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ username: "s.ivanov2", version: member.version + 1 });
    expect((await memberApi.get("/profile/api/users/me/")).statusCode).toBe(401);
    const signIn = (password: string) =>
      ctx.app.inject({ method: "POST", url: "/api/token/", payload: { username: "s.ivanov2", password } });
    expect((await signIn("Port-Vostochny-9")).statusCode).toBe(200);
    expect((await signIn(TEST_PASSWORD)).statusCode).toBe(401);
  });

  it("refuses a mismatched confirmation, a taken username, and roles outside the forwarder", async () => {
    const { manager } = await staff();
    const company = await ctx.buildCompany();
    const member = await ctx.buildUser({ company_id: company.id });
    const taken = await ctx.buildUser();
    const api = await ctx.as(manager);
    const url = `/profile/api/users/${member.id}/`;
    const mismatch = await api.patch(url, { password: "Port-Vostochny-9", password_confirm: "other-Port-9" });
    expect(mismatch.json()).toEqual({ password_confirm: ["Password and confirmation do not match"] });
    const duplicate = await api.patch(url, { username: taken.username });
    expect(duplicate.json()).toEqual({ username: ["A user with that username already exists."] });
    const roles = await api.patch(url, { roles: ["Manager"] });
    expect(roles.json()).toEqual({ roles: ["Staff roles exist only in the forwarder company"] });
    expect((await api.get(`/profile/api/companies/${company.id}/users/`)).json().results[0]).toMatchObject({
      username: member.username,
      version: member.version,
    });
  });

  it("changes a forwarder employee's roles, for heads", async () => {
    const { forwarder, head, manager } = await staff();
    const rw = await ctx.buildUser({ roles: ["RWManager"], company_id: forwarder.id });
    const url = `/profile/api/users/${rw.id}/`;
    await ctx.expectRefused({ manager }, (api) => api.patch(url, { roles: ["Head"] }), 403);
    const changed = await (await ctx.as(head)).patch(url, { roles: ["Head", "Manager"] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ roles: [{ name: "Head" }, { name: "Manager" }], is_head: true });
  });
});

describe("profile/api/companies/{id}/managers/", () => {
  it("lets an administrator assign a staff member and remove them; the company's users see them", async () => {
    const { admin, manager } = await staff();
    const company = await ctx.buildCompany();
    const member = await ctx.buildUser({ company_id: company.id });
    const url = `/profile/api/companies/${company.id}/managers/`;
    const api = await ctx.as(admin);
    const added = await api.post(url, { manager_id: manager.id });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      manager_id: manager.id,
      first_name: manager.first_name,
      manager: { first_name: manager.first_name, last_name: manager.last_name },
    });
    const seen = await (await ctx.as(member)).get(url);
    expect(seen.json()).toMatchObject({ count: 1, results: [{ manager_id: manager.id }] });
    const again = await api.post(url, { manager_id: manager.id });
    expect(again.json()).toEqual({ manager_id: ["This user is already on the list"] });
    const removed = await api.delete(`${url}${added.json().id}/`);
    expect(removed.statusCode).toBe(204);
    expect((await api.get(url)).json().count).toBe(0);
    expect((await api.delete(`${url}${added.json().id}/`)).statusCode).toBe(404);
  });

  it("assigns only staff with manager powers, never to the forwarder's own company", async () => {
    const { admin, forwarder } = await staff();
    const company = await ctx.buildCompany();
    const customer = await ctx.buildUser({ company_id: company.id });
    const api = await ctx.as(admin);
    const notStaff = await api.post(`/profile/api/companies/${company.id}/managers/`, {
      manager_id: customer.id,
    });
    expect(notStaff.json()).toEqual({
      manager_id: ["Only a member of the forwarder's staff with manager powers can be a company's manager"],
    });
    const missing = await api.post(`/profile/api/companies/${company.id}/managers/`, { manager_id: 999999 });
    expect(missing.json()).toEqual({ manager_id: ["A chosen entry does not exist"] });
    const own = await api.post(`/profile/api/companies/${forwarder.id}/managers/`, { manager_id: admin.id });
    expect(own.json()).toEqual({ manager_id: ["The forwarder's own company has no managers of its own"] });
  });

  it("refuses the changes to managers who are not administrators, and to clients", async () => {
    const { admin, manager } = await staff();
    const company = await ctx.buildCompany();
    const client = await ctx.buildUser({ company_id: company.id });
    const url = `/profile/api/companies/${company.id}/managers/`;
    const link = (await (await ctx.as(admin)).post(url, { manager_id: manager.id })).json();
    await ctx.expectRefused({ manager, client }, (api) => api.post(url, { manager_id: manager.id }), 403);
    await ctx.expectRefused({ manager, client }, (api) => api.delete(`${url}${link.id}/`), 403);
    // Another company's link by this company's URL is not found
    const other = await ctx.buildCompany();
    await ctx.expectRefused(
      { admin },
      (api) => api.delete(`/profile/api/companies/${other.id}/managers/${link.id}/`),
      404,
    );
  });
});

describe("profile/api/companies/{id}/related_users/", () => {
  it("lets a manager relate a user of another company, who then sees this company; removing ends it", async () => {
    const { manager } = await staff();
    const company = await ctx.buildCompany();
    const other = await ctx.buildCompany({ name: "ООО «Байкал-Транзит»" });
    const broker = await ctx.buildUser({ company_id: other.id, username: "broker.1" });
    const url = `/profile/api/companies/${company.id}/related_users/`;
    const api = await ctx.as(manager);
    const added = await api.post(url, { user_id: broker.id });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      user_id: broker.id,
      username: "broker.1",
      company_name: "ООО «Байкал-Транзит»",
      user: { username: "broker.1", first_name: broker.first_name, last_name: broker.last_name },
    });
    const brokerApi = await ctx.as(broker);
    expect((await brokerApi.get(`/profile/api/companies/${company.id}/`)).statusCode).toBe(200);
    expect((await api.get(`${url}?search=broker`)).json().count).toBe(1);
    expect((await api.delete(`${url}${added.json().id}/`)).statusCode).toBe(204);
    expect((await brokerApi.get(`/profile/api/companies/${company.id}/`)).statusCode).toBe(404);
  });

  it("refuses the company's own employee, a duplicate, and two parallel additions of one user twice", async () => {
    const { manager } = await staff();
    const company = await ctx.buildCompany();
    const member = await ctx.buildUser({ company_id: company.id });
    const outsider = await ctx.buildUser();
    const url = `/profile/api/companies/${company.id}/related_users/`;
    const api = await ctx.as(manager);
    expect((await api.post(url, { user_id: member.id })).json()).toEqual({
      user_id: ["This user already works for the company"],
    });
    const answers = await Promise.all([1, 2, 3].map(() => api.post(url, { user_id: outsider.id })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400, 400]);
    expect((await api.get(url)).json().count).toBe(1);
  });

  it("is for managers only: clients get 403, even the company's own", async () => {
    const company = await ctx.buildCompany();
    const client = await ctx.buildUser({ company_id: company.id });
    const outsider = await ctx.buildUser();
    const url = `/profile/api/companies/${company.id}/related_users/`;
    await ctx.expectRefused({ client }, (api) => api.get(url), 403);
    await ctx.expectRefused({ client }, (api) => api.post(url, { user_id: outsider.id }), 403);
    const { manager } = await staff();
    const link = (await (await ctx.as(manager)).post(url, { user_id: outsider.id })).json();
    await ctx.expectRefused({ client, related: outsider }, (api) => api.delete(`${url}${link.id}/`), 403);
    expect((await (await ctx.as(manager)).get(url)).json().count).toBe(1);
  });
});

describe("GET profile/api/managers/", () => {
  it("lists the staff with manager powers, for managers only", async () => {
    const { manager, head, admin } = await staff();
    const client = await ctx.buildUser();
    const ids = (await (await ctx.as(manager)).get("/profile/api/managers/?take=50"))
      .json()
      .results.map((user: { id: number }) => user.id);
    expect(ids).toEqual(expect.arrayContaining([manager.id, head.id, admin.id]));
    expect(ids).not.toContain(client.id);
    await ctx.expectRefused({ client }, (api) => api.get("/profile/api/managers/"), 403);
  });
});
