import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, TEST_PASSWORD, type TestContext } from "../../test/context.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const profile = {
  first_name: "Пётр",
  last_name: "Иванов",
  phone: "+7 383 210-44-12",
  email: "p.ivanov@example.ru",
};

describe("GET profile/api/users/me/", () => {
  it("answers the user with flags computed on the server, without secrets", async () => {
    const company = await ctx.buildCompany({ notification_msg: "Terminal closed on Sunday", debtor: true });
    const user = await ctx.buildUser({ company_id: company.id, grant_monitoring: true });
    const response = await ctx.app.inject({
      url: "/profile/api/users/me/",
      headers: await ctx.authHeaders(user),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: user.id,
      username: user.username,
      company_id: company.id,
      company: {
        id: company.id,
        notification_msg: "Terminal closed on Sunday",
        debtor: true,
        is_expedition_company: false,
      },
      roles: [{ name: "RegisteredCustomer" }],
      is_manager: false,
      is_head: false,
      is_administrator: false,
      is_staff: false,
      can_access_to_monitoring: true,
      can_edit_refbook: false,
      can_select_company: false,
      can_set_is_paid: false,
      // The rights a manager gives one by one, shown for the user's form; the other grants are not
      grant_monitoring: true,
      grant_webhooks: false,
    });
    expect(JSON.stringify(body)).not.toMatch(/password|grant_(refbook|select|set)|token_version/);
  });

  it.each([
    [
      ["Manager"],
      {},
      { is_manager: true, can_access_to_monitoring: true, can_select_company: true, can_set_is_paid: false },
    ],
    [["Head"], {}, { is_manager: true, is_head: true, can_edit_refbook: true, can_set_is_paid: true }],
    [["RWManager"], {}, { is_manager: true, is_head: false, can_edit_refbook: false }],
    [
      ["Manager"],
      { is_administrator: true, is_staff: true },
      { is_administrator: true, is_staff: true, can_set_is_paid: true },
    ],
    [
      ["RegisteredCustomer"],
      { grant_refbook: true, grant_set_is_paid: true },
      { is_manager: false, can_edit_refbook: true, can_set_is_paid: true },
    ],
  ])("derives flags for roles %j and grants %j", async (roles, grants, flags) => {
    const user = await ctx.buildUser({ roles, ...grants });
    const body = (
      await ctx.app.inject({ url: "/profile/api/users/me/", headers: await ctx.authHeaders(user) })
    ).json();
    expect(body).toMatchObject(flags);
  });

  it("lets a related user of another company select a company", async () => {
    const own = await ctx.buildCompany();
    const other = await ctx.buildCompany();
    const user = await ctx.buildUser({ company_id: own.id });
    const { relatedUsers } = await import("../../db/schema/index.ts");
    await ctx.db.insert(relatedUsers).values({ company_id: other.id, user_id: user.id });
    const body = (
      await ctx.app.inject({ url: "/profile/api/users/me/", headers: await ctx.authHeaders(user) })
    ).json();
    expect(body.can_select_company).toBe(true);
  });

  it("answers 401 without a token", async () => {
    expect((await ctx.app.inject({ url: "/profile/api/users/me/" })).statusCode).toBe(401);
  });
});

