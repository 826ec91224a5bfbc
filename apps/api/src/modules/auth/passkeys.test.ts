import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authChallenges } from "../../db/schema/index.ts";
import { createTestContext, TEST_PASSWORD, type TestContext } from "../../test/context.ts";
import { type SoftCredential, softAuthenticator } from "../../test/soft-authenticator.ts";
import { totpCode } from "./totp.ts";

let ctx: TestContext;
let origin: string;
beforeAll(async () => {
  ctx = await createTestContext({ STAFF_SECOND_FACTOR: "required" });
  origin = new URL(ctx.config.PORTAL_URL).origin;
});
afterAll(() => ctx?.close());

function post(url: string, payload: object, access?: string) {
  return ctx.app.inject({
    method: "POST",
    url,
    payload,
    headers: { "accept-language": "en", ...(access ? { authorization: `JWT ${access}` } : {}) },
  });
}

async function passwordSignIn(username: string) {
  const answer = await post("/api/token/", { username, password: TEST_PASSWORD });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

/** Registers a passkey for a signed-in user: the soft authenticator's credential and the registration's answer. */
async function registerPasskey(access: string, name = "Laptop") {
  const options = (await post("/profile/api/security/passkeys/options/", {}, access)).json().options;
  const { credential, made } = softAuthenticator.create(options, origin);
  const registered = await post("/profile/api/security/passkeys/", { name, credential }, access);
  expect(registered.statusCode, registered.body).toBe(201);
  return { made, answer: registered.json() };
}

async function signInOptions(ticket?: string) {
  const answer = await post("/api/token/passkey/options/", ticket ? { ticket } : {});
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().options;
}

async function passkeySignIn(made: SoftCredential, ticket?: string, from = origin) {
  const options = await signInOptions(ticket);
  const credential = softAuthenticator.get(made, options, from);
  return post("/api/token/passkey/", { credential, ...(ticket ? { ticket } : {}) });
}

function ordersWith(access: string) {
  return ctx.app.inject({
    url: "/tracking/api/freight_orders/",
    headers: { authorization: `JWT ${access}` },
  });
}

const forwarder = () => ctx.buildCompany({ is_expedition_company: true });
/** The kinds of actor each sign-in path is tried as. */
const ACTORS = {
  client: async () => ctx.buildUser({ company_id: (await ctx.buildCompany()).id }),
  manager: async () => ctx.buildUser({ company_id: (await forwarder()).id, roles: ["Manager"] }),
  administrator: async () =>
    ctx.buildUser({ company_id: (await forwarder()).id, roles: ["Head"], is_administrator: true }),
};

describe("passkeys", () => {
  for (const [actor, build] of Object.entries(ACTORS)) {
    it(`signs a ${actor} in with the password alone until a passkey, then with the passkey alone`, async () => {
      const user = await build();
      const first = await passwordSignIn(user.username);
      // Staff without a factor are let in to enrol only; a customer opens everything with the password alone
      expect((await ordersWith(first.access)).statusCode).toBe(actor === "client" ? 200 : 403);
      const { made, answer } = await registerPasskey(first.access);
      expect(answer.recovery_codes).toHaveLength(10);
      const alone = await passkeySignIn(made);
      expect(alone.statusCode, alone.body).toBe(200);
      expect((await ordersWith(alone.json().access)).statusCode).toBe(200);
    });

    it(`signs a ${actor} in with the password and a passkey as the second step`, async () => {
      const user = await build();
      const { made } = await registerPasskey((await passwordSignIn(user.username)).access);
      const step = await passwordSignIn(user.username);
      expect(step.second_step.methods).toEqual(["recovery_code", "passkey"]);
      const second = await passkeySignIn(made, step.second_step.ticket);
      expect(second.statusCode, second.body).toBe(200);
      expect((await ordersWith(second.json().access)).statusCode).toBe(200);
    });

    it(`signs a ${actor} in with the password and a one-time code, or a recovery code`, async () => {
      const user = await build();
      const first = await passwordSignIn(user.username);
      const { secret } = (await post("/profile/api/security/totp/", {}, first.access)).json();
      const confirmed = await post(
        "/profile/api/security/totp/confirm/",
        { code: totpCode(secret, Date.now() - 30_000) },
        first.access,
      );
      const [recoveryCode] = confirmed.json().recovery_codes;
      const withCode = await passwordSignIn(user.username);
      const coded = await post("/api/token/second-step/", {
        ticket: withCode.second_step.ticket,
        code: totpCode(secret),
      });
      expect(coded.statusCode, coded.body).toBe(200);
      expect((await ordersWith(coded.json().access)).statusCode).toBe(200);
      const withRecovery = await passwordSignIn(user.username);
      const recovered = await post("/api/token/second-step/", {
        ticket: withRecovery.second_step.ticket,
        code: recoveryCode,
      });
      expect(recovered.statusCode, recovered.body).toBe(200);
    });
  }

  it("refuses a replayed assertion, a wrong origin, a stale challenge and another user's passkey", async () => {
    const user = await ctx.buildUser();
    const { made } = await registerPasskey((await passwordSignIn(user.username)).access);
    const options = await signInOptions();
    const credential = softAuthenticator.get(made, options, origin);
    expect((await post("/api/token/passkey/", { credential })).statusCode).toBe(200);
    const replayed = await post("/api/token/passkey/", { credential });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toEqual({ detail: "This passkey was not accepted" });

    expect((await passkeySignIn(made, undefined, "https://portal.example.evil")).statusCode).toBe(401);

    const stale = await signInOptions();
    await ctx.db
      .update(authChallenges)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(authChallenges.kind, "passkey_sign_in"));
    const late = await post("/api/token/passkey/", {
      credential: softAuthenticator.get(made, stale, origin),
    });
    expect(late.statusCode).toBe(401);

    // Another user's ticket with this user's passkey: the second step is that user's own
    const other = await ctx.buildUser();
    const otherFirst = await passwordSignIn(other.username);
    await registerPasskey(otherFirst.access, "Phone");
    const otherStep = await passwordSignIn(other.username);
    const foreign = await passkeySignIn(made, otherStep.second_step.ticket);
    expect(foreign.statusCode).toBe(401);
  });

  it("refuses a counter that does not move on (a cloned authenticator)", async () => {
    const user = await ctx.buildUser();
    const { made } = await registerPasskey((await passwordSignIn(user.username)).access);
    expect((await passkeySignIn(made)).statusCode).toBe(200);
    made.counter -= 1;
    expect((await passkeySignIn(made)).statusCode).toBe(401);
  });

  it("lists the own passkeys without their keys, removes one (another's: 404) and refuses a registration twice", async () => {
    const user = await ctx.buildUser();
    const { access } = await passwordSignIn(user.username);
    const { made, answer } = await registerPasskey(access, "Laptop");
    await registerPasskey(access, "Phone");
    const overview = (
      await ctx.app.inject({
        url: "/profile/api/security/",
        headers: { authorization: `JWT ${access}` },
      })
    ).json();
    expect(overview.passkeys.map((row: { name: string }) => row.name)).toEqual(["Laptop", "Phone"]);
    expect(JSON.stringify(overview)).not.toContain(made.id);
    const stranger = await ctx.buildUser();
    const theirs = await passwordSignIn(stranger.username);
    const refused = await ctx.app.inject({
      method: "DELETE",
      url: `/profile/api/security/passkeys/${answer.id}/`,
      headers: { authorization: `JWT ${theirs.access}` },
      payload: { current_password: TEST_PASSWORD },
    });
    expect(refused.statusCode).toBe(404);
    const removed = await ctx.app.inject({
      method: "DELETE",
      url: `/profile/api/security/passkeys/${answer.id}/`,
      headers: { authorization: `JWT ${access}` },
      payload: { current_password: TEST_PASSWORD },
    });
    expect(removed.statusCode).toBe(204);
    expect((await passkeySignIn(made)).statusCode).toBe(401);
  });

  it("takes a registration's challenge once", async () => {
    const user = await ctx.buildUser();
    const { access } = await passwordSignIn(user.username);
    const options = (await post("/profile/api/security/passkeys/options/", {}, access)).json().options;
    const first = softAuthenticator.create(options, origin);
    expect(
      (await post("/profile/api/security/passkeys/", { name: "A", credential: first.credential }, access))
        .statusCode,
    ).toBe(201);
    const second = softAuthenticator.create(options, origin);
    const again = await post(
      "/profile/api/security/passkeys/",
      { name: "B", credential: second.credential },
      access,
    );
    expect(again.statusCode).toBe(400);
  });
});
