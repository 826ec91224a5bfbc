import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginFailures, notificationEvents, totpFactors } from "../../db/schema/index.ts";
import { createTestContext, TEST_PASSWORD, type TestContext } from "../../test/context.ts";
import { usernameKey } from "../users/usernames.ts";
import { digest } from "./throttle.ts";
import { totpCode } from "./totp.ts";

let ctx: TestContext;
beforeAll(async () => {
  // The policy of a PostgreSQL installation: staff must enrol before anything else opens
  ctx = await createTestContext({ STAFF_SECOND_FACTOR: "required", TRUST_PROXY: "true" });
});
afterAll(() => ctx?.close());

const STEP = 30_000;

function post(url: string, payload: object, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: "POST", url, payload, headers: { "accept-language": "en", ...headers } });
}

function call(method: string, url: string, access: string, payload?: object) {
  return ctx.app.inject({
    method: method as "GET",
    url,
    headers: { authorization: `JWT ${access}`, "accept-language": "en" },
    ...(payload ? { payload } : {}),
  });
}

async function signIn(username: string, address = "10.0.0.1") {
  const response = await post(
    "/api/token/",
    { username, password: TEST_PASSWORD },
    {
      "x-forwarded-for": address,
      "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36",
    },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Enrols one-time codes for a signed-in user (a code of the step before now): the secret and the recovery codes. */
async function enrolTotp(access: string) {
  const started = await call("POST", "/profile/api/security/totp/", access);
  expect(started.statusCode, started.body).toBe(200);
  const { secret } = started.json();
  const confirmed = await call("POST", "/profile/api/security/totp/confirm/", access, {
    code: totpCode(secret, Date.now() - STEP),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret: secret as string, recoveryCodes: confirmed.json().recovery_codes as string[] };
}

describe("one-time codes and recovery codes", () => {
  it("enrols with a QR code and a first code; the secret is stored sealed and never answered again", async () => {
    const user = await ctx.buildUser();
    const { access } = await signIn(user.username);
    const started = await call("POST", "/profile/api/security/totp/", access);
    const { secret, uri, qr_svg } = started.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toContain(`secret=${secret}`);
    expect(qr_svg).toMatch(/^<svg/);
    const wrong = await call("POST", "/profile/api/security/totp/confirm/", access, { code: "000000" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code[0]).toMatch(/wrong/);
    const confirmed = await call("POST", "/profile/api/security/totp/confirm/", access, {
      code: totpCode(secret),
    });
    expect(confirmed.json().recovery_codes).toHaveLength(10);
    const [stored] = await ctx.db.select().from(totpFactors);
    expect(stored?.secret).not.toContain(secret);
    const overview = await call("GET", "/profile/api/security/", access);
    expect(overview.body).not.toContain(secret);
    expect(overview.json()).toMatchObject({
      recovery_codes_left: 10,
      totp: { created_at: expect.any(String) },
    });
    const again = await call("POST", "/profile/api/security/totp/", access);
    expect(again.statusCode).toBe(400);
  });

  it("makes the sign-in two steps; a code is accepted once; the ticket is single-use", async () => {
    const user = await ctx.buildUser();
    const first = await signIn(user.username);
    const { secret } = await enrolTotp(first.access);
    const answer = await signIn(user.username);
    expect(answer).toEqual({
      second_step: { ticket: expect.any(String), methods: ["totp", "recovery_code"] },
    });
    const code = totpCode(secret);
    const tokens = await post("/api/token/second-step/", { ticket: answer.second_step.ticket, code });
    expect(tokens.statusCode, tokens.body).toBe(200);
    expect(tokens.json()).toEqual({ access: expect.any(String), refresh: expect.any(String) });
    const spent = await post("/api/token/second-step/", { ticket: answer.second_step.ticket, code });
    expect(spent.statusCode).toBe(401);
    // The same code with a new ticket: replayed
    const next = await signIn(user.username);
    const replayed = await post("/api/token/second-step/", { ticket: next.second_step.ticket, code });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toEqual({ code: ["The code is wrong or has been used already"] });
    const later = await post("/api/token/second-step/", {
      ticket: next.second_step.ticket,
      code: totpCode(secret, Date.now() + STEP),
    });
    expect(later.statusCode, later.body).toBe(200);
  });

  it("signs in with a recovery code once (any case, dashes or not); regenerating replaces them", async () => {
    const user = await ctx.buildUser();
    const { access } = await signIn(user.username);
    const { recoveryCodes } = await enrolTotp(access);
    const code = recoveryCodes[0] ?? "";
    const first = await signIn(user.username);
    const used = await post("/api/token/second-step/", {
      ticket: first.second_step.ticket,
      code: code.toUpperCase().replace("-", ""),
    });
    expect(used.statusCode, used.body).toBe(200);
    const second = await signIn(user.username);
    const again = await post("/api/token/second-step/", { ticket: second.second_step.ticket, code });
    expect(again.statusCode).toBe(400);
    const fresh = await call("POST", "/profile/api/security/recovery-codes/", used.json().access, {
      current_password: TEST_PASSWORD,
    });
    expect(fresh.json().recovery_codes).toHaveLength(10);
    const old = await post("/api/token/second-step/", {
      ticket: second.second_step.ticket,
      code: recoveryCodes[1] ?? "",
    });
    expect(old.statusCode).toBe(400);
    const renewed = await post("/api/token/second-step/", {
      ticket: second.second_step.ticket,
      code: fresh.json().recovery_codes[0],
    });
    expect(renewed.statusCode).toBe(200);
  });

  it("refuses an unknown ticket with 401 and throttles wrong codes like sign-ins (429)", async () => {
    const unknown = await post("/api/token/second-step/", { ticket: "nothing", code: "123456" });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().detail).toMatch(/expired/);
    const user = await ctx.buildUser();
    const { access } = await signIn(user.username, "10.0.1.1");
    await enrolTotp(access);
    const statuses: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      const { second_step } = await signIn(user.username, "10.0.1.1");
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const answer = await post(
          "/api/token/second-step/",
          { ticket: second_step.ticket, code: "000000" },
          { "x-forwarded-for": "10.0.1.1" },
        );
        statuses.push(answer.statusCode);
      }
    }
    // Five failures of the account at one address (LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS), then 429
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.at(-1)).toBe(429);
  });

  it("ends the other sessions when a factor is added or removed, and tells the user", async () => {
    const user = await ctx.buildUser();
    const other = await signIn(user.username, "10.0.2.1");
    const mine = await signIn(user.username, "10.0.2.2");
    await enrolTotp(mine.access);
    expect((await call("GET", "/profile/api/users/me/", other.access)).statusCode).toBe(401);
    expect((await call("GET", "/profile/api/users/me/", mine.access)).statusCode).toBe(200);
    const removed = await call("DELETE", "/profile/api/security/totp/", mine.access, {
      current_password: TEST_PASSWORD,
    });
    expect(removed.statusCode).toBe(204);
    const overview = await call("GET", "/profile/api/security/", mine.access);
    expect(overview.json()).toMatchObject({ totp: null, recovery_codes_left: 0 });
    const kinds = (await ctx.db.select().from(notificationEvents))
      .filter((event) => event.object_id === user.id)
      .map((event) => event.kind);
    expect(kinds).toEqual(expect.arrayContaining(["security_factor_added", "security_factor_removed"]));
  });

  it("asks the password again before a factor goes or the recovery codes are replaced, and counts a wrong one", async () => {
    const user = await ctx.buildUser();
    const { access } = await signIn(user.username);
    const { recoveryCodes } = await enrolTotp(access);
    for (const [method, url] of [
      ["DELETE", "/profile/api/security/totp/"],
      ["POST", "/profile/api/security/recovery-codes/"],
    ] as const) {
      const bare = await call(method, url, access, {});
      expect(bare.statusCode, bare.body).toBe(400);
      expect(bare.json()).toHaveProperty("current_password");
      const wrong = await call(method, url, access, { current_password: "Not-the-password-1" });
      expect(wrong.statusCode, wrong.body).toBe(400);
      expect(wrong.json().current_password).toEqual(["The current password is wrong"]);
    }
    // Nothing changed: the codes are there, as many recovery codes as before
    const overview = (await call("GET", "/profile/api/security/", access)).json();
    expect(overview.totp).not.toBeNull();
    expect(overview.recovery_codes_left).toBe(recoveryCodes.length);
    // Each wrong password is an attempt at the account, as a sign-in's is (auth/throttle.ts)
    const [counted] = await ctx.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.key, `login:account:${digest(usernameKey(user.username))}`));
    expect(counted?.failures).toBe(2);
  });
});

