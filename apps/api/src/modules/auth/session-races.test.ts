import { afterAll, describe, expect, it } from "vitest";
import { createTestContext, TEST_PASSWORD } from "../../test/context.ts";

// Writes that end a session, raced against refreshes of that session: on PostgreSQL they once deadlocked with the
// rotation (the write answered 500, did not happen, and the session lived on). On the embedded database the
// requests take turns, so this shows the outcome only; the race itself needs TEST_DATABASE_URL.
const ctx = await createTestContext();
afterAll(() => ctx.close());

const NEW_PASSWORD = "Brand-New-Pass-77";
const LOOPS = 4;
const ROUNDS = 3;
/** Rotations made by the loops together before the write is sent: the race is under way by then. */
const ROTATIONS_BEFORE_WRITE = 8;

const forwarder = await ctx.buildCompany({ is_expedition_company: true });
const company = await ctx.buildCompany();
const head = await ctx.buildUser({ company_id: forwarder.id, roles: ["Head"], is_administrator: true });

type Pair = { access: string; refresh: string };

const refresh = (token: string) =>
  ctx.app.inject({ method: "POST", url: "/api/token/refresh/", payload: { refresh: token } });
const me = (access: string) =>
  ctx.app.inject({ url: "/profile/api/users/me/", headers: { authorization: `JWT ${access}` } });

async function signIn(username: string): Promise<Pair> {
  const answer = await ctx.app.inject({
    method: "POST",
    url: "/api/token/",
    payload: { username, password: TEST_PASSWORD },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

/** How a refresh loop ended: refused once the session was over, or what went wrong. */
type LoopEnd = { outcome: "refused"; last: Pair } | { outcome: "lived on" | "failed"; detail: string };

/**
 * An attacker's loop: refreshes the stolen token, then each new one, until refused. A refresh sent after the write
 * answered that still succeeds means the session outlived the write; any answer but 200 or 401 is a failure.
 */
async function refreshLoop(stolen: string, state: { rotations: number; isWritten: boolean }) {
  let last: Pair = { access: "", refresh: stolen };
  for (;;) {
    const isAfterWrite = state.isWritten;
    const answer = await refresh(last.refresh);
    if (answer.statusCode === 401) return { outcome: "refused", last } satisfies LoopEnd;
    if (answer.statusCode !== 200) return { outcome: "failed", detail: answer.body } satisfies LoopEnd;
    if (isAfterWrite) return { outcome: "lived on", detail: "a refresh after the write" } satisfies LoopEnd;
    last = answer.json();
    state.rotations += 1;
  }
}

/**
 * Races `write` (which ends the victim's session) against four loops refreshing the victim's stolen refresh token:
 * the write must answer `status`, every loop must end refused, and the session's last access token too.
 */
async function race(
  victim: { username: string },
  write: (victim: Pair) => Promise<{ statusCode: number; body: string }>,
  status = 200,
) {
  const session = await signIn(victim.username);
  const state = { rotations: 0, isWritten: false };
  const loops = Array.from({ length: LOOPS }, () => refreshLoop(session.refresh, state));
  // Waits on the loops' progress (never on time): the write lands among the rotations
  while (state.rotations < ROTATIONS_BEFORE_WRITE) await new Promise(setImmediate);
  const answer = await write(session);
  state.isWritten = true;
  const ends = await Promise.all(loops);
  expect(answer.statusCode, answer.body).toBe(status);
  for (const end of ends) {
    expect(end).toMatchObject({ outcome: "refused" });
    if (end.outcome === "refused" && end.last.access)
      expect((await me(end.last.access)).statusCode).toBe(401);
  }
  expect((await me(session.access)).statusCode).toBe(401);
}

describe("a session-ending write racing four refresh loops of the same session", () => {
  it("the own password change lands and ends the session", async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const victim = await ctx.buildUser({ company_id: company.id });
      await race(victim, (session) =>
        ctx.app.inject({
          method: "PUT",
          url: "/profile/api/users/me/",
          headers: { authorization: `JWT ${session.access}` },
          payload: {
            first_name: victim.first_name,
            last_name: victim.last_name,
            email: victim.email,
            phone: victim.phone,
            current_password: TEST_PASSWORD,
            password: NEW_PASSWORD,
            password_confirm: NEW_PASSWORD,
          },
        }),
      );
    }
  });

  it("an administrator's password reset lands and ends the session", async () => {
    const api = await ctx.as(head);
    for (let round = 0; round < ROUNDS; round += 1) {
      const victim = await ctx.buildUser({ company_id: company.id });
      await race(victim, () =>
        api.patch(`/profile/api/users/${victim.id}/`, {
          password: NEW_PASSWORD,
          password_confirm: NEW_PASSWORD,
        }),
      );
    }
  });

  it("a deactivation lands and ends the session", async () => {
    const api = await ctx.as(head);
    for (let round = 0; round < ROUNDS; round += 1) {
      const victim = await ctx.buildUser({ company_id: company.id });
      await race(victim, () => api.patch(`/profile/api/users/${victim.id}/`, { is_active: false }));
    }
  });

  it("a logout with the session's first refresh token lands and ends the session", async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const victim = await ctx.buildUser({ company_id: company.id });
      await race(
        victim,
        (session) =>
          ctx.app.inject({
            method: "POST",
            url: "/api/token/logout/",
            payload: { refresh: session.refresh },
          }),
        204,
      );
    }
  });
});
