import { createHash } from "node:crypto";
import type { ApiKey } from "@portal/domain";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import {
  apiKeys,
  companies,
  notificationEvents,
  notifications,
  roles,
  userRoles,
  users,
} from "../../db/schema/index.ts";
import { keyHeaders, makeApiKey } from "../../test/api-keys.ts";
import { createTestContext, TEST_PASSWORD } from "../../test/context.ts";
import { buildOrder } from "../../test/orders.ts";
import { API_KEY_LIVE_MAX } from "./service.ts";

// API keys: made once with their secret, kept as a hash, acting as their user with the user's rights as they are at
// each request; read-only keys refused every write; dead at once when revoked, expired, or their user deactivated
// or no longer approved; throttled per key; their life told to their user.

const ctx = await createTestContext({ API_KEY_REQUESTS_PER_MINUTE: "8" });
afterAll(() => ctx.close());

const KEYS = "/api/api-keys/";
const ME = "/profile/api/users/me/";
const ORDERS = "/tracking/api/freight_orders/";
const forwarder = await ctx.buildCompany({ is_expedition_company: true });
const companyA = await ctx.buildCompany();
const companyB = await ctx.buildCompany();
const manager = await ctx.buildUser({ company_id: forwarder.id, roles: ["Manager"] });

const withKey = (
  key: string,
  url: string,
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE" = "GET",
  payload?: object,
  lang = "en",
) => ctx.app.inject({ method, url, headers: keyHeaders(key, lang), ...(payload ? { payload } : {}) });

/** A client of company A with a key of their own (each test its own, so that no throttle is shared). */
async function clientWithKey(body: { read_only?: boolean; expires_in_days?: number } = {}) {
  const user = await ctx.buildUser({ company_id: companyA.id });
  return { user, created: await makeApiKey(ctx, user, body) };
}

/** The kinds of a user's notifications about API keys, oldest first. */
async function keyNotices(userId: number) {
  const rows = await ctx.db
    .select({ kind: notificationEvents.kind, params: notificationEvents.params })
    .from(notifications)
    .innerJoin(notificationEvents, eq(notificationEvents.id, notifications.event_id))
    .where(and(eq(notifications.user_id, userId), sql`${notificationEvents.kind} like 'api_key_%'`))
    .orderBy(notifications.id);
  return rows;
}

