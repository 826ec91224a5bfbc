import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { announceChange } from "../core/live.ts";
import { relatedUsers, users } from "../db/schema/index.ts";
import { createTestContext, TEST_PASSWORD } from "../test/context.ts";
import { type LiveStreamReader, openLiveStream, secondInstance } from "../test/live.ts";
import { buildOrder } from "../test/orders.ts";

// A heartbeat every 0.2 s: a session's end is seen within a fraction of a second
const ctx = await createTestContext({ LIVE_HEARTBEAT_SECONDS: "0.2" });
const streams: LiveStreamReader[] = [];
afterAll(async () => {
  for (const stream of streams) stream.close();
  await ctx.close();
});

const ORDERS = "/tracking/api/freight_orders/";
const forwarder = await ctx.buildCompany({ is_expedition_company: true });
const companyA = await ctx.buildCompany();
const companyB = await ctx.buildCompany();
const manager = await ctx.buildUser({ company_id: forwarder.id, roles: ["Manager"] });
const head = await ctx.buildUser({ company_id: forwarder.id, roles: ["Head"] });
const clientA = await ctx.buildUser({ company_id: companyA.id });
const clientB = await ctx.buildUser({ company_id: companyB.id });

async function streamOf(user: { id: number; token_version: number }, app = ctx.app) {
  const stream = await openLiveStream(app, await ctx.authHeaders(user));
  streams.push(stream);
  return stream;
}

const orderOf = (company: { id: number }) =>
  buildOrder(ctx.db, { company_id: company.id, author_id: manager.id });

describe("GET /api/live/", () => {
  it("refuses the anonymous with 401 and a request that does not ask for an event stream with 406", async () => {
    const anonymous = await ctx.app.inject({ url: "/api/live/", headers: { accept: "text/event-stream" } });
    expect(anonymous.statusCode).toBe(401);
    const plain = await ctx.app.inject({ url: "/api/live/", headers: await ctx.authHeaders(clientA) });
    expect(plain.statusCode).toBe(406);
    expect(plain.json().detail).toMatch(/text\/event-stream/);
  });

  it("tells the order's company and the managers of its creation and changes; another company hears nothing", async () => {
    const [hearsA, hearsAll, hearsB] = [
      await streamOf(clientA),
      await streamOf(manager),
      await streamOf(clientB),
    ];
    const created = await (await ctx.as(clientA)).post(ORDERS, { description_of_goods: "Лес" });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const heard = { event: "change", data: { resource: "freight_orders", id, action: "created" } };
    expect(await hearsA.next()).toEqual(heard);
    expect(await hearsAll.next()).toEqual(heard);

    // Notices arrive in their commits' order: company B's client hears its own order's change first, so nothing of
    // company A's order came before it
    const ownB = await orderOf(companyB);
    const changedB = await (await ctx.as(manager)).patch(`${ORDERS}${ownB.id}/`, { notes: "Склад 2" });
    expect(changedB.statusCode, changedB.body).toBe(200);
    expect(await hearsB.next()).toEqual({
      event: "change",
      data: { resource: "freight_orders", id: ownB.id, action: "changed" },
    });
    expect((await hearsAll.next()).data).toMatchObject({ id: ownB.id });
  });

  it("announces a change, a status move, the paid flag and a deletion of an order", async () => {
    const hears = await streamOf(clientA);
    const order = await orderOf(companyA);
    const api = await ctx.as(manager);
    const calls = [
      () => api.patch(`${ORDERS}${order.id}/`, { notes: "Срочно", version: 1 }),
      () => api.patch(`${ORDERS}${order.id}/`, { status: 2, approved_cost: 1500, version: 2 }),
      async () =>
        (await ctx.as(head)).patch(`${ORDERS}${order.id}/set_is_paid/`, { is_paid: true, version: 3 }),
      () => api.delete(`${ORDERS}${order.id}/`),
    ];
    const actions: string[] = [];
    for (const call of calls) {
      const answer = await call();
      expect(answer.statusCode, answer.body).toBeLessThan(300);
      // The status move and the payment also tell the client a notification of their own: not this test's concern
      let { data } = await hears.next();
      while ((data as { resource: string }).resource === "notifications") ({ data } = await hears.next());
      expect(data).toMatchObject({ resource: "freight_orders", id: order.id });
      actions.push((data as { action: string }).action);
    }
    expect(actions).toEqual(["changed", "changed", "changed", "deleted"]);
  });

  it("tells both companies when an order moves from one to the other", async () => {
    const [hearsA, hearsB] = [await streamOf(clientA), await streamOf(clientB)];
    const order = await orderOf(companyA);
    const moved = await (await ctx.as(manager)).patch(`${ORDERS}${order.id}/`, { company: companyB.id });
    expect(moved.statusCode, moved.body).toBe(200);
    for (const stream of [hearsA, hearsB]) expect((await stream.next()).data).toMatchObject({ id: order.id });
  });

  it("publishes nothing of a write that rolls back, nor of a refused one", async () => {
    const hears = await streamOf(clientA);
    const [rolledBack, refused, committed] = [
      await orderOf(companyA),
      await orderOf(companyA),
      await orderOf(companyA),
    ];
    await expect(
      ctx.db.transaction(async (db) => {
        await announceChange(db, {
          resource: "freight_orders",
          id: rolledBack.id,
          action: "changed",
          companies: [companyA.id],
        });
        throw new Error("the write fails after its announcement");
      }),
    ).rejects.toThrow(/fails/);
    const stale = await (await ctx.as(manager)).patch(`${ORDERS}${refused.id}/`, {
      notes: "x",
      version: 7,
    });
    expect(stale.statusCode).toBe(409);
    const saved = await (await ctx.as(manager)).patch(`${ORDERS}${committed.id}/`, { notes: "Да" });
    expect(saved.statusCode, saved.body).toBe(200);
    // The first change the stream hears is the committed one
    expect((await hears.next()).data).toMatchObject({ id: committed.id });
  });

  it("follows a change of the user's companies: a new related company's orders are heard from the next heartbeat", async () => {
    const related = await ctx.buildUser({ company_id: companyB.id });
    const hears = await streamOf(related);
    await ctx.db.insert(relatedUsers).values({ company_id: companyA.id, user_id: related.id });
    const order = await orderOf(companyA);
    // Changed until a change is heard: the stream picks the new company up at its next heartbeat
    const heard = hears.next();
    let isHeard = false;
    void heard.then(() => {
      isHeard = true;
    });
    const deadline = Date.now() + 5_000;
    while (!isHeard && Date.now() < deadline) {
      await (await ctx.as(manager)).patch(`${ORDERS}${order.id}/`, { notes: `Проверка ${Date.now()}` });
      await new Promise((done) => setTimeout(done, 100));
    }
    expect((await heard).data).toMatchObject({ id: order.id, action: "changed" });
  });
});

