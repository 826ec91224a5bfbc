import {
  containerCheckDigit,
  NOTIFICATION_KINDS,
  type NotificationKind,
  WEBHOOK_EVENT_KINDS,
} from "@portal/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  notificationEvents,
  notifications,
  type users,
  webhookDeliveries,
  webhookEndpoints,
} from "../../db/schema/index.ts";
import { useContainerTests } from "../../test/containers.ts";
import { startReceiver, verifyStandardWebhook } from "../../test/webhook-receiver.ts";
import type { NotificationEvent } from "../notifications/service.ts";
import { AddressGuard } from "./address-guard.ts";
import { sendWebhook } from "./sender.ts";

// Webhooks against a real HTTP receiver on 127.0.0.1 (allowed by WEBHOOK_ALLOWED_RANGES, plain HTTP by
// WEBHOOK_ALLOW_HTTP), with the retries shortened to two of a second: the signature, the retries, 410, replay,
// rotation, the SSRF guard, tenancy over every kind, a rolled-back change, one job per event and endpoint.

const ENDPOINTS = "/api/webhooks/endpoints/";
const DELIVERIES = "/api/webhooks/deliveries/";
const ORDERS = "/tracking/api/freight_orders/";
const WAIT = { timeout: 60_000, interval: 200 };

const { ctx, references, world } = useContainerTests({
  WEBHOOK_ALLOWED_RANGES: "127.0.0.1/32",
  WEBHOOK_ALLOW_HTTP: "true",
  WEBHOOK_RETRY_LIMIT: "2",
  WEBHOOK_RETRY_DELAY_SECONDS: "1",
  WEBHOOK_TIMEOUT_MS: "2000",
  WEBHOOK_DISABLE_AFTER_HOURS: "0",
});
let people: Awaited<ReturnType<typeof world>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
/** The first customer's user with the grant to manage its webhooks. */
let integrator: typeof users.$inferSelect;
/** Another customer's user with the grant. */
let otherIntegrator: typeof users.$inferSelect;
beforeAll(async () => {
  people = await world();
  receiver = await startReceiver();
  integrator = await ctx.buildUser({ company_id: people.company.id, grant_webhooks: true });
  otherIntegrator = await ctx.buildUser({ company_id: people.other.id, grant_webhooks: true });
});
afterAll(() => receiver?.close());
// Each test's endpoints go with it (a company has at most 10); their jobs still queued then find none
afterEach(async () => {
  await ctx.db.delete(webhookEndpoints);
});
// Retries wait their backoff (a second, then two, with jitter) on a busy machine
vi.setConfig({ testTimeout: 120_000 });

type User = typeof users.$inferSelect;
let paths = 0;

/** An endpoint made through the API by `user`, at a path of the receiver of its own (`/ok-3`…). */
async function endpoint(user: User, path: string, kinds: readonly string[] = WEBHOOK_EVENT_KINDS) {
  paths += 1;
  const url = receiver.url(`${path}-${paths}`);
  const answer = await (await ctx.as(user)).post(ENDPOINTS, { url, kinds });
  expect(answer.statusCode, answer.body).toBe(201);
  const secret = (await (await ctx.as(user)).get(`${ENDPOINTS}${answer.json().id}/secret/`)).json().secret;
  return { id: answer.json().id as number, path: `${path}-${paths}`, secret: secret as string };
}

