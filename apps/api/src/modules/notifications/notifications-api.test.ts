import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationEvents } from "../../db/schema/index.ts";
import { useTestContext } from "../../test/context.ts";
import { type LiveStreamReader, openLiveStream } from "../../test/live.ts";
import { buildOrder } from "../../test/orders.ts";
import type { NotificationEvent } from "./service.ts";

// A user's own notifications through the API (/api/notifications/): the page, the unread count, marking one or all
// read, nobody else's ever; and the live stream telling the recipient, and only them, of a new entry.

const LIST = "/api/notifications/";

const ctx = useTestContext();
const streams: LiveStreamReader[] = [];
afterAll(() => {
  for (const stream of streams) stream.close();
});
let world: Awaited<ReturnType<typeof buildWorld>>;
beforeAll(async () => {
  world = await buildWorld();
});

type User = { id: number; token_version: number };

async function buildWorld() {
  const forwarder = await ctx.buildCompany({ is_expedition_company: true });
  const company = await ctx.buildCompany();
  const manager = await ctx.buildUser({ company_id: forwarder.id, roles: ["Manager"] });
  const client = await ctx.buildUser({ company_id: company.id });
  const order = await buildOrder(ctx.db, { company_id: company.id, author_id: client.id });
  return { company, manager, client, order };
}

/** Emits an event about the world's order in a transaction of its own; answers its entries. */
function emit(kind: NotificationEvent["kind"], actor: { id: number; is_manager: boolean }, params = {}) {
  const event: NotificationEvent = {
    kind,
    actor,
    company_id: world.company.id,
    object_type: "freight_order",
    object_id: world.order.id,
    params,
  };
  return ctx.db.transaction((tx) => ctx.services.notifications.emit(tx, event));
}

/** A new client of the world's company with `count` entries of their own (the manager returned the order). */
async function clientWithEntries(count: number) {
  const client = await ctx.buildUser({ company_id: world.company.id });
  const ids: number[] = [];
  for (let index = 1; index <= count; index += 1) {
    const entries = await emit(
      "order_returned",
      { id: world.manager.id, is_manager: true },
      { comment: `Правка ${index}` },
    );
    const own = entries.find((entry) => entry.user_id === client.id);
    if (!own) throw new Error("the client got no entry");
    ids.push(own.id);
  }
  return { client, ids };
}

const unread = async (user: User) => (await (await ctx.as(user)).get(`${LIST}unread-count/`)).json().unread;

describe("GET /api/notifications/", () => {
  it("pages the user's own entries newest first, in the request's language", async () => {
    const { client, ids } = await clientWithEntries(3);
    const api = await ctx.as(client);
    const page = await api.get(`${LIST}?skip=1&take=1`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({
      count: 3,
      results: [
        {
          id: ids[1],
          kind: "order_returned",
          title: `Shipping order No. ${world.order.id}: returned for correction`,
          text: "Status comment: Правка 2",
          link: `/freight-orders/${world.order.id}`,
          created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          read: false,
        },
      ],
    });
    const all = (await api.get(LIST)).json();
    expect(all.results.map((entry: { id: number }) => entry.id)).toEqual([...ids].reverse());
    const ru = await ctx.app.inject({ url: `${LIST}?take=1`, headers: await ctx.authHeaders(client, "ru") });
    expect(ru.json().results[0]).toMatchObject({
      title: `Заявка № ${world.order.id}: возвращена на доработку`,
      text: "Комментарий к статусу: Правка 3",
    });
  });

  it("answers a bad page with a translated 400, and the anonymous with 401", async () => {
    const api = await ctx.as(world.client);
    const bad = await api.get(`${LIST}?take=0`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(["take"]);
    const ru = await ctx.app.inject({
      url: `${LIST}?skip=-1`,
      headers: await ctx.authHeaders(world.client, "ru"),
    });
    expect(ru.statusCode).toBe(400);
    expect(ru.json().skip[0]).toMatch(/[а-я]/);
    expect((await ctx.app.inject({ url: LIST })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: `${LIST}unread-count/` })).statusCode).toBe(401);
  });
});

