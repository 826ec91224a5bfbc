import { afterAll, describe, expect, it } from "vitest";
import { createTestContext, TEST_PASSWORD } from "../../test/context.ts";

// The own password change asks for the current password (ASVS V6); an administrator's reset does not.
const ctx = await createTestContext({
  LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS: "3",
  // The tests play clients behind a proxy, each with its own forwarded address.
  TRUST_PROXY: "true",
});
afterAll(() => ctx.close());

const NEW_PASSWORD = "Harbour-Crane-88";
const forwarder = await ctx.buildCompany({ is_expedition_company: true });
const head = await ctx.buildUser({ company_id: forwarder.id, roles: ["Head"] });
let addresses = 0;

/** A user signed in from an address of their own, with their session's tokens. */
async function signedIn() {
  const user = await ctx.buildUser();
  addresses += 1;
  const address = `10.20.0.${addresses}`;
  const answer = await signIn(user.username, TEST_PASSWORD, address);
  expect(answer.statusCode, answer.body).toBe(200);
  return { user, address, ...(answer.json() as { access: string; refresh: string }) };
}

function signIn(username: string, password: string, address: string) {
  return ctx.app.inject({
    method: "POST",
    url: "/api/token/",
    headers: { "x-forwarded-for": address, "accept-language": "en" },
    payload: { username, password },
  });
}

function changeOwn(
  session: {
    access: string;
    address: string;
    user: Record<"first_name" | "last_name" | "email" | "phone", string>;
  },
  passwords: Record<string, string>,
  lang = "en",
) {
  return ctx.app.inject({
    method: "PUT",
    url: "/profile/api/users/me/",
    headers: {
      authorization: `JWT ${session.access}`,
      "x-forwarded-for": session.address,
      "accept-language": lang,
    },
    payload: {
      first_name: session.user.first_name,
      last_name: session.user.last_name,
      email: session.user.email,
      phone: session.user.phone,
      ...passwords,
    },
  });
}

const me = (access: string) =>
  ctx.app.inject({ url: "/profile/api/users/me/", headers: { authorization: `JWT ${access}` } });

describe("PUT profile/api/users/me/ with a new password", () => {
  it("asks for the current password: missing or wrong, a translated 400 on that field, and nothing changes", async () => {
    const session = await signedIn();
    const missing = await changeOwn(session, { password: NEW_PASSWORD, password_confirm: NEW_PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      current_password: ["The field is required"],
      "@validation": "fields_not_provided",
    });
    const passwords = { current_password: "Not-The-Password-1", password: NEW_PASSWORD };
    const wrong = await changeOwn(session, { ...passwords, password_confirm: NEW_PASSWORD }, "ru");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ current_password: ["Текущий пароль указан неверно"] });
    const wrongEn = await changeOwn(session, { ...passwords, password_confirm: NEW_PASSWORD });
    expect(wrongEn.json()).toEqual({ current_password: ["The current password is wrong"] });

    // The session goes on, the password is the old one, the profile is as it was
    const unchanged = await me(session.access);
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json().version).toBe(session.user.version);
    // (From another address: the two wrong ones and this one reach the limit of this address, 3)
    expect((await signIn(session.user.username, NEW_PASSWORD, session.address)).statusCode).toBe(401);
    expect((await signIn(session.user.username, TEST_PASSWORD, "10.20.2.1")).statusCode).toBe(200);
  });

  it("changes it with the right current password", async () => {
    const session = await signedIn();
    const changed = await changeOwn(session, {
      current_password: TEST_PASSWORD,
      password: NEW_PASSWORD,
      password_confirm: NEW_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await signIn(session.user.username, NEW_PASSWORD, session.address)).statusCode).toBe(200);
  });

  it("counts a wrong current password as a failed sign-in: past the limit, 429 with Retry-After, sign-in too", async () => {
    const session = await signedIn();
    for (let i = 0; i < 3; i += 1) {
      const wrong = await changeOwn(session, {
        current_password: `Guess-${i}-Password`,
        password: NEW_PASSWORD,
        password_confirm: NEW_PASSWORD,
      });
      expect(wrong.statusCode).toBe(400);
    }
    // Even the right one is not checked any more from that address: it cannot be guessed faster than a sign-in
    const right = { current_password: TEST_PASSWORD, password: NEW_PASSWORD, password_confirm: NEW_PASSWORD };
    const refused = await changeOwn(session, right);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json().detail).toMatch(/^Too many sign-in attempts/);
    expect((await signIn(session.user.username, TEST_PASSWORD, session.address)).statusCode).toBe(429);
    // Nothing changed: the old password still signs in elsewhere
    expect((await signIn(session.user.username, TEST_PASSWORD, "10.20.1.1")).statusCode).toBe(200);
  });

  it("leaves the rest of the profile alone: a save without a new password asks for nothing", async () => {
    const session = await signedIn();
    const saved = await changeOwn(session, {});
    expect(saved.statusCode, saved.body).toBe(200);
  });
});

describe("PATCH profile/api/users/{id}/ with a new password (an administrator's reset)", () => {
  it("asks for no current password: the administrator does not know it", async () => {
    const session = await signedIn();
    const reset = await (await ctx.as(head)).patch(`/profile/api/users/${session.user.id}/`, {
      password: NEW_PASSWORD,
      password_confirm: NEW_PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await me(session.access)).statusCode).toBe(401);
    expect((await signIn(session.user.username, NEW_PASSWORD, session.address)).statusCode).toBe(200);
  });
});