describe("POST /api/api-keys/", () => {
  it("answers the secret once, fpk_ and the public part, and keeps only its SHA-256 hash", async () => {
    const { user, created } = await clientWithKey({ read_only: true, expires_in_days: 30 });
    expect(created.key).toMatch(/^fpk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(`${created.prefix}_`)).toBe(true);
    expect(created).toMatchObject({
      name: "ERP",
      read_only: true,
      user_id: user.id,
      username: user.username,
    });
    const days = (Date.parse(created.expires_at) - Date.parse(created.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(30, 1);
    const [row] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row?.secret_hash).toBe(createHash("sha256").update(created.key).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(21));
    // Never again: the list holds no secret and no hash
    const listed = await (await ctx.as(user)).get(KEYS);
    expect(listed.json().results).toHaveLength(1);
    expect(listed.body).not.toContain(created.key.slice(21));
    expect(listed.body).not.toContain(row?.secret_hash);
  });

  it("lives 90 days by default, read-write, and makes a different key each time", async () => {
    const { user, created } = await clientWithKey();
    const again = await makeApiKey(ctx, user);
    expect(created.read_only).toBe(false);
    const days = (Date.parse(created.expires_at) - Date.parse(created.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(90, 1);
    expect(again.prefix).not.toBe(created.prefix);
  });

  it("refuses bad input with translated field errors, and writes nothing", async () => {
    const user = await ctx.buildUser({ company_id: companyA.id });
    const session = await ctx.as(user);
    const cases: [object, string][] = [
      [{}, "name"],
      [{ name: "   " }, "name"],
      [{ name: "x".repeat(101) }, "name"],
      [{ name: "a\u0000b" }, "name"],
      [{ name: "ERP", expires_in_days: 0 }, "expires_in_days"],
      [{ name: "ERP", expires_in_days: 366 }, "expires_in_days"],
      [{ name: "ERP", expires_in_days: 1e20 }, "expires_in_days"],
      [{ name: "ERP", expires_in_days: 1.5 }, "expires_in_days"],
      [{ name: "ERP", expires_in_days: "90" }, "expires_in_days"],
      [{ name: "ERP", read_only: "yes" }, "read_only"],
    ];
    for (const [body, field] of cases) {
      const answer = await session.post(KEYS, body);
      expect(answer.statusCode, `${JSON.stringify(body)}: ${answer.body}`).toBe(400);
      expect(Object.keys(answer.json()), JSON.stringify(body)).toContain(field);
    }
    const ru = await ctx.app.inject({
      method: "POST",
      url: KEYS,
      headers: { ...(await ctx.authHeaders(user, "ru")) },
      payload: { name: "ERP", expires_in_days: 400 },
    });
    expect(ru.statusCode).toBe(400);
    expect(JSON.stringify(ru.json())).toMatch(/[а-я]/);
    // Field names that are JavaScript's own are nothing but unknown fields
    const proto = await ctx.app.inject({
      method: "POST",
      url: KEYS,
      headers: { ...(await ctx.authHeaders(user)), "content-type": "application/json" },
      payload: '{"name":"ERP","__proto__":{"read_only":true},"constructor":{"prototype":{"x":1}}}',
    });
    expect(proto.statusCode, proto.body).toBeLessThan(500);
    const rows = await ctx.db.select().from(apiKeys).where(eq(apiKeys.user_id, user.id));
    expect(rows.every((row) => row.read_only === false)).toBe(true);
  });

  it("is refused to a user not approved (403) and to an API key (403: a leaked key makes no more)", async () => {
    const pending = await ctx.buildUser({ state: "pending", company_id: null, roles: ["Customer"] });
    expect((await (await ctx.as(pending)).post(KEYS, { name: "ERP" })).statusCode).toBe(403);
    const { created } = await clientWithKey();
    const answer = await withKey(created.key, KEYS, "POST", { name: "Another" }, "ru");
    expect(answer.statusCode).toBe(403);
    expect(answer.json().detail).toMatch(/ключом API/);
  });

  it(`holds at most ${API_KEY_LIVE_MAX} live keys a user, even when made at once`, async () => {
    const user = await ctx.buildUser({ company_id: companyA.id });
    const session = await ctx.as(user);
    const answers = await Promise.all(
      Array.from({ length: API_KEY_LIVE_MAX + 3 }, (_, index) => session.post(KEYS, { name: `K${index}` })),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(API_KEY_LIVE_MAX);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(refused.map((answer) => answer.statusCode)).toEqual([400, 400, 400]);
    expect(refused[0]?.json().name[0]).toContain(String(API_KEY_LIVE_MAX));
  });
});

describe("Authorization: Bearer fpk_…", () => {
  it("acts as the key's user with their rights and companies", async () => {
    const { user, created } = await clientWithKey();
    const me = await withKey(created.key, ME);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().id).toBe(user.id);
    const own = await buildOrder(ctx.db, { company_id: companyA.id, author_id: user.id });
    const other = await buildOrder(ctx.db, { company_id: companyB.id, author_id: manager.id });
    expect((await withKey(created.key, `${ORDERS}${own.id}/`)).statusCode).toBe(200);
    expect((await withKey(created.key, `${ORDERS}${other.id}/`)).statusCode).toBe(404);
    // A manager's route is refused as it is to the user's session
    expect((await withKey(created.key, "/profile/api/users/")).statusCode).toBe(403);
  });

  it("refuses a read-only key every write with a translated 403, and lets it read", async () => {
    const { user, created } = await clientWithKey({ read_only: true });
    const own = await buildOrder(ctx.db, { company_id: companyA.id, author_id: user.id });
    expect((await withKey(created.key, `${ORDERS}${own.id}/`)).statusCode).toBe(200);
    const writes = [
      ["POST", ORDERS],
      ["PATCH", `${ORDERS}${own.id}/`],
      ["PUT", `${ORDERS}${own.id}/`],
      ["DELETE", `${ORDERS}${own.id}/`],
    ] as const;
    for (const [method, url] of writes) {
      const answer = await withKey(created.key, url, method, { comment: "x" });
      expect(answer.statusCode, `${method}: ${answer.body}`).toBe(403);
      expect(answer.json().detail).toMatch(/read-only/);
    }
    const ru = await withKey(created.key, "/api/notifications/read-all/", "POST", {}, "ru");
    expect(ru.statusCode).toBe(403);
    expect(ru.json().detail).toMatch(/только для чтения/);
  });

  it("refuses malformed, unknown and forged keys with 401", async () => {
    const { created } = await clientWithKey();
    const forged = `${created.prefix}_${"A".repeat(43)}`;
    for (const key of [
      "fpk_",
      forged,
      `${created.key}x`,
      created.key.slice(0, -1),
      `fpk_${"0".repeat(16)}_${"A".repeat(43)}`,
      `${created.key.slice(0, -1)}\u0000`,
      `fpk_${"9".repeat(100_000)}`,
    ]) {
      const answer = await withKey(key, ME);
      expect(answer.statusCode, key.slice(0, 40)).toBe(401);
    }
  });

  it("dies at once when revoked, expired, or its user deactivated or no longer approved; a password change leaves it", async () => {
    const revoked = await clientWithKey();
    expect((await withKey(revoked.created.key, ME)).statusCode).toBe(200);
    const answer = await (await ctx.as(revoked.user)).post(`${KEYS}${revoked.created.id}/revoke/`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().revoked_at).not.toBeNull();
    expect((await withKey(revoked.created.key, ME)).statusCode).toBe(401);

    const expired = await clientWithKey();
    await ctx.db
      .update(apiKeys)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(apiKeys.id, expired.created.id));
    expect((await withKey(expired.created.key, ME)).statusCode).toBe(401);

    const deactivated = await clientWithKey();
    const head = await ctx.buildUser({ company_id: forwarder.id, roles: ["Head"] });
    const change = await (await ctx.as(head)).patch(`/profile/api/users/${deactivated.user.id}/`, {
      is_active: false,
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await withKey(deactivated.created.key, ME)).statusCode).toBe(401);

    const declined = await clientWithKey();
    await ctx.db.update(users).set({ state: "declined" }).where(eq(users.id, declined.user.id));
    expect((await withKey(declined.created.key, ME)).statusCode).toBe(401);

    const changed = await clientWithKey();
    const password = await ctx.app.inject({
      method: "PUT",
      url: ME,
      headers: await ctx.authHeaders(changed.user),
      payload: {
        first_name: changed.user.first_name,
        last_name: changed.user.last_name,
        email: changed.user.email,
        phone: changed.user.phone,
        current_password: TEST_PASSWORD,
        password: "Harbour-Crane-88",
        password_confirm: "Harbour-Crane-88",
      },
    });
    expect(password.statusCode, password.body).toBe(200);
    expect((await withKey(changed.created.key, ME)).statusCode).toBe(200);
  });

  it("follows its user's rights as they are now: a client made manager reads as a manager at once", async () => {
    const { user, created } = await clientWithKey();
    expect((await withKey(created.key, "/profile/api/users/")).statusCode).toBe(403);
    const [managerRole] = await ctx.db.select().from(roles).where(eq(roles.name, "Manager"));
    await ctx.db.update(users).set({ company_id: forwarder.id }).where(eq(users.id, user.id));
    await ctx.db.insert(userRoles).values({ user_id: user.id, role_id: managerRole?.id ?? 0 });
    expect((await withKey(created.key, "/profile/api/users/")).statusCode).toBe(200);
  });

  it("is refused as its user's session is while the policy wants a second factor they have not enrolled", async () => {
    const company = await ctx.buildCompany();
    const user = await ctx.buildUser({ company_id: company.id });
    const created = await makeApiKey(ctx, user);
    expect((await withKey(created.key, ORDERS)).statusCode).toBe(200);
    // The company's managers now require a second factor of its users
    await ctx.db.update(companies).set({ require_second_factor: true }).where(eq(companies.id, company.id));
    const refused = await withKey(created.key, ORDERS);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()["@security"]).toBe("second_factor_enrolment_required");
    // A refusal of the key itself carries no such marker
    await ctx.db.update(companies).set({ require_second_factor: false }).where(eq(companies.id, company.id));
    const readOnly = await makeApiKey(ctx, user, { read_only: true });
    const write = await withKey(readOnly.key, ORDERS, "POST", {});
    expect(write.statusCode).toBe(403);
    expect(write.json()["@security"]).toBeUndefined();
  });

  it("is refused the browser's live stream", async () => {
    const { created } = await clientWithKey();
    const answer = await ctx.app.inject({
      url: "/api/live/",
      headers: { ...keyHeaders(created.key), accept: "text/event-stream" },
    });
    expect(answer.statusCode).toBe(403);
  });

  it("throttles each key on its own: 429 with Retry-After past its requests in a minute", async () => {
    const { created } = await clientWithKey();
    const other = await clientWithKey();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => withKey(created.key, ME, "GET", undefined, "ru")),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429, 429]);
    const refused = answers.find((answer) => answer.statusCode === 429);
    const wait = Number(refused?.headers["retry-after"]);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused?.json().detail).toMatch(/Слишком много запросов с этим ключом API/);
    expect((await withKey(other.created.key, ME)).statusCode).toBe(200);
  });

  it("records its last use (time and address) at most once a minute, and tells its user the first, once", async () => {
    const { user, created } = await clientWithKey();
    await Promise.all([withKey(created.key, ME), withKey(created.key, ME), withKey(created.key, ME)]);
    const [first] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(first?.last_used_at).not.toBeNull();
    expect(first?.last_used_address).toBe("127.0.0.1");
    await withKey(created.key, ME);
    const [second] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(second?.last_used_at).toEqual(first?.last_used_at);
    // A minute on, the next use is written
    await ctx.db
      .update(apiKeys)
      .set({ last_used_at: sql`now() - interval '2 minutes'` })
      .where(eq(apiKeys.id, created.id));
    await withKey(created.key, ME);
    const [third] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(Date.now() - (third?.last_used_at?.getTime() ?? 0)).toBeLessThan(60_000);
    expect((await keyNotices(user.id)).map((notice) => notice.kind)).toEqual([
      "api_key_created",
      "api_key_first_used",
    ]);
  });
});