/** Deliveries of an endpoint as its log lists them, oldest first. */
async function log(user: User, endpointId: number) {
  const filters = encodeURIComponent(`endpoint_id=${endpointId}`);
  const answer = await (await ctx.as(user)).get(`${DELIVERIES}?filters=${filters}&ordering=id`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().results as {
    id: number;
    attempt: number;
    status: number | null;
    succeeded: boolean;
    error: string;
    message_id: string;
  }[];
}

/** An event of company `company` emitted in a transaction of its own, as a module emits it. */
async function emit(kind: NotificationKind, company: number, objectId: number) {
  const event: NotificationEvent = {
    kind,
    actor: null,
    company_id: company,
    object_type: kind.startsWith("order_")
      ? "freight_order"
      : kind.startsWith("export_")
        ? "export_task"
        : "container",
    object_id: objectId,
  };
  await ctx.db.transaction((tx) => ctx.services.notifications.emit(tx, event));
}

describe("who manages a company's endpoints", () => {
  it("a manager grants a customer's user the webhooks and the monitoring in the user's form: at once, and only staff", async () => {
    const user = await ctx.buildUser({ company_id: people.company.id });
    const url = `/profile/api/users/${user.id}/`;
    const own = await ctx.as(user);
    expect((await own.get(ENDPOINTS)).statusCode).toBe(403);
    expect((await own.get("/tracking/api/monitoring/")).statusCode).toBe(403);

    // The user cannot grant themself: the staff's form refuses them, their own profile ignores the fields
    expect((await own.patch(url, { grant_webhooks: true })).statusCode).toBe(403);
    const me = await own.put("/profile/api/users/me/", {
      first_name: "Ирина",
      last_name: "Котова",
      email: `grant-${user.id}@example.com`,
      phone: "+7 900 000-00-00",
      grant_webhooks: true,
      grant_monitoring: true,
    });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ grant_webhooks: false, can_manage_webhooks: false });
    // Another company's user, granted or not, changes no one
    expect((await (await ctx.as(otherIntegrator)).patch(url, { grant_webhooks: true })).statusCode).toBe(403);
    expect((await own.get(ENDPOINTS)).statusCode).toBe(403);
    // Not a flag: a bad value is a 400 that writes nothing
    const manager = await ctx.as(people.manager);
    const bad = await manager.patch(url, { grant_webhooks: "yes", first_name: "Пётр" });
    expect(bad.statusCode).toBe(400);
    expect((await manager.get(url)).json()).toMatchObject({ grant_webhooks: false, first_name: "Ирина" });

    const granted = await manager.patch(url, { grant_webhooks: true });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({
      grant_webhooks: true,
      grant_monitoring: false,
      can_manage_webhooks: true,
      can_access_to_monitoring: false,
    });
    // Taken at once, by the session the user already holds
    expect((await own.get(ENDPOINTS)).statusCode).toBe(200);
    expect((await own.get("/tracking/api/monitoring/")).statusCode).toBe(403);
    expect((await manager.patch(url, { grant_monitoring: true })).json()).toMatchObject({
      grant_webhooks: true,
      can_access_to_monitoring: true,
    });
    expect((await own.get("/tracking/api/monitoring/")).statusCode).toBe(200);
    // And taken back at once
    expect((await manager.patch(url, { grant_webhooks: false })).json().can_manage_webhooks).toBe(false);
    expect((await own.get(ENDPOINTS)).statusCode).toBe(403);
  });

  it("its users with the grant and staff; another company's endpoint is a 404", async () => {
    const mine = await endpoint(integrator, "/ok");
    const { client, manager, outsider } = people;
    // Without the grant: 403, whatever the company
    expect((await (await ctx.as(client)).get(ENDPOINTS)).statusCode).toBe(403);
    expect(
      (await (await ctx.as(client)).post(ENDPOINTS, { url: receiver.url("/x"), kinds: ["order_paid"] }))
        .statusCode,
    ).toBe(403);
    // Another company's endpoint does not exist for its users, granted or not
    for (const user of [otherIntegrator, outsider]) {
      const api = await ctx.as(user);
      expect((await api.get(`${ENDPOINTS}${mine.id}/`)).statusCode).toBe(404);
      expect((await api.get(`${ENDPOINTS}${mine.id}/secret/`)).statusCode).toBe(404);
      expect((await api.patch(`${ENDPOINTS}${mine.id}/`, { enabled: false })).statusCode).toBe(404);
    }
    expect((await (await ctx.as(otherIntegrator)).get(ENDPOINTS)).json().results).toEqual([]);
    // A client names no other company; staff name the company
    expect(
      (
        await (
          await ctx.as(integrator)
        ).post(ENDPOINTS, { url: receiver.url("/x"), kinds: ["order_paid"], company: people.other.id })
      ).statusCode,
    ).toBe(403);
    const byManager = await (await ctx.as(manager)).post(ENDPOINTS, {
      url: receiver.url("/manager"),
      kinds: ["order_paid"],
      company: people.other.id,
    });
    expect(byManager.statusCode, byManager.body).toBe(201);
    expect(byManager.json()).toMatchObject({
      company_id: people.other.id,
      enabled: true,
      disabled_reason: null,
    });
    expect((await (await ctx.as(manager)).get(`${ENDPOINTS}${mine.id}/`)).statusCode).toBe(200);
    await (await ctx.as(manager)).delete(`${ENDPOINTS}${byManager.json().id}/`);
  });

  it("refuses a URL that is no absolute http(s) address, with a translated reason", async () => {
    const api = await ctx.as(integrator);
    for (const url of [
      "erp.example.com/hooks",
      "ftp://erp.example.com/",
      "https://user:pass@erp.example.com/",
    ]) {
      const answer = await api.post(ENDPOINTS, { url, kinds: ["order_paid"] });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().url?.[0], url).toMatch(/address/);
    }
    expect((await api.post(ENDPOINTS, { url: receiver.url("/x"), kinds: [] })).statusCode).toBe(400);
    expect(
      (await api.post(ENDPOINTS, { url: receiver.url("/x"), kinds: ["signup_waiting"] })).statusCode,
    ).toBe(400);
  });
});