describe("the second factor policy", () => {
  it("refuses a staff user without a factor on every route but enrolment's (403), until they enrol", async () => {
    const forwarder = await ctx.buildCompany({ is_expedition_company: true });
    const manager = await ctx.buildUser({ company_id: forwarder.id, roles: ["Manager"] });
    const { access } = await signIn(manager.username);
    const refused = await call("GET", "/tracking/api/freight_orders/", access);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      detail: expect.stringMatching(/second factor/),
      "@security": "second_factor_enrolment_required",
    });
    expect((await call("GET", "/profile/api/users/me/", access)).statusCode).toBe(200);
    expect((await call("GET", "/profile/api/security/", access)).json()).toMatchObject({
      must_enrol: true,
      second_factor_required: true,
    });
    const enrolment = await enrolTotp(access);
    expect(enrolment.recoveryCodes).toHaveLength(10);
    expect((await call("GET", "/tracking/api/freight_orders/", access)).statusCode).toBe(200);
  });

  it("answers 403 over the whole access matrix but the enrolment's routes", async () => {
    const forwarder = await ctx.buildCompany({ is_expedition_company: true });
    const head = await ctx.buildUser({ company_id: forwarder.id, roles: ["Head"], is_administrator: true });
    const headers = await ctx.authHeaders(head);
    const open: string[] = [];
    for (const [key, access] of ctx.app.routeAccess) {
      const [method = "", url = ""] = key.split(" ");
      if (access === "anyone" || method === "HEAD") continue;
      const answer = await ctx.app.inject({
        method: method as "GET",
        url: url.replace(/:\w+/g, "1"),
        headers: { ...headers, ...(method === "GET" ? {} : { "content-type": "application/json" }) },
        ...(method === "GET" ? {} : { payload: "{}" }),
      });
      if (answer.statusCode !== 403) open.push(key);
      else if (access.beforeSecondFactor) open.push(`refused ${key}`);
    }
    expect(open.sort()).toEqual(
      [
        "DELETE /profile/api/security/sessions/:sessionId/",
        "GET /profile/api/security/",
        "GET /profile/api/security/sessions/",
        "GET /profile/api/users/me/",
        "POST /profile/api/security/passkeys/",
        "POST /profile/api/security/passkeys/options/",
        "POST /profile/api/security/sessions/end-others/",
        "POST /profile/api/security/totp/",
        "POST /profile/api/security/totp/confirm/",
      ].sort(),
    );
  });

  it("lets a customer in with the password alone, unless their company's managers require a factor", async () => {
    const company = await ctx.buildCompany();
    const client = await ctx.buildUser({ company_id: company.id });
    const { access } = await signIn(client.username);
    expect((await call("GET", "/tracking/api/freight_orders/", access)).statusCode).toBe(200);
    const manager = await ctx.buildUser({ roles: ["Manager"] });
    await enrolTotp((await signIn(manager.username)).access);
    const managerApi = await ctx.as(manager);
    const current = await managerApi.get(`/profile/api/companies/${company.id}/`);
    const changed = await managerApi.patch(`/profile/api/companies/${company.id}/`, {
      require_second_factor: true,
      version: current.json().version,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call("GET", "/tracking/api/freight_orders/", access)).statusCode).toBe(403);
  });
});