describe("GET /api/live/: users' sign-ups and their decisions, told to staff only", () => {
  /** The next change a stream hears of a resource, past the others (notifications of the same writes). */
  async function nextOf(stream: LiveStreamReader, resource: string) {
    for (;;) {
      const { data } = await stream.next();
      if ((data as { resource: string }).resource === resource) return data;
    }
  }

  it("tells the managers of a sign-up, its sending to confirmation, its approval and a decline; no client hears of them", async () => {
    const [hearsAll, hearsA, hearsB] = [
      await streamOf(manager),
      await streamOf(clientA),
      await streamOf(clientB),
    ];
    const password = "Harbour-Crane-88";
    const signup = await ctx.app.inject({
      method: "POST",
      url: "/accounts/signup/",
      payload: { username: "amur.terminal", password, repeatPassword: password },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const id = signup.json().id as number;
    expect(await nextOf(hearsAll, "users")).toEqual({ resource: "users", id, action: "created" });

    const [account] = await ctx.db.select().from(users).where(eq(users.id, id));
    const sent = await (await ctx.as(account as (typeof users)["$inferSelect"])).put(
      "/profile/api/users/me/",
      {
        first_name: "Пётр",
        last_name: "Иванов",
        phone: "+7 383 210-44-12",
        email: "p.ivanov@example.ru",
        status: "pending",
        request_inn: "2724123459",
        request_name: "ООО «Амурский терминал»",
      },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await nextOf(hearsAll, "users")).toEqual({ resource: "users", id, action: "changed" });

    // Approved into company A, and another applicant of company A declined: company A's client hears neither
    const api = await ctx.as(manager);
    const approved = await api.patch(`/profile/api/users/${id}/`, {
      state: "approved",
      company_id: companyA.id,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await nextOf(hearsAll, "users")).toEqual({ resource: "users", id, action: "changed" });
    const applicant = await ctx.buildUser({ state: "pending", company_id: companyA.id });
    const declined = await api.patch(`/profile/api/users/${applicant.id}/`, { state: "declined" });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await nextOf(hearsAll, "users")).toEqual({
      resource: "users",
      id: applicant.id,
      action: "changed",
    });

    // Notices arrive in their commits' order: each client's first event is a later change of their own company's
    for (const [company, hears] of [
      [companyA, hearsA],
      [companyB, hearsB],
    ] as const) {
      const order = await orderOf(company);
      const changed = await api.patch(`${ORDERS}${order.id}/`, { notes: "После решений" });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await hears.next()).data).toEqual({
        resource: "freight_orders",
        id: order.id,
        action: "changed",
      });
    }
  });
});