describe("a delivery", () => {
  it("is signed by Standard Webhooks v1, carries the order as the company's user reads it, and fails after a byte changes", async () => {
    const target = await endpoint(integrator, "/ok");
    const order = await people.order({ status: 3 });
    const moved = await (await ctx.as(people.manager)).patch(`${ORDERS}${order.id}/`, { status: 2 });
    expect(moved.statusCode, moved.body).toBe(200);
    await expect.poll(() => receiver.at(target.path).length, WAIT).toBe(1);
    const [message] = receiver.at(target.path);
    if (!message) throw new Error("no message");
    const [event] = await ctx.db
      .select()
      .from(notificationEvents)
      .where(
        and(eq(notificationEvents.kind, "order_status_changed"), eq(notificationEvents.object_id, order.id)),
      );
    expect(message.id).toBe(`msg_${event?.id}_${target.id}`);
    expect(Math.abs(Number(message.timestamp) - Date.now() / 1000)).toBeLessThan(120);
    expect(verifyStandardWebhook(target.secret, message)).toBe(true);
    const tampered = message.body.replace('"status":2', '"status":3');
    expect(tampered).not.toBe(message.body);
    expect(verifyStandardWebhook(target.secret, { ...message, body: tampered })).toBe(false);
    expect(
      verifyStandardWebhook(target.secret, { ...message, timestamp: String(Number(message.timestamp) + 1) }),
    ).toBe(false);
    const payload = JSON.parse(message.body);
    expect(payload).toMatchObject({
      type: "order_status_changed",
      timestamp: event?.created_at.toISOString(),
    });
    const asClient = await (await ctx.as(people.client)).get(`${ORDERS}${order.id}/`);
    expect(payload.data).toEqual(asClient.json());
    await expect
      .poll(async () => (await log(integrator, target.id)).map((row) => row.status), WAIT)
      .toEqual([200]);
    const [row] = await log(integrator, target.id);
    expect(row).toMatchObject({ attempt: 1, succeeded: true, message_id: message.id, error: "" });
  });

  it("is retried after a 500 and after a timeout, with the same webhook-id, each attempt logged", async () => {
    const flaky = await endpoint(integrator, "/flaky", ["order_paid"]);
    const slow = await endpoint(integrator, "/slow", ["order_paid"]);
    const order = await people.order({ status: 6, approved_cost: 1500 });
    await emit("order_paid", people.company.id, order.id);
    for (const target of [flaky, slow]) {
      await expect
        .poll(async () => (await log(integrator, target.id)).map((row) => row.succeeded), WAIT)
        .toEqual([false, true]);
      const rows = await log(integrator, target.id);
      expect(rows.map((row) => row.attempt)).toEqual([1, 2]);
      const ids = receiver.at(target.path).map((request) => request.id);
      expect(new Set(ids).size).toBe(1);
    }
    expect((await log(integrator, flaky.id))[0]?.status).toBe(500);
    expect((await log(integrator, slow.id))[0]).toMatchObject({ status: null, error: "timed out" });
  });

  it("follows no redirect: a 302 is a failure", async () => {
    const target = await endpoint(integrator, "/redirect", ["order_paid"]);
    await emit("order_paid", people.company.id, (await people.order()).id);
    await expect.poll(async () => (await log(integrator, target.id)).length, WAIT).toBeGreaterThan(0);
    expect((await log(integrator, target.id))[0]).toMatchObject({ status: 302, succeeded: false });
  });

  it("answered 410 disables the endpoint at once and tells the company's users", async () => {
    const target = await endpoint(integrator, "/gone", ["order_paid"]);
    await emit("order_paid", people.company.id, (await people.order()).id);
    await expect
      .poll(
        async () => (await (await ctx.as(integrator)).get(`${ENDPOINTS}${target.id}/`)).json().enabled,
        WAIT,
      )
      .toBe(false);
    expect((await (await ctx.as(integrator)).get(`${ENDPOINTS}${target.id}/`)).json().disabled_reason).toBe(
      "gone",
    );
    // Not retried
    expect((await log(integrator, target.id)).map((row) => row.status)).toEqual([410]);
    const told = await ctx.db
      .select({ user: notifications.user_id })
      .from(notifications)
      .innerJoin(notificationEvents, eq(notificationEvents.id, notifications.event_id))
      .where(
        and(
          eq(notificationEvents.kind, "webhook_endpoint_disabled"),
          eq(notificationEvents.object_id, target.id),
        ),
      );
    expect(told.map((row) => row.user)).toEqual(expect.arrayContaining([people.client.id, integrator.id]));
    expect(told.map((row) => row.user)).not.toContain(people.outsider.id);
    // A disabled endpoint gets no more events; enabled again, it does
    await emit("order_paid", people.company.id, (await people.order()).id);
    const enabled = await (await ctx.as(integrator)).patch(`${ENDPOINTS}${target.id}/`, { enabled: true });
    expect(enabled.json()).toMatchObject({ enabled: true, disabled_reason: null });
  });

  it("failing through its last attempt for longer than allowed disables the endpoint", async () => {
    const target = await endpoint(integrator, "/fail", ["order_paid"]);
    await emit("order_paid", people.company.id, (await people.order()).id);
    await expect
      .poll(
        async () =>
          (await (await ctx.as(integrator)).get(`${ENDPOINTS}${target.id}/`)).json().disabled_reason,
        WAIT,
      )
      .toBe("failing");
    expect((await log(integrator, target.id)).map((row) => row.attempt)).toEqual([1, 2, 3]);
  });

  it("is replayed with its webhook-id, one or every failed since a time", async () => {
    const target = await endpoint(integrator, "/gone", ["order_paid"]);
    await emit("order_paid", people.company.id, (await people.order()).id);
    await expect.poll(async () => (await log(integrator, target.id)).length, WAIT).toBe(1);
    const [first] = await log(integrator, target.id);
    const api = await ctx.as(integrator);
    const replayed = await api.post(`${DELIVERIES}${first?.id}/replay/`);
    expect(replayed.statusCode, replayed.body).toBe(202);
    await expect.poll(() => receiver.at(target.path).length, WAIT).toBe(2);
    expect(receiver.at(target.path).map((request) => request.id)).toEqual([
      first?.message_id,
      first?.message_id,
    ]);
    // The replay's attempt logged (the newest failure of the message: what "every failed" sends again)
    await expect.poll(async () => (await log(integrator, target.id)).length, WAIT).toBe(2);
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const all = await api.post(`${ENDPOINTS}${target.id}/replay-failed/`, { since });
    expect(all.statusCode, all.body).toBe(202);
    expect(all.json()).toEqual({ queued: 1 });
    await expect.poll(() => receiver.at(target.path).length, WAIT).toBe(3);
    // Another company's delivery is a 404
    expect((await (await ctx.as(otherIntegrator)).post(`${DELIVERIES}${first?.id}/replay/`)).statusCode).toBe(
      404,
    );
  });

  it("is signed by the old secret too for a day after a rotation", async () => {
    const target = await endpoint(integrator, "/ok", ["order_paid"]);
    const api = await ctx.as(integrator);
    const rotated = await api.post(`${ENDPOINTS}${target.id}/rotate-secret/`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret, previous_secret, previous_secret_until } = rotated.json();
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(target.secret);
    expect(previous_secret).toBe(target.secret);
    expect(new Date(previous_secret_until).getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);
    await emit("order_paid", people.company.id, (await people.order()).id);
    await expect.poll(() => receiver.at(target.path).length, WAIT).toBe(1);
    const [message] = receiver.at(target.path);
    if (!message) throw new Error("no message");
    expect(message.signature.split(" ")).toHaveLength(2);
    expect(verifyStandardWebhook(secret, message)).toBe(true);
    expect(verifyStandardWebhook(target.secret, message)).toBe(true);
    // Past the overlap the old one signs no more
    await ctx.db
      .update(webhookEndpoints)
      .set({ previous_secret_until: new Date(Date.now() - 1000) })
      .where(eq(webhookEndpoints.id, target.id));
    const test = await api.post(`${ENDPOINTS}${target.id}/test/`);
    expect(test.statusCode, test.body).toBe(202);
    await expect.poll(() => receiver.at(target.path).length, WAIT).toBe(2);
    const later = receiver.at(target.path)[1];
    if (!later) throw new Error("no test message");
    expect(JSON.parse(later.body).type).toBe("webhook.test");
    expect(verifyStandardWebhook(secret, later)).toBe(true);
    expect(verifyStandardWebhook(target.secret, later)).toBe(false);
  });
});