describe("PUT profile/api/users/me/", () => {
  async function put(user: { id: number; token_version: number }, payload: object, lang = "en") {
    return ctx.app.inject({
      method: "PUT",
      url: "/profile/api/users/me/",
      headers: await ctx.authHeaders(user, lang),
      payload,
    });
  }

  it("saves the editable fields, trims them, bumps the version and ignores flags and foreign fields", async () => {
    const user = await ctx.buildUser();
    const response = await put(user, {
      ...profile,
      first_name: "  Пётр ",
      is_manager: true,
      company_id: 999,
      roles: [{ name: "Manager" }],
      version: user.version,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      ...profile,
      is_manager: false,
      company_id: null,
      version: user.version + 1,
    });
    expect(body.tokens).toBeUndefined();
  });

  it("requires first name, last name, phone and e-mail with the spec's messages", async () => {
    const user = await ctx.buildUser();
    const response = await put(user, { first_name: " ", last_name: "", phone: "", email: "not-an-email" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      first_name: ["The field is required"],
      last_name: ["The field is required"],
      phone: ["The field is required"],
      email: ["Email is invalid"],
      "@validation": "fields_not_provided",
    });
  });

  it("answers 409 with the current record when the version is stale, and changes nothing", async () => {
    const user = await ctx.buildUser();
    expect((await put(user, { ...profile, version: user.version })).statusCode).toBe(200);
    const stale = await put(user, { ...profile, first_name: "Other", version: user.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ first_name: "Пётр", version: user.version + 1 });
    expect(stale.json().detail).toMatch(/Someone else has changed/);
  });

  it("checks the password confirmation and the password rules", async () => {
    const user = await ctx.buildUser();
    const mismatch = await put(user, {
      ...profile,
      current_password: TEST_PASSWORD,
      password: "Harbour-Crane-88",
      password_confirm: "Harbour-Crane-89",
    });
    expect(mismatch.json()).toEqual({ password_confirm: ["Password and confirmation do not match"] });
    const weak = await put(
      user,
      { ...profile, current_password: TEST_PASSWORD, password: "ivanov12", password_confirm: "ivanov12" },
      "ru",
    );
    expect(weak.statusCode).toBe(400);
    // "ivanov12" is close to the "ivanov" of p.ivanov@example.ru.
    expect(weak.json().password).toEqual(["Пароль слишком похож на значение поля «E-mail»."]);
  });

  it("a password change revokes the old tokens and hands back a new pair", async () => {
    const user = await ctx.buildUser();
    const login = await ctx.app.inject({
      method: "POST",
      url: "/api/token/",
      payload: { username: user.username, password: TEST_PASSWORD },
    });
    const old = login.json();
    const response = await ctx.app.inject({
      method: "PUT",
      url: "/profile/api/users/me/",
      headers: { authorization: `JWT ${old.access}` },
      payload: {
        ...profile,
        current_password: TEST_PASSWORD,
        password: "Harbour-Crane-88",
        password_confirm: "Harbour-Crane-88",
      },
    });
    expect(response.statusCode).toBe(200);
    const { tokens } = response.json();
    const withOld = await ctx.app.inject({
      url: "/profile/api/users/me/",
      headers: { authorization: `JWT ${old.access}` },
    });
    expect(withOld.statusCode).toBe(401);
    const refreshOld = await ctx.app.inject({
      method: "POST",
      url: "/api/token/refresh/",
      payload: { refresh: old.refresh },
    });
    expect(refreshOld.statusCode).toBe(401);
    const withNew = await ctx.app.inject({
      url: "/profile/api/users/me/",
      headers: { authorization: `JWT ${tokens.access}` },
    });
    expect(withNew.statusCode).toBe(200);
    const signIn = await ctx.app.inject({
      method: "POST",
      url: "/api/token/",
      payload: { username: user.username, password: "Harbour-Crane-88" },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it("status pending sends a new user's profile with its request fields to confirmation", async () => {
    const user = await ctx.buildUser({ state: "new", roles: ["Customer"] });
    const response = await put(user, {
      ...profile,
      status: "pending",
      request_inn: "2724123459",
      request_name: "ООО «Амурский терминал»",
      request_contract_nums: "ТЭО-2026/055",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ state: "pending", request_inn: "2724123459" });
  });

  it("keeps an approved user's request as it was: only applicants say which company they represent", async () => {
    const user = await ctx.buildUser({ request_inn: "2724123459", request_name: "ООО «Амурский терминал»" });
    const response = await put(user, { ...profile, request_inn: "7701000000", request_name: "Другая" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ...profile,
      request_inn: "2724123459",
      request_name: "ООО «Амурский терминал»",
    });
  });

  it("sending to confirmation needs the company's INN and name, marked as missing fields", async () => {
    const user = await ctx.buildUser({ state: "new", roles: ["Customer"] });
    const response = await put(user, { ...profile, status: "pending", request_inn: " " });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      request_inn: ["The field is required"],
      request_name: ["The field is required"],
      "@validation": "fields_not_provided",
    });
  });

  it("refuses a password of spaces instead of ignoring it", async () => {
    const user = await ctx.buildUser();
    const response = await put(user, { ...profile, password: "     ", password_confirm: "     " });
    expect(response.statusCode).toBe(400);
    expect(response.json().password).toEqual(["The password cannot consist of spaces only"]);
  });

  it("trims the new password as sign-in trims it", async () => {
    const user = await ctx.buildUser();
    const password = "Harbour-Crane-77";
    const saved = await put(user, {
      ...profile,
      current_password: TEST_PASSWORD,
      password: ` ${password} `,
      password_confirm: `${password}  `,
    });
    expect(saved.statusCode).toBe(200);
    const signIn = await ctx.app.inject({
      method: "POST",
      url: "/api/token/",
      payload: { username: user.username, password },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it("refuses to send an approved profile to confirmation", async () => {
    const user = await ctx.buildUser({ state: "approved" });
    const response = await put(user, { ...profile, status: "pending" });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(["status"]);
  });
});