describe("GET /api/api-keys/ and POST /api/api-keys/:id/revoke/", () => {
  it("shows users their own keys, managers customers' users' keys too, administrators all", async () => {
    const client = await clientWithKey();
    const clientB = await ctx.buildUser({ company_id: companyB.id });
    const keyB = await makeApiKey(ctx, clientB);
    const otherManager = await ctx.buildUser({ company_id: forwarder.id, roles: ["Manager"] });
    const managerKey = await makeApiKey(ctx, otherManager);
    const admin = await ctx.buildUser({
      company_id: forwarder.id,
      roles: ["Manager"],
      is_administrator: true,
    });
    const seen = async (user: { id: number; token_version: number }) => {
      const answer = await (await ctx.as(user)).get(`${KEYS}?take=1000`);
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.json().results as ApiKey[]).map((key) => key.id);
    };
    const byClient = await seen(client.user);
    expect(byClient).toEqual([client.created.id]);
    const byManager = await seen(manager);
    expect(byManager).toEqual(expect.arrayContaining([client.created.id, keyB.id]));
    expect(byManager).not.toContain(managerKey.id);
    expect(await seen(admin)).toEqual(expect.arrayContaining([client.created.id, keyB.id, managerKey.id]));
  });

  it("lets a manager revoke a customer's key, told to its user; another company's user gets 404", async () => {
    const { user, created } = await clientWithKey();
    const clientB = await ctx.buildUser({ company_id: companyB.id });
    expect((await (await ctx.as(clientB)).post(`${KEYS}${created.id}/revoke/`)).statusCode).toBe(404);
    expect((await withKey(created.key, ME)).statusCode).toBe(200);
    const answers = await Promise.all([
      (await ctx.as(manager)).post(`${KEYS}${created.id}/revoke/`),
      (await ctx.as(manager)).post(`${KEYS}${created.id}/revoke/`),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await withKey(created.key, ME)).statusCode).toBe(401);
    const notices = await keyNotices(user.id);
    expect(notices.map((notice) => notice.kind)).toEqual([
      "api_key_created",
      "api_key_first_used",
      "api_key_revoked",
    ]);
    expect(notices[2]?.params).toMatchObject({ name: "ERP", prefix: created.prefix });
    // The user's feed shows it in their language, linking to the integrations page
    const feed = await ctx.app.inject({
      url: "/api/notifications/",
      headers: await ctx.authHeaders(user, "ru"),
    });
    expect(feed.json().results[0]).toMatchObject({ title: "Ключ API «ERP» отозван", link: "/integrations" });
  });

  it("answers 404 for a key that does not exist or an id that is no id", async () => {
    const session = await ctx.as(manager);
    for (const id of ["999999", "0", "-1", "1e3", "99999999999999999999", "abc"]) {
      expect((await session.post(`${KEYS}${id}/revoke/`)).statusCode, id).toBe(404);
    }
  });
});