describe("sessions", () => {
  it("tells the user of a sign-in from an address new to the account, once, and not of the first sign-in", async () => {
    const user = await ctx.buildUser();
    const notices = async () =>
      (await ctx.db.select().from(notificationEvents))
        .filter((event) => event.object_id === user.id && event.kind === "security_new_sign_in")
        .map((event) => event.params);
    await signIn(user.username, "10.0.4.1");
    await signIn(user.username, "10.0.4.1");
    expect(await notices()).toEqual([]);
    await signIn(user.username, "10.0.4.2");
    await signIn(user.username, "10.0.4.2");
    expect(await notices()).toEqual([
      expect.objectContaining({ address: "10.0.4.2", browser: "Chrome 131 · Linux" }),
    ]);
  });

  it("lists the own sessions with browser and address, ends one and all others", async () => {
    const user = await ctx.buildUser();
    const a = await signIn(user.username, "10.0.3.1");
    const b = await signIn(user.username, "10.0.3.2");
    const c = await signIn(user.username, "10.0.3.3");
    const listed = await call("GET", "/profile/api/security/sessions/", c.access);
    const rows = listed.json().results;
    expect(rows).toHaveLength(3);
    expect(rows.find((row: { is_current: boolean }) => row.is_current)).toMatchObject({
      address: "10.0.3.3",
      browser: expect.stringMatching(/^Chrome 131 · Linux/),
    });
    const target = rows.find((row: { address: string }) => row.address === "10.0.3.1");
    expect((await call("DELETE", `/profile/api/security/sessions/${target.id}/`, c.access)).statusCode).toBe(
      204,
    );
    expect((await call("GET", "/profile/api/users/me/", a.access)).statusCode).toBe(401);
    const refreshed = await post("/api/token/refresh/", { refresh: a.refresh });
    expect(refreshed.statusCode).toBe(401);
    // Another user's session is not there for them
    const stranger = await ctx.buildUser();
    const theirs = await signIn(stranger.username);
    const foreign = await call("GET", "/profile/api/security/sessions/", theirs.access);
    const foreignId = foreign.json().results[0].id;
    expect((await call("DELETE", `/profile/api/security/sessions/${foreignId}/`, c.access)).statusCode).toBe(
      404,
    );
    expect((await call("POST", "/profile/api/security/sessions/end-others/", c.access)).statusCode).toBe(204);
    expect((await call("GET", "/profile/api/users/me/", b.access)).statusCode).toBe(401);
    expect((await call("GET", "/profile/api/users/me/", c.access)).statusCode).toBe(200);
    expect((await call("GET", "/profile/api/users/me/", theirs.access)).statusCode).toBe(200);
  });
});

