import { afterAll, describe, expect, it } from "vitest";
import { announceChange } from "../core/live.ts";
import { createTestContext, TEST_PASSWORD } from "../test/context.ts";
import { type LiveStreamReader, openLiveStream, secondInstance } from "../test/live.ts";

// A live stream ends the moment its session does, told by the ending write, not at its next heartbeat: the
// heartbeat here is the longest allowed, so only that notice can end a stream within a test.
const ctx = await createTestContext({ LIVE_HEARTBEAT_SECONDS: "300", LIVE_MAX_STREAMS_PER_USER: "3" });
const streams: LiveStreamReader[] = [];
afterAll(async () => {
  for (const stream of streams) stream.close();
  await ctx.close();
});

const NEW_PASSWORD = "Harbour-Crane-88";
const forwarder = await ctx.buildCompany({ is_expedition_company: true });
const company = await ctx.buildCompany();
const head = await ctx.buildUser({ company_id: forwarder.id, roles: ["Head"] });
let orders = 0;

type Pair = { access: string; refresh: string };

async function signIn(user: { username: string }, password = TEST_PASSWORD): Promise<Pair> {
  const answer = await ctx.app.inject({
    method: "POST",
    url: "/api/token/",
    payload: { username: user.username, password },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

const logout = (refresh: string) =>
  ctx.app.inject({ method: "POST", url: "/api/token/logout/", payload: { refresh } });

async function streamOf(access: string, app = ctx.app) {
  const stream = await openLiveStream(app, { authorization: `JWT ${access}` });
  streams.push(stream);
  return stream;
}

/** A change of a row of the company, as any write announces it: what the company's streams hear. */
async function announceOrderChange() {
  orders += 1;
  await announceChange(ctx.db, {
    resource: "freight_orders",
    id: orders,
    action: "changed",
    companies: [company.id],
  });
  return { event: "change", data: { resource: "freight_orders", id: orders, action: "changed" } };
}

/** The stream's last event says its session ended, and then it ends: nothing more comes. */
async function expectEndedWithSession(stream: LiveStreamReader) {
  expect(await stream.next()).toEqual({ event: "end", data: { reason: "session_ended" } });
  await stream.ended;
  await expect(stream.next()).rejects.toThrow("the stream has ended");
}

describe("GET /api/live/ ends with its session, at once", () => {
  it("on logout, saying why, and delivers nothing more; the user's other session's stream goes on", async () => {
    const user = await ctx.buildUser({ company_id: company.id });
    const [first, second] = [await signIn(user), await signIn(user)];
    const [ending, going] = [await streamOf(first.access), await streamOf(second.access)];
    expect((await logout(first.refresh)).statusCode).toBe(204);
    await expectEndedWithSession(ending);
    // A change after the logout: the other session's stream hears it, the ended one cannot
    const change = await announceOrderChange();
    expect(await going.next()).toEqual(change);
  });

  it("on the user's own password change: every session's stream; the new pair's stream opens", async () => {
    const user = await ctx.buildUser({ company_id: company.id });
    const [first, second] = [await signIn(user), await signIn(user)];
    const open = [await streamOf(first.access), await streamOf(second.access)];
    const changed = await ctx.app.inject({
      method: "PUT",
      url: "/profile/api/users/me/",
      headers: { authorization: `JWT ${first.access}` },
      payload: {
        first_name: user.first_name,
        last_name: user.last_name,
        email: user.email,
        phone: user.phone,
        current_password: TEST_PASSWORD,
        password: NEW_PASSWORD,
        password_confirm: NEW_PASSWORD,
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    for (const stream of open) await expectEndedWithSession(stream);
    const fresh = await streamOf(changed.json().tokens.access);
    const change = await announceOrderChange();
    expect(await fresh.next()).toEqual(change);
  });

  it("on a deactivation and on an administrator's password reset", async () => {
    const api = await ctx.as(head);
    const changes = [{ is_active: false }, { password: NEW_PASSWORD, password_confirm: NEW_PASSWORD }];
    for (const change of changes) {
      const user = await ctx.buildUser({ company_id: company.id });
      const stream = await streamOf((await signIn(user)).access);
      const saved = await api.patch(`/profile/api/users/${user.id}/`, change);
      expect(saved.statusCode, saved.body).toBe(200);
      await expectEndedWithSession(stream);
    }
  });

  it("on another instance of the API on the same database", async () => {
    const other = await secondInstance(ctx);
    try {
      const user = await ctx.buildUser({ company_id: company.id });
      const tokens = await signIn(user);
      const elsewhere = await streamOf(tokens.access, other.app);
      expect((await logout(tokens.refresh)).statusCode).toBe(204);
      await expectEndedWithSession(elsewhere);
    } finally {
      await other.close();
    }
  });
});

describe("GET /api/live/: streams of one user", () => {
  it("holds at most LIVE_MAX_STREAMS_PER_USER: a new one ends the oldest, saying why; the others and other users' go on", async () => {
    const user = await ctx.buildUser({ company_id: company.id });
    const neighbour = await ctx.buildUser({ company_id: company.id });
    const { access } = await signIn(user);
    const [oldest, ...kept] = [await streamOf(access), await streamOf(access), await streamOf(access)];
    const others = await streamOf((await signIn(neighbour)).access);
    const newest = await streamOf(access);
    expect(await oldest.next()).toEqual({ event: "end", data: { reason: "too_many_streams" } });
    await oldest.ended;
    const change = await announceOrderChange();
    for (const stream of [...kept, newest, others]) expect(await stream.next()).toEqual(change);
  });
});