describe("GET /api/live/: every other write of a user, told to staff only", () => {
  it("tells the managers of a client's own profile, an employee added to a company and a deactivation; neither the company's clients nor its related users hear of them, and the notice holds nothing of the user", async () => {
    const colleague = await ctx.buildUser({ company_id: companyA.id });
    const related = await ctx.buildUser({ company_id: companyB.id });
    await ctx.db.insert(relatedUsers).values({ user_id: related.id, company_id: companyA.id });
    const [hearsAll, hearsA, hearsRelated] = [
      await streamOf(head),
      await streamOf(clientA),
      await streamOf(related),
    ];
    const nextUsers = async () => {
      for (;;) {
        const { data } = await hearsAll.next();
        if ((data as { resource: string }).resource === "users") return data;
      }
    };

    const own = await (await ctx.as(colleague)).put("/profile/api/users/me/", {
      first_name: "Ольга",
      last_name: "Петрова",
      phone: "+7 383 210-44-13",
      email: "o.petrova@example.ru",
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(await nextUsers()).toEqual({ resource: "users", id: colleague.id, action: "changed" });

    const api = await ctx.as(manager);
    const employee = await api.post(`/profile/api/companies/${companyA.id}/users/`, {
      username: "sib.employee",
      password: "Harbour-Crane-89",
      password_confirm: "Harbour-Crane-89",
      email: "employee@example.ru",
    });
    expect(employee.statusCode, employee.body).toBe(201);
    expect(await nextUsers()).toEqual({ resource: "users", id: employee.json().id, action: "created" });

    const deactivated = await api.patch(`/profile/api/users/${colleague.id}/`, { is_active: false });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect(await nextUsers()).toEqual({ resource: "users", id: colleague.id, action: "changed" });

    // Each client's first event is a later change of company A's order: nothing of the users came before it
    const order = await orderOf(companyA);
    const changed = await api.patch(`${ORDERS}${order.id}/`, { notes: "После пользователей" });
    expect(changed.statusCode, changed.body).toBe(200);
    for (const hears of [hearsA, hearsRelated]) {
      expect((await hears.next()).data).toEqual({
        resource: "freight_orders",
        id: order.id,
        action: "changed",
      });
    }
  });
});

describe("the live stream ends with its session, at the next heartbeat", () => {
  it("ends on logout", async () => {
    const user = await ctx.buildUser({ company_id: companyA.id });
    const signIn = await ctx.app.inject({
      method: "POST",
      url: "/api/token/",
      payload: { username: user.username, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const { access, refresh } = signIn.json() as { access: string; refresh: string };
    const stream = await openLiveStream(ctx.app, { authorization: `JWT ${access}` });
    streams.push(stream);
    const logout = await ctx.app.inject({ method: "POST", url: "/api/token/logout/", payload: { refresh } });
    expect(logout.statusCode).toBe(204);
    await stream.ended;
  });

  it("ends when the user is deactivated or their password changes (a new token version)", async () => {
    for (const change of [{ is_active: false }, { token_version: sql`${users.token_version} + 1` }]) {
      const user = await ctx.buildUser({ company_id: companyA.id });
      const stream = await streamOf(user);
      await ctx.db.update(users).set(change).where(eq(users.id, user.id));
      await stream.ended;
    }
  });
});

describe("several API instances on one database", () => {
  it("deliver to the streams of both an event written through either", async () => {
    // A second instance: on a server its own connections to the same database, on the embedded one the same
    // database in the same process
    const other = await secondInstance(ctx);
    try {
      const order = await orderOf(companyA);
      const [onFirst, onSecond] = [await streamOf(clientA), await streamOf(manager, other.app)];
      for (const [index, app] of [ctx.app, other.app].entries()) {
        const headers = await ctx.authHeaders(manager);
        const answer = await app.inject({
          method: "PATCH",
          url: `${ORDERS}${order.id}/`,
          headers,
          payload: { notes: `Через экземпляр ${index + 1}` },
        });
        expect(answer.statusCode, answer.body).toBe(200);
        for (const stream of [onFirst, onSecond]) {
          expect((await stream.next()).data).toEqual({
            resource: "freight_orders",
            id: order.id,
            action: "changed",
          });
        }
      }
    } finally {
      await other.close();
    }
  });

  // A client that stopped reading without closing its socket (as fetch's abort leaves it) kept the instance's close
  // waiting for the connection's keep-alive time (72 s) once the stream had been written to after it stopped
  it("close at once, whatever their streams' clients do: a live stream's connection ends with it", async () => {
    const other = await secondInstance(ctx);
    const stopped = await openLiveStream(other.app, await ctx.authHeaders(clientA));
    const reading = await openLiveStream(other.app, await ctx.authHeaders(clientA));
    stopped.close();
    const order = await orderOf(companyA);
    await (await ctx.as(manager)).patch(`${ORDERS}${order.id}/`, { notes: "Никто не читает" });
    // The instance wrote the change to both streams
    expect((await reading.next()).data).toMatchObject({ id: order.id });
    await other.close();
    const connections = await new Promise<number>((resolve, reject) =>
      other.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
    );
    expect(connections).toBe(0);
  });

  it.runIf(ctx.databaseUrl)("listen again when the server drops their connection, and say so", async () => {
    const stream = await streamOf(clientA);
    await ctx.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`,
    );
    expect((await stream.next()).event).toBe("resync");
    const order = await orderOf(companyA);
    await (await ctx.as(manager)).patch(`${ORDERS}${order.id}/`, { notes: "После обрыва" });
    expect((await stream.next()).data).toMatchObject({ id: order.id });
  });
});