describe("POST profile/api/users/:id/reset-factors/", () => {
  it("lets a manager reset a customer's factors: they go, the sessions end, the user is told", async () => {
    const company = await ctx.buildCompany();
    const client = await ctx.buildUser({ company_id: company.id });
    const session = await signIn(client.username);
    await enrolTotp(session.access);
    const manager = await ctx.buildUser({ roles: ["Manager"] });
    await enrolTotp((await signIn(manager.username)).access);
    const other = await ctx.buildUser({ company_id: company.id });
    await ctx.expectRefused({ client: other }, (api) =>
      api.post(`/profile/api/users/${client.id}/reset-factors/`),
    );
    const reset = await (await ctx.as(manager)).post(`/profile/api/users/${client.id}/reset-factors/`);
    expect(reset.statusCode, reset.body).toBe(204);
    expect((await call("GET", "/profile/api/users/me/", session.access)).statusCode).toBe(401);
    const again = await signIn(client.username);
    expect(again.access).toEqual(expect.any(String));
    const events = await ctx.db.select().from(notificationEvents);
    expect(
      events.find((event) => event.kind === "security_factors_reset" && event.object_id === client.id),
    ).toMatchObject({
      actor_id: manager.id,
    });
  });

  it("keeps another company's user from a client (404 outside their scope is the users' rule)", async () => {
    const client = await ctx.buildUser({ company_id: (await ctx.buildCompany()).id });
    const stranger = await ctx.buildUser({ company_id: (await ctx.buildCompany()).id });
    await ctx.expectRefused({ stranger }, (api) =>
      api.post(`/profile/api/users/${client.id}/reset-factors/`),
    );
  });
});
