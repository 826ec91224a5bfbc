import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/context.ts";

let ctx: TestContext;
beforeAll(async () => {
  // Sign-ups come from clients behind a proxy, each with its own forwarded address, six an hour each.
  ctx = await createTestContext({ SIGNUP_MAX_PER_ADDRESS: "6", TRUST_PROXY: "true" });
});
afterAll(() => ctx?.close());

function signIn(body: unknown, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: "POST", url: "/api/token/", payload: body as object, headers });
}

describe("POST accounts/signup/", () => {
  it("creates a user in state new without a company, who can then sign in", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/accounts/signup/",
      payload: { username: " river.port ", password: "Harbour-Crane-88", repeatPassword: "Harbour-Crane-88" },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      username: "river.port",
      state: "new",
      company_id: null,
      is_manager: false,
      roles: [{ name: "Customer" }],
    });
    const token = await signIn({ username: "river.port", password: "Harbour-Crane-88" });
    expect(token.statusCode).toBe(200);
  });

  it("reports a taken username, a mismatch and weak passwords under their fields", async () => {
    const existing = await ctx.buildUser();
    const response = await ctx.app.inject({
      method: "POST",
      url: "/accounts/signup/",
      headers: { "accept-language": "en" },
      payload: { username: existing.username.toUpperCase(), password: "12345", repeatPassword: "12346" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      username: ["A user with that username already exists."],
      password: [
        "This password is too short. It must contain at least 8 characters.",
        "This password is entirely numeric.",
      ],
      repeatPassword: ["Password confirmation doesn't match Password"],
    });
  });

  it("refuses a password similar to the username and a common one, in Russian by default", async () => {
    const similar = await ctx.app.inject({
      method: "POST",
      url: "/accounts/signup/",
      payload: { username: "volkova.marina", password: "volkova.marina1", repeatPassword: "volkova.marina1" },
    });
    expect(similar.json().password).toEqual(["Пароль слишком похож на значение поля «Имя пользователя»."]);
    const common = await ctx.app.inject({
      method: "POST",
      url: "/accounts/signup/",
      payload: { username: "someone", password: "qwertyuiop", repeatPassword: "qwertyuiop" },
    });
    expect(common.json().password).toEqual(["Этот пароль слишком распространён."]);
  });

  it("refuses characters outside the username alphabet", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/accounts/signup/",
      payload: { username: "bad name;", password: "Harbour-Crane-88", repeatPassword: "Harbour-Crane-88" },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(["username"]);
  });
});

describe("POST accounts/signup/: abuse", () => {
  function signUp(username: string, address: string, password = "Harbour-Crane-88") {
    return ctx.app.inject({
      method: "POST",
      url: "/accounts/signup/",
      headers: { "x-forwarded-for": address, "accept-language": "en" },
      payload: { username, password, repeatPassword: password },
    });
  }

  it("throttles sign-ups per address, whatever their outcome, with Retry-After", async () => {
    for (let i = 0; i < 6; i++) {
      const answer = await signUp(i % 2 ? `farm${i}` : "bad name;", "10.0.5.1");
      expect([201, 400]).toContain(answer.statusCode);
    }
    const blocked = await signUp("farm99", "10.0.5.1");
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(3500);
    expect(blocked.json().detail).toMatch(/^Too many sign-ups from this address/);
    expect((await signUp("farm99", "10.0.5.2")).statusCode).toBe(201);
  });

  it("refuses a username that looks like an existing one", async () => {
    await ctx.buildUser({ username: "harbour" });
    const cyrillic = await signUp("hаrbour", "10.0.6.1");
    expect(cyrillic.statusCode).toBe(400);
    expect(cyrillic.json().username).toEqual(["A user with a username that looks the same already exists."]);
    const fullWidth = await signUp("ＨＡＲＢＯＵＲ", "10.0.6.1");
    expect(fullWidth.json().username).toEqual(["A user with that username already exists."]);
  });

  it("stores the username NFKC-normalised", async () => {
    const answer = await signUp("ｐｏｒｔ．ｍａｓｔｅｒ", "10.0.6.2");
    expect(answer.statusCode).toBe(201);
    expect(answer.json().username).toBe("port.master");
  });

  it("refuses a password of spaces as a missing one", async () => {
    const answer = await signUp("spaces", "10.0.6.3", "          ");
    expect(answer.statusCode).toBe(400);
    expect(answer.json().password).toEqual(["The field is required"]);
  });
});