describe("tenancy and transactions", () => {
  it("sends company A's events of every kind to A's endpoint and never to B's", async () => {
    const mine = await endpoint(integrator, "/ok");
    const theirs = await endpoint(otherIntegrator, "/ok");
    const order = await people.order();
    const container = await people.container(order.id);
    for (const kind of WEBHOOK_EVENT_KINDS) {
      await emit(kind, people.company.id, kind.startsWith("order_") ? order.id : container.id);
    }
    await expect.poll(() => receiver.at(mine.path).length, WAIT).toBe(WEBHOOK_EVENT_KINDS.length);
    expect(new Set(receiver.at(mine.path).map((request) => JSON.parse(request.body).type))).toEqual(
      new Set(WEBHOOK_EVENT_KINDS),
    );
    // B's endpoint heard nothing of A, though its kinds are all of them
    await expect
      .poll(async () => (await log(integrator, mine.id)).length, WAIT)
      .toBe(WEBHOOK_EVENT_KINDS.length);
    expect(receiver.at(theirs.path)).toEqual([]);
    expect(await log(otherIntegrator, theirs.id)).toEqual([]);
    // Kinds that are not a company's objects' are never sent to an endpoint
    const others = NOTIFICATION_KINDS.filter(
      (kind) => !(WEBHOOK_EVENT_KINDS as readonly string[]).includes(kind),
    );
    for (const kind of others)
      expect(
        await ctx.services.webhooks.wants(ctx.db, {
          kind,
          actor: null,
          company_id: people.company.id,
          object_type: "user",
          object_id: integrator.id,
        }),
      ).toBe(false);
  });

  it("sends nothing for a change that rolled back, and one job per event and endpoint", async () => {
    const target = await endpoint(integrator, "/ok", ["order_paid"]);
    const order = await people.order();
    let eventId = 0;
    await expect(
      ctx.db.transaction(async (tx) => {
        await ctx.services.notifications.emit(tx, {
          kind: "order_paid",
          actor: null,
          company_id: people.company.id,
          object_type: "freight_order",
          object_id: order.id,
        });
        const [row] = await tx
          .select()
          .from(notificationEvents)
          .where(eq(notificationEvents.object_id, order.id));
        eventId = row?.id ?? 0;
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(eventId).toBeGreaterThan(0);
    const type = ctx.services.webhooks.jobTypes.deliver;
    expect(await ctx.jobs.find(type, `e${eventId}:w${target.id}`)).toBeNull();
    // A committed event: its job once, however often it is sent
    await emit("order_paid", people.company.id, order.id);
    const [event] = await ctx.db
      .select()
      .from(notificationEvents)
      .where(and(eq(notificationEvents.kind, "order_paid"), eq(notificationEvents.object_id, order.id)));
    if (!event) throw new Error("no event");
    const written = {
      kind: event.kind,
      actor: null,
      company_id: event.company_id,
      object_type: event.object_type,
      object_id: event.object_id,
      id: event.id,
      created_at: event.created_at,
    };
    await ctx.services.webhooks.eventWritten(ctx.db, written);
    await ctx.services.webhooks.eventWritten(ctx.db, written);
    await expect.poll(() => receiver.at(target.path).length, WAIT).toBe(1);
    expect(await ctx.jobs.find(type, `e${event.id}:w${target.id}`)).not.toBeNull();
    expect(receiver.at(target.path)).toHaveLength(1);
  });

  it("a paused endpoint gets no event", async () => {
    const target = await endpoint(integrator, "/ok", ["order_paid"]);
    const paused = await (await ctx.as(integrator)).patch(`${ENDPOINTS}${target.id}/`, { enabled: false });
    expect(paused.json()).toMatchObject({ enabled: false, disabled_reason: null });
    const order = await people.order();
    await emit("order_paid", people.company.id, order.id);
    const [event] = await ctx.db
      .select()
      .from(notificationEvents)
      .where(eq(notificationEvents.object_id, order.id));
    // Nobody else wanted it either: the event of a kind heard in the portal is written for its recipients
    expect(event?.kind).toBe("order_paid");
    expect(
      await ctx.jobs.find(ctx.services.webhooks.jobTypes.deliver, `e${event?.id}:w${target.id}`),
    ).toBeNull();
  });
});

describe("the delivery log", () => {
  it("is kept 30 days", async () => {
    const target = await endpoint(integrator, "/ok", ["order_paid"]);
    const row = (days: number) => ({
      endpoint_id: target.id,
      message_id: `msg_old_${days}`,
      kind: "order_paid",
      attempt: 1,
      succeeded: true,
      duration_ms: 1,
      created_at: new Date(Date.now() - days * 86_400_000),
    });
    await ctx.db.insert(webhookDeliveries).values([row(31), row(29)]);
    expect(await ctx.services.webhooks.sweep()).toBe(1);
    expect((await log(integrator, target.id)).map((delivery) => delivery.message_id)).toEqual(["msg_old_29"]);
  });
});

describe("the events only webhooks hear", () => {
  it("a container added with a milestone: container_added and tracking_event_recorded, the container as the client reads it", async () => {
    const target = await endpoint(integrator, "/ok", [
      "container_added",
      "tracking_event_recorded",
      "container_changed",
    ]);
    const order = await people.order({ container_count: 2 });
    const ten = `TGHU${String(700000 + target.id).padStart(6, "0")}`;
    const added = await (await ctx.as(people.client)).post(`${ORDERS}${order.id}/containers/bulk/`, {
      containers: [
        {
          container: `${ten}${containerCheckDigit(ten)}`,
          container_type: references.containerType,
          prepare_to_ship_date: "2026-03-01",
        },
      ],
    });
    expect(added.statusCode, added.body).toBe(201);
    const containerId = added.json().results[0].id;
    await expect.poll(() => receiver.at(target.path).length, WAIT).toBe(2);
    const byType = new Map(
      receiver.at(target.path).map((request) => [JSON.parse(request.body).type, JSON.parse(request.body)]),
    );
    expect([...byType.keys()].sort()).toEqual(["container_added", "tracking_event_recorded"]);
    const asClient = await (await ctx.as(people.client)).get(`/tracking/api/containers/${containerId}/`);
    expect(byType.get("container_added").data).toEqual(asClient.json());
    // Nobody in the portal hears them: the events have no entries
    const entries = await ctx.db
      .select()
      .from(notifications)
      .innerJoin(notificationEvents, eq(notificationEvents.id, notifications.event_id))
      .where(
        and(eq(notificationEvents.object_type, "container"), eq(notificationEvents.object_id, containerId)),
      );
    expect(entries).toEqual([]);
  });

  it("an order created with no endpoint subscribed writes no event", async () => {
    const before = await ctx.db.$count(notificationEvents, eq(notificationEvents.kind, "order_created"));
    await emit("order_created", people.company.id, (await people.order()).id);
    expect(await ctx.db.$count(notificationEvents, eq(notificationEvents.kind, "order_created"))).toBe(
      before,
    );
  });
});

describe("the SSRF guard", () => {
  const guard = new AddressGuard("");
  const refused = [
    "127.0.0.1",
    "127.1.2.3",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "169.254.1.1",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "239.255.255.250",
    "255.255.255.255",
    "::1",
    "::",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "::ffff:a9fe:a9fe",
    "64:ff9b::a00:1",
  ];
  it.each(refused)("refuses %s", (address) => {
    expect(guard.permits(address)).toBe(false);
  });

  it("lets public addresses through, and the ranges the operator allows", () => {
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700::1111", "::ffff:93.184.216.34"]) {
      expect(guard.permits(address), address).toBe(true);
    }
    const allowing = new AddressGuard("127.0.0.1/32, fd00::/8");
    expect(allowing.permits("127.0.0.1")).toBe(true);
    expect(allowing.permits("127.0.0.2")).toBe(false);
    expect(allowing.permits("fd00::5")).toBe(true);
  });

  it("refuses a host that resolves to a refused address before connecting, and plain http unless allowed", async () => {
    const options = { guard, allowHttp: true, timeoutMs: 2000, signal: new AbortController().signal };
    const message = { id: "msg_1", body: "{}", secrets: ["whsec_AAAA"] };
    const before = receiver.received.length;
    for (const url of [
      receiver.url("/ok-ssrf"),
      "http://localhost:9/",
      "https://[::1]/",
      "http://169.254.169.254/latest/meta-data/",
    ]) {
      const outcome = await sendWebhook(url, message, options);
      expect(outcome.status, url).toBeNull();
      expect(outcome.error, url).toMatch(/address webhooks may not reach/);
    }
    expect(receiver.received.length).toBe(before);
    const plain = await sendWebhook(receiver.url("/ok-plain"), message, {
      ...options,
      guard: new AddressGuard("127.0.0.1/32"),
      allowHttp: false,
    });
    expect(plain.error).toMatch(/only https/);
    expect(receiver.received.length).toBe(before);
  });

  it("logs a refused endpoint's delivery as failed, nothing sent", async () => {
    const api = await ctx.as(integrator);
    const created = await api.post(ENDPOINTS, { url: "http://10.20.30.40/hooks", kinds: ["order_paid"] });
    expect(created.statusCode, created.body).toBe(201);
    await api.post(`${ENDPOINTS}${created.json().id}/test/`);
    await expect.poll(async () => (await log(integrator, created.json().id)).length, WAIT).toBeGreaterThan(0);
    expect((await log(integrator, created.json().id))[0]?.error).toMatch(/10\.20\.30\.40.*may not reach/);
    await api.delete(`${ENDPOINTS}${created.json().id}/`);
  });
});