describe("GET /api/notifications/ by the list pattern", () => {
  const idsOf = (page: { results: { id: number }[] }) => page.results.map((entry) => entry.id);
  const filtered = (filters: string) => `${LIST}?filters=${encodeURIComponent(filters)}`;

  it("orders, filters and groups the entries: oldest first, the unread ones, by kind; 400 on what it lacks", async () => {
    const { client, ids } = await clientWithEntries(3);
    const api = await ctx.as(client);
    await api.post(`${LIST}${ids[1]}/read/`);
    expect(idsOf((await api.get(`${LIST}?ordering=id`)).json())).toEqual(ids);
    const unread = (await api.get(`${filtered("read=false")}&ordering=-id`)).json();
    expect(unread.count).toBe(2);
    expect(idsOf(unread)).toEqual([ids[2], ids[0]]);
    expect((await api.get(`${filtered("read=true")}`)).json()).toMatchObject({ count: 1 });
    expect((await api.get(`${LIST}?group=kind`)).json()).toEqual({
      groups: [{ key: "order_returned", count: 3 }],
      count: 1,
    });
    for (const [query, field] of [
      ["ordering=title", "ordering"],
      [`filters=${encodeURIComponent("user_id=1")}`, "filters"],
      ["group=event_id", "group"],
    ] as const) {
      const refused = await api.get(`${LIST}?${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(Object.keys(refused.json()), query).toEqual([field]);
    }
  });

  it("lists, counts and groups only the user's own entries, whatever the query names", async () => {
    const mine = await clientWithEntries(2);
    // A colleague told of one more return: the same event gives each of them an entry of their own
    const theirs = await clientWithEntries(1);
    const api = await ctx.as(theirs.client);
    const listed = (await api.get(LIST)).json();
    expect(listed.count).toBe(1);
    expect(idsOf(listed)).toEqual(theirs.ids);
    for (const id of mine.ids) {
      expect((await api.get(filtered(`id=${id}`))).json(), `entry ${id}`).toEqual({ results: [], count: 0 });
    }
    expect((await api.get(`${LIST}?group=read`)).json()).toEqual({
      groups: [{ key: false, count: 1 }],
      count: 1,
    });
    const own = (await (await ctx.as(mine.client)).get(`${LIST}?take=1000`)).json();
    expect(own.count).toBe(3);
    expect(idsOf(own)).not.toContain(theirs.ids[0]);
  });
});

describe("marking read", () => {
  it("marks one of the user's entries read and counts the rest; marking it again changes nothing", async () => {
    const { client, ids } = await clientWithEntries(2);
    const api = await ctx.as(client);
    expect(await unread(client)).toBe(2);
    const marked = await api.post(`${LIST}${ids[0]}/read/`);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ unread: 1 });
    expect((await api.post(`${LIST}${ids[0]}/read/`)).json()).toEqual({ unread: 1 });
    const listed = (await api.get(LIST)).json().results;
    expect(listed.map((entry: { read: boolean }) => entry.read)).toEqual([false, true]);
  });

  it("answers 404 for another user's entry and one that does not exist, and leaves it unread", async () => {
    const { client, ids } = await clientWithEntries(1);
    const other = await clientWithEntries(0);
    await ctx.expectRefused(
      { colleague: other.client, manager: world.manager },
      (api) => api.post(`${LIST}${ids[0]}/read/`),
      404,
    );
    expect((await (await ctx.as(client)).post(`${LIST}99999999/read/`)).statusCode).toBe(404);
    expect(await unread(client)).toBe(1);
  });

  it("marks every entry of the user read, nobody else's", async () => {
    const { client } = await clientWithEntries(2);
    const colleague = await ctx.buildUser({ company_id: world.company.id });
    await emit("order_returned", { id: world.manager.id, is_manager: true });
    expect(await unread(colleague)).toBe(1);
    const all = await (await ctx.as(client)).post(`${LIST}read-all/`);
    expect(all.json()).toEqual({ unread: 0 });
    expect(await unread(colleague)).toBe(1);
  });
});

describe("live: a new entry", () => {
  async function streamOf(user: User) {
    const stream = await openLiveStream(ctx.app, await ctx.authHeaders(user));
    streams.push(stream);
    return stream;
  }

  it("is told to its recipient's stream only; marking read is told to the user's own streams", async () => {
    const client = await ctx.buildUser({ company_id: world.company.id });
    const [clientStream, managerStream] = [await streamOf(client), await streamOf(world.manager)];
    // A manager's return: the client hears it, the acting manager does not
    const returned = await emit("order_returned", { id: world.manager.id, is_manager: true });
    const own = returned.find((entry) => entry.user_id === client.id);
    expect(await clientStream.next()).toMatchObject({
      event: "change",
      data: { resource: "notifications", action: "created" },
    });
    // A client's submission reaches the managers only: the manager's first event is this one, not the return
    await emit("order_submitted", { id: client.id, is_manager: false });
    const heard = await managerStream.next();
    expect(heard).toMatchObject({ event: "change", data: { resource: "notifications", action: "created" } });
    expect((heard.data as { id: number }).id).toBe(await newestEvent("order_submitted"));

    await (await ctx.as(client)).post(`${LIST}${own?.id}/read/`);
    expect(await clientStream.next()).toMatchObject({
      data: { resource: "notifications", action: "changed" },
    });
  });
});

/** The id of the newest event of a kind (the id a live notice of its entries carries). */
async function newestEvent(kind: NotificationEvent["kind"]): Promise<number> {
  const [row] = await ctx.db
    .select({ id: notificationEvents.id })
    .from(notificationEvents)
    .where(eq(notificationEvents.kind, kind))
    .orderBy(desc(notificationEvents.id))
    .limit(1);
  return row?.id ?? 0;
}
