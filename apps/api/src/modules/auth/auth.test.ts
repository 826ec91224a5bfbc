import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestContext, TEST_PASSWORD, type TestContext } from "../../test/context.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS: "3",
    LOGIN_MAX_FAILURES_PER_ADDRESS: "6",
    LOGIN_MAX_FAILURES_PER_ACCOUNT: "5",
    // The tests play clients behind a proxy, each with its own forwarded address.
    TRUST_PROXY: "true",
  });
});
afterAll(() => ctx?.close());

function signIn(body: unknown, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: "POST", url: "/api/token/", payload: body as object, headers });
}

describe("POST api/token/", () => {
  it("answers a token pair for trimmed credentials, and the access token opens the API", async () => {
    const user = await ctx.buildUser();
    const response = await signIn({ username: `  ${user.username} `, password: ` ${TEST_PASSWORD} ` });
    expect(response.statusCode).toBe(200);
    const { access, refresh } = response.json();
    expect(access).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(refresh).toMatch(/^[\w-]{43}$/);
    const me = await ctx.app.inject({
      url: "/profile/api/users/me/",
      headers: { authorization: `JWT ${access}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe(user.username);
  });

  it("accepts the username in any letter case and without the trailing slash", async () => {
    const user = await ctx.buildUser();
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/token",
      payload: { username: user.username.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
  });

  it("refuses a wrong password with 401 and a translated detail", async () => {
    const user = await ctx.buildUser();
    const response = await signIn(
      { username: user.username, password: "wrong-password" },
      { "accept-language": "ru" },
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: "Не найдено активной учётной записи с указанными данными" });
  });

  it("refuses an inactive user as it refuses a wrong password", async () => {
    const user = await ctx.buildUser({ is_active: false });
    const response = await signIn(
      { username: user.username, password: TEST_PASSWORD },
      { "accept-language": "en" },
    );
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toBe("No active account found with the given credentials");
  });

  it("answers 400 with the @validation marker when fields are missing", async () => {
    const response = await signIn({}, { "accept-language": "en" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      username: ["This field must be set."],
      password: ["This field must be set."],
      "@validation": "fields_not_provided",
    });
  });

  it("throttles one address guessing one account, with Retry-After, even for the right password", async () => {
    const user = await ctx.buildUser();
    const address = { "x-forwarded-for": "10.0.0.1" };
    for (let i = 0; i < 3; i++) {
      const miss = await signIn({ username: user.username, password: "wrong" }, address);
      expect(miss.statusCode).toBe(401);
    }
    const blocked = await signIn(
      { username: user.username, password: TEST_PASSWORD },
      { ...address, "accept-language": "en" },
    );
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(ctx.config.LOGIN_WINDOW_SECONDS - 60);
    expect(retryAfter).toBeLessThanOrEqual(ctx.config.LOGIN_WINDOW_SECONDS);
    expect(blocked.json().detail).toMatch(/^Too many sign-in attempts/);
    // The owner, from an address with no failures, is not locked out by the stranger.
    const owner = await signIn(
      { username: user.username, password: TEST_PASSWORD },
      { "x-forwarded-for": "10.0.0.2" },
    );
    expect(owner.statusCode).toBe(200);
  });

  it("past the account's limit refuses addresses that failed on it, and still lets a fresh address in", async () => {
    const user = await ctx.buildUser();
    // Five failures from three addresses: each stays under its pair limit (3), the account reaches its own (5).
    for (const n of [1, 1, 2, 2, 3]) {
      const miss = await signIn(
        { username: user.username, password: "wrong" },
        { "x-forwarded-for": `10.0.2.${n}` },
      );
      expect(miss.statusCode).toBe(401);
    }
    const failedBefore = await signIn(
      { username: user.username, password: TEST_PASSWORD },
      { "x-forwarded-for": "10.0.2.1" },
    );
    expect(failedBefore.statusCode).toBe(429);
    const fresh = await signIn(
      { username: user.username, password: TEST_PASSWORD },
      { "x-forwarded-for": "10.0.2.9" },
    );
    expect(fresh.statusCode).toBe(200);
  });

  it("counts parallel guesses atomically: no more than the limit are checked", async () => {
    const user = await ctx.buildUser();
    const address = { "x-forwarded-for": "10.0.3.1" };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => signIn({ username: user.username, password: "wrong" }, address)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });

  it("shares the counter of look-alike spellings of one username", async () => {
    const user = await ctx.buildUser({ username: "throttled" });
    const address = { "x-forwarded-for": "10.0.4.1" };
    for (const spelling of ["THROTTLED", "ｔｈｒｏｔｔｌｅｄ", "thrоttled"]) {
      expect((await signIn({ username: spelling, password: "wrong" }, address)).statusCode).toBe(401);
    }
    const blocked = await signIn({ username: user.username, password: TEST_PASSWORD }, address);
    expect(blocked.statusCode).toBe(429);
  });

  it("throttles an address that tries many accounts", async () => {
    const address = { "x-forwarded-for": "10.9.9.9" };
    for (let i = 0; i < 6; i++) {
      expect((await signIn({ username: `ghost${i}`, password: "wrong" }, address)).statusCode).toBe(401);
    }
    const user = await ctx.buildUser();
    const blocked = await signIn({ username: user.username, password: TEST_PASSWORD }, address);
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await signIn(
      { username: user.username, password: TEST_PASSWORD },
      { "x-forwarded-for": "10.9.9.10" },
    );
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe("POST api/token/refresh/ and api/token/logout/", () => {
  async function pair(user?: { username: string }) {
    const owner = user ?? (await ctx.buildUser());
    const response = await signIn({ username: owner.username, password: TEST_PASSWORD });
    return response.json() as { access: string; refresh: string };
  }
  const refresh = (token: string) =>
    ctx.app.inject({ method: "POST", url: "/api/token/refresh/", payload: { refresh: token } });
  const me = (access: string) =>
    ctx.app.inject({ url: "/profile/api/users/me/", headers: { authorization: `JWT ${access}` } });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("rotates the refresh token: the new pair works, the old refresh token does not once its grace is over", async () => {
    const first = await pair();
    const rotated = await refresh(first.refresh);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json();
    expect(second.refresh).not.toBe(first.refresh);
    expect((await me(second.access)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 31_000 });
    expect((await refresh(first.refresh)).statusCode).toBe(401);
  });

  it("answers a duplicate refresh sent at the same moment with the same new refresh token, revoking nothing", async () => {
    const user = await ctx.buildUser();
    const sessionA = await pair(user);
    const sessionB = await pair(user);
    const answers = await Promise.all([refresh(sessionA.refresh), refresh(sessionA.refresh)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const [one, two] = answers.map((answer) => answer.json() as { access: string; refresh: string });
    expect(one?.refresh).toBe(two?.refresh);
    expect(one?.refresh).not.toBe(sessionA.refresh);
    // Both access tokens, the winner's new refresh token and the other session all still work
    expect((await me(one?.access ?? "")).statusCode).toBe(200);
    expect((await me(two?.access ?? "")).statusCode).toBe(200);
    expect((await refresh(one?.refresh ?? "")).statusCode).toBe(200);
    expect((await refresh(sessionB.refresh)).statusCode).toBe(200);
  });

  it("answers a duplicate within the grace period with the session's live token, after further rotations too", async () => {
    const first = await pair();
    const second = (await refresh(first.refresh)).json();
    const third = (await refresh(second.refresh)).json();
    const duplicate = await refresh(first.refresh);
    expect(duplicate.statusCode).toBe(200);
    expect(duplicate.json().refresh).toBe(third.refresh);
  });

  it("ends only the replayed token's session when a rotated token comes back after the grace period", async () => {
    const user = await ctx.buildUser();
    const stolen = await pair(user);
    const other = await pair(user);
    const current = (await refresh(stolen.refresh)).json();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 31_000 });
    expect((await refresh(stolen.refresh)).statusCode).toBe(401);
    // The replayed token's session is over: its live refresh token and its access tokens too
    expect((await refresh(current.refresh)).statusCode).toBe(401);
    expect((await me(current.access)).statusCode).toBe(401);
    // The user's other session goes on
    expect((await me(other.access)).statusCode).toBe(200);
    expect((await refresh(other.refresh)).statusCode).toBe(200);
  });

  it("logout ends the session: its refresh token and its access token are refused at once, other sessions go on", async () => {
    const user = await ctx.buildUser();
    const tokens = await pair(user);
    const other = await pair(user);
    expect((await me(tokens.access)).statusCode).toBe(200);
    const logout = await ctx.app.inject({
      method: "POST",
      url: "/api/token/logout/",
      payload: { refresh: tokens.refresh },
    });
    expect(logout.statusCode).toBe(204);
    expect((await refresh(tokens.refresh)).statusCode).toBe(401);
    expect((await me(tokens.access)).statusCode).toBe(401);
    expect((await me(other.access)).statusCode).toBe(200);
  });

  it("a new password ends the user's other sessions, access tokens included, and keeps the one that changed it", async () => {
    const user = await ctx.buildUser();
    const other = await pair(user);
    const changer = await pair(user);
    const changed = await ctx.app.inject({
      method: "PUT",
      url: "/profile/api/users/me/",
      headers: { authorization: `JWT ${changer.access}` },
      payload: {
        first_name: "Anna",
        last_name: "Ivanova",
        phone: "+7 900 000-00-00",
        email: "a@example.com",
        current_password: TEST_PASSWORD,
        password: "Brand-New-Pass-77",
        password_confirm: "Brand-New-Pass-77",
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await me(other.access)).statusCode).toBe(401);
    expect((await refresh(other.refresh)).statusCode).toBe(401);
    expect((await me(changed.json().tokens.access)).statusCode).toBe(200);
  });

  it("refuses an unknown refresh token", async () => {
    const response = await refresh("nope");
    expect(response.statusCode).toBe(401);
  });
});

describe("authentication of API calls", () => {
  it("refuses a missing, malformed or forged token with 401", async () => {
    const user = await ctx.buildUser();
    const good = await ctx.authHeaders(user);
    const forged = `${good.authorization?.slice(0, -4)}AAAA`;
    for (const authorization of [undefined, "JWT", "Basic abc", forged]) {
      const response = await ctx.app.inject({
        url: "/profile/api/users/me/",
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode, String(authorization)).toBe(401);
    }
  });

  it("refuses an access token once the user is deactivated or its token version has moved on", async () => {
    const user = await ctx.buildUser();
    const headers = await ctx.authHeaders(user);
    const stale = await ctx.authHeaders({ ...user, token_version: user.token_version - 1 });
    expect((await ctx.app.inject({ url: "/profile/api/users/me/", headers: stale })).statusCode).toBe(401);
    const { users } = await import("../../db/schema/index.ts");
    const { eq } = await import("drizzle-orm");
    await ctx.db.update(users).set({ is_active: false }).where(eq(users.id, user.id));
    expect((await ctx.app.inject({ url: "/profile/api/users/me/", headers })).statusCode).toBe(401);
  });
});

describe("access tokens", () => {
  async function forged(claims: Record<string, unknown>, lifetime: string | null) {
    const { SignJWT } = await import("jose");
    let jwt = new SignJWT({ typ: "access", tv: 1, sid: 1, ...claims })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuedAt();
    if (lifetime) jwt = jwt.setExpirationTime(lifetime);
    return jwt.sign(new TextEncoder().encode(ctx.config.jwtSecret));
  }

  it("refuses a token without an expiry, one past the configured lifetime, or naming no user id or session", async () => {
    const user = await ctx.buildUser();
    const signedIn = (await signIn({ username: user.username, password: TEST_PASSWORD })).json();
    const sid = JSON.parse(Buffer.from(signedIn.access.split(".")[1], "base64url").toString()).sid;
    const valid = await forged({ sub: String(user.id), tv: user.token_version, sid }, "10m");
    const me = (token: string) =>
      ctx.app.inject({ url: "/profile/api/users/me/", headers: { authorization: `JWT ${token}` } });
    expect((await me(valid)).statusCode).toBe(200);
    const refused = [
      await forged({ sub: String(user.id) }, null),
      await forged({ sub: String(user.id) }, "3650d"),
      await forged({ sub: "abc" }, "10m"),
      await forged({ sub: "0" }, "10m"),
      await forged({ sub: "-1" }, "10m"),
      await forged({ sub: "1.5" }, "10m"),
      await forged({ sub: "2147483648" }, "10m"),
      await forged({ sub: String(user.id), tv: "1", sid }, "10m"),
      await forged({ sub: String(user.id), tv: user.token_version, sid: undefined }, "10m"),
      await forged({ sub: String(user.id), tv: user.token_version, sid: sid + 1000 }, "10m"),
      await forged({}, "10m"),
    ];
    for (const token of refused) expect((await me(token)).statusCode).toBe(401);
  });
});

describe("sign-in throttling without a trusted proxy", () => {
  it("ignores a forged X-Forwarded-For, so rotating it does not escape the address limit", async () => {
    const direct = await createTestContext({ LOGIN_MAX_FAILURES_PER_ADDRESS: "2" });
    try {
      const user = await direct.buildUser();
      for (let i = 0; i < 2; i++) {
        const miss = await direct.app.inject({
          method: "POST",
          url: "/api/token/",
          headers: { "x-forwarded-for": `198.51.100.${i}` },
          payload: { username: `nobody${i}`, password: "wrong" },
        });
        expect(miss.statusCode).toBe(401);
      }
      const blocked = await direct.app.inject({
        method: "POST",
        url: "/api/token/",
        headers: { "x-forwarded-for": "198.51.100.77" },
        payload: { username: user.username, password: TEST_PASSWORD },
      });
      expect(blocked.statusCode).toBe(429);
    } finally {
      await direct.close();
    }
  });
});
