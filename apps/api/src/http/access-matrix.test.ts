import { randomBytes, randomUUID } from "node:crypto";
import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import type { Principal } from "../core/principal.ts";
import {
  apiKeys,
  companyManagers,
  companyServices,
  companyTransportationCosts,
  directoryCompanies,
  exportTasks,
  mailOutbox,
  notificationEvents,
  notifications,
  orderImports,
  orderTrackingLinks,
  passkeys,
  relatedUsers,
  services,
  shipmentKinds,
  transportKinds,
  userSessions,
  webhookDeliveries,
  webhookEndpoints,
} from "../db/schema/index.ts";
import { SecretBox } from "../modules/auth/secret-box.ts";
import { newWebhookSecret } from "../modules/webhooks/sender.ts";
import { keyHeaders, makeApiKey } from "../test/api-keys.ts";
import { buildContainer } from "../test/containers.ts";
import { createTestContext } from "../test/context.ts";
import { buildOrder, buildStoredOrderFile } from "../test/orders.ts";
import { buildBasePrices } from "../test/planner.ts";
import { routeCatalog } from "../test/route-catalog.ts";
import { accessPlugin, type RouteAccess } from "./access.ts";

/**
 * The access matrix: every API route, called by every kind of user with an empty body, answers as the access it
 * declares (http/access.ts) says, and the rows of a customer's company are a 404 for everyone outside it. A new
 * route is in the matrix without an edit here; one whose path names a row this file cannot build fails until
 * `FIXTURES` says which row it is.
 */

// Every caller also calls every route with an API key of theirs: more requests a minute than a key's default
const ctx = await createTestContext({ API_KEY_REQUESTS_PER_MINUTE: "100000" });
afterAll(() => ctx.close());

const forwarder = await ctx.buildCompany({ is_expedition_company: true });
const companyA = await ctx.buildCompany({ name: "ООО «Компания А»" });
const companyB = await ctx.buildCompany({ name: "ООО «Компания Б»" });
const companyC = await ctx.buildCompany({ name: "ООО «Компания В»" });
const related = await ctx.buildUser({ company_id: companyC.id });
await ctx.db.insert(relatedUsers).values({ company_id: companyA.id, user_id: related.id });

/** The kinds of caller, and whether each sees company A's rows (its own, related, or staff). */
const ACTORS = {
  clientA: { user: await ctx.buildUser({ company_id: companyA.id }), seesA: true },
  clientB: { user: await ctx.buildUser({ company_id: companyB.id }), seesA: false },
  related: { user: related, seesA: true },
  manager: { user: await ctx.buildUser({ company_id: forwarder.id, roles: ["Manager"] }), seesA: true },
  head: { user: await ctx.buildUser({ company_id: forwarder.id, roles: ["Head"] }), seesA: true },
  administrator: {
    user: await ctx.buildUser({ company_id: forwarder.id, roles: ["Manager"], is_administrator: true }),
    seesA: true,
  },
  newUser: {
    user: await ctx.buildUser({ state: "new", company_id: null, roles: ["Customer"] }),
    seesA: false,
  },
  pendingUser: {
    user: await ctx.buildUser({ state: "pending", company_id: null, roles: ["Customer"] }),
    seesA: false,
  },
};
type ActorName = keyof typeof ACTORS;

/**
 * Each approved caller's API keys, read-write and read-only: a key's rights are its user's, but that a read-only key
 * is refused every write and any key the routes kept for the browser's session (`sessionOnly`). A user not approved
 * holds no live key (api-keys.test.ts).
 */
const KEY_KINDS = ["readWrite", "readOnly"] as const;
type KeyKind = (typeof KEY_KINDS)[number];
const keys = new Map<ActorName, Record<KeyKind, string>>();
for (const [name, { user }] of Object.entries(ACTORS) as [ActorName, (typeof ACTORS)[ActorName]][]) {
  if (user.state !== "approved") continue;
  keys.set(name, {
    readWrite: (await makeApiKey(ctx, user, { name: "matrix" })).key,
    readOnly: (await makeApiKey(ctx, user, { name: "matrix", read_only: true })).key,
  });
}

/** Each caller as the access rules see them: the flags the API answers for them. */
const principals = new Map<ActorName, Principal>();
for (const [name, { user }] of Object.entries(ACTORS) as [ActorName, (typeof ACTORS)[ActorName]][]) {
  const me = await (await ctx.as(user)).get("/profile/api/users/me/");
  expect(me.statusCode, name).toBe(200);
  principals.set(name, { ...me.json(), company_ids: [] } as Principal);
}

// Company A's price list, made once (the matrix only reads and changes its rows)
await buildBasePrices(ctx.db);
const priced = await (await ctx.as(ACTORS.manager.user)).post(
  `/planner/api/company/${companyA.id}/company_price_refresh/`,
);
expect(priced.statusCode, priced.body).toBe(200);
const [companyService] = await ctx.db.select().from(companyServices);
const [companyCost] = await ctx.db.select().from(companyTransportationCosts);

/**
 * The rows a route's path may name: company A's (and its order's), built anew for each call that may change or
 * delete them, and the reference rows everyone reads. `scoped` rows exist only for those who see company A.
 */
async function buildRows(orderStatus: number) {
  const author = ACTORS.clientA.user;
  const order = await buildOrder(ctx.db, {
    company_id: companyA.id,
    author_id: author.id,
    status: orderStatus,
    container_count: 5,
  });
  const stored = (kind: "document" | "signed") =>
    buildStoredOrderFile(ctx.db, ctx.config.FILES_DIR, {
      freight_order_id: order.id,
      author_id: author.id,
      kind,
    });
  const [entry] = await ctx.db
    .insert(directoryCompanies)
    .values({ company_id: companyA.id, short_name: "Грузополучатель" })
    .returning();
  const linkedManager = await ctx.buildUser({ company_id: forwarder.id, roles: ["Manager"] });
  const [managerLink] = await ctx.db
    .insert(companyManagers)
    .values({ company_id: companyA.id, manager_id: linkedManager.id })
    .returning();
  const linkedUser = await ctx.buildUser({ company_id: companyC.id });
  const [relatedLink] = await ctx.db
    .insert(relatedUsers)
    .values({ company_id: companyA.id, user_id: linkedUser.id })
    .returning();
  // Reference books keep each name once: names of this matrix's own
  const bookName = `матрица ${linkedUser.id}`;
  const [transportKind] = await ctx.db
    .insert(transportKinds)
    .values({ description: `Ж/д ${bookName}` })
    .returning();
  const [shipmentKind] = await ctx.db
    .insert(shipmentKinds)
    .values({ description: `Импорт ${bookName}` })
    .returning();
  const [service] = await ctx.db
    .insert(services)
    .values({ description: `Терминал ${bookName}` })
    .returning();
  const [outboxMail] = await ctx.db
    .insert(mailOutbox)
    .values({
      user_id: author.id,
      to_address: "a@example.com",
      language: "ru",
      subject: "s",
      text: "t",
      html: "h",
    })
    .returning();
  const [exportTask] = await ctx.db
    .insert(exportTasks)
    .values({ company_id: companyA.id, from_date: "2026-01-01", to_date: "2026-01-31", author_id: author.id })
    .returning();
  // An import of company A's whose rows are checked (its start then has a row to import)
  const [orderImport] = await ctx.db
    .insert(orderImports)
    .values({
      company_id: companyA.id,
      author_id: author.id,
      file_name: "orders.csv",
      fingerprint: "0".repeat(64),
      state: "checked",
      headers: ["consignor_name"],
      columns: ["consignor_name"],
      rows: [{ row: 2, cells: ["Manzhouli Timber Co."], errors: null }],
      total: 1,
      checked: 1,
      valid: 1,
    })
    .returning();
  const [trackingLink] = await ctx.db
    .insert(orderTrackingLinks)
    .values({
      freight_order_id: order.id,
      token_hash: `matrix-${order.id}`,
      created_by: author.id,
      expires_at: new Date(Date.now() + 86_400_000),
    })
    .returning();
  // Company A's webhook endpoint (at an address the SSRF guard refuses: a test send reaches nothing) and a delivery
  const [webhookEndpoint] = await ctx.db
    .insert(webhookEndpoints)
    .values({
      company_id: companyA.id,
      url: "https://127.0.0.1:9/hooks",
      kinds: ["order_paid"],
      secret: new SecretBox(ctx.config.secondFactorKey).seal(newWebhookSecret()),
    })
    .returning();
  const [webhookDelivery] = await ctx.db
    .insert(webhookDeliveries)
    .values({
      endpoint_id: webhookEndpoint?.id ?? 0,
      message_id: `msg_test_${randomUUID()}`,
      kind: "webhook.test",
      attempt: 1,
      succeeded: false,
      duration_ms: 1,
    })
    .returning();
  const scoped = {
    company: companyA.id,
    webhookEndpoint: webhookEndpoint?.id ?? 0,
    webhookDelivery: webhookDelivery?.id ?? 0,
    trackingLink: trackingLink?.id ?? 0,
    exportTask: exportTask?.id ?? 0,
    orderImport: orderImport?.id ?? 0,
    order: order.id,
    document: (await stored("document")).id,
    signed: (await stored("signed")).id,
    container: (await buildContainer(ctx.db, { freight_order_id: order.id, author_id: author.id })).id,
    // A container with a transit declaration: td/ and td-pdf/ answer 404 for one without
    declaredContainer: (
      await buildContainer(ctx.db, {
        freight_order_id: order.id,
        author_id: author.id,
        td_number: "10719110/010326/0001234",
        td_date: "2026-03-01",
      })
    ).id,
    // A container the monitoring follows: of an approved order (a draft's answers 404 there)
    monitoredContainer: (
      await buildContainer(ctx.db, {
        freight_order_id: (
          await buildOrder(ctx.db, { company_id: companyA.id, author_id: author.id, status: 2 })
        ).id,
        author_id: author.id,
      })
    ).id,
    directoryEntry: entry?.id ?? 0,
    managerLink: managerLink?.id ?? 0,
    relatedLink: relatedLink?.id ?? 0,
    companyService: companyService?.id ?? 0,
    companyCost: companyCost?.id ?? 0,
  };
  const open = {
    employee: (await ctx.buildUser({ company_id: companyA.id })).id,
    status: 1,
    transportKind: transportKind?.id ?? 0,
    shipmentKind: shipmentKind?.id ?? 0,
    // Every user's mail: the forwarder's administrators read them (no company's row)
    outboxMail: outboxMail?.id ?? 0,
    service: service?.id ?? 0,
  };
  // A notification is its recipient's alone: each caller names an entry of their own (another's is a 404 for
  // everyone, tested with the notifications)
  const [event] = await ctx.db
    .insert(notificationEvents)
    .values({
      kind: "order_paid",
      company_id: companyA.id,
      object_type: "freight_order",
      object_id: order.id,
    })
    .returning();
  const entries = await ctx.db
    .insert(notifications)
    .values(Object.values(ACTORS).map(({ user }) => ({ event_id: event?.id ?? 0, user_id: user.id })))
    .returning();
  // An API key is its user's (and their managers'): each caller names a key of their own
  const ownKeys = await ctx.db
    .insert(apiKeys)
    .values(
      Object.values(ACTORS).map(({ user }) => ({
        user_id: user.id,
        name: "matrix",
        prefix: `fpk_${randomBytes(8).toString("hex")}`,
        secret_hash: "0".repeat(64),
        expires_at: new Date(Date.now() + 86_400_000),
      })),
    )
    .returning();
  // And a passkey and a session of their own (not the one the call is made in)
  const ownRows = async (userId: number) => {
    const [passkey] = await ctx.db
      .insert(passkeys)
      .values({ user_id: userId, name: "Matrix", credential_id: `matrix-${randomUUID()}`, public_key: "" })
      .returning();
    const [session] = await ctx.db.insert(userSessions).values({ user_id: userId }).returning();
    return { passkey: passkey?.id ?? 0, session: session?.id ?? 0 };
  };
  const own = Object.fromEntries(
    await Promise.all(
      (Object.keys(ACTORS) as ActorName[]).map(async (name) => [
        name,
        {
          notification: entries.find((entry) => entry.user_id === ACTORS[name].user.id)?.id ?? 0,
          apiKey: ownKeys.find((key) => key.user_id === ACTORS[name].user.id)?.id ?? 0,
          ...(await ownRows(ACTORS[name].user.id)),
        },
      ]),
    ),
  ) as Record<ActorName, { notification: number; apiKey: number; passkey: number; session: number }>;
  return { scoped, open, own };
}
type Rows = Awaited<ReturnType<typeof buildRows>>;
type RowName = keyof Rows["scoped"] | keyof Rows["open"] | keyof Rows["own"][ActorName];

/**
 * Which row a path parameter names, by the segment before it (and the path where a segment is ambiguous). A path
 * parameter not listed fails its route's test: say here which row it names.
 */
const FIXTURES: [RegExp, RowName][] = [
  [/\/planner\/api\/company\/:companyId\/service\/:id\/$/, "companyService"],
  [/\/planner\/api\/company\/:companyId\/transportation_cost\/:id\/$/, "companyCost"],
  [/\/planner\/api\/company\/:companyId\//, "company"],
  [/\/tracking\/api\/directory\/company\/:id\//, "directoryEntry"],
  [/\/service\/api\/service\/:id\/$/, "service"],
  [/\/containers\/td(-pdf)?\/:containerId\/$/, "declaredContainer"],
  [/\/tracking\/api\/monitoring\/:id\/$/, "monitoredContainer"],
  [/\/tracking\/api\/reports\/terminal-utro\/:id\/$/, "container"],
  // A public tracking page's token: a number is a token no link has (404 for everyone, signed in or not)
  [/\/tracking\/api\/public\/tracking\/:token\/$/, "status"],
];
const BY_SEGMENT: Record<string, RowName> = {
  users: "employee",
  companies: "company",
  managers: "managerLink",
  related_users: "relatedLink",
  freight_orders: "order",
  files: "document",
  file: "document",
  sign: "signed",
  containers: "container",
  "freight-order-statuses": "status",
  "export-tasks": "exportTask",
  "order-imports": "orderImport",
  "tracking-links": "trackingLink",
  outbox: "outboxMail",
  notifications: "notification",
  "api-keys": "apiKey",
  endpoints: "webhookEndpoint",
  deliveries: "webhookDelivery",
  passkeys: "passkey",
  sessions: "session",
  transport_kind: "transportKind",
  shipment_kind: "shipmentKind",
};

/** The rows a route's path names, each with whether it is company A's. */
function namedRows(url: string): { param: string; row: RowName }[] {
  return [...url.matchAll(/([^/]+)\/:(\w+)/g)].map((match) => {
    const [, segment = "", param = ""] = match;
    const upToParam = url.slice(0, (match.index ?? 0) + match[0].length + 1);
    const row = FIXTURES.find(([pattern]) => pattern.test(upToParam))?.[1] ?? BY_SEGMENT[segment];
    if (!row) throw new Error(`${url}: say in FIXTURES which row :${param} names`);
    return { param, row };
  });
}

/** The path naming the rows; a caller's own row (`own`) is theirs (an anonymous caller names the client's). */
function urlFor(url: string, rows: Rows, actor: ActorName | null): { path: string; namesA: boolean } {
  let path = url;
  let namesA = false;
  for (const { param, row } of namedRows(url)) {
    const isScoped = row in rows.scoped;
    namesA ||= isScoped;
    const own = rows.own[actor ?? "clientA"];
    const id = isScoped
      ? rows.scoped[row as keyof Rows["scoped"]]
      : row in own
        ? own[row as keyof typeof own]
        : rows.open[row as keyof Rows["open"]];
    path = path.replace(`:${param}`, String(id));
  }
  return { path, namesA };
}

/** The answer the route's declared access expects of a caller: refused (and how), or let through. */
function expected(access: Exclude<RouteAccess, "anyone">, actor: ActorName, namesA: boolean) {
  const isAllowed = access.allow?.(principals.get(actor) as Principal) ?? true;
  // Company A's row does not exist for a caller outside it: 404, before any 403 where the route opens it first
  if (namesA && !ACTORS[actor].seesA) return access.open || isAllowed ? [404] : [403];
  return isAllowed ? ("let through" as const) : [403];
}

const REFUSALS = [401, 403, 404];
const declared = [...ctx.app.routeAccess].filter(([key]) => !key.startsWith("HEAD "));

describe("the access matrix", () => {
  it("covers every registered API route: each declares its access", async () => {
    const shape = (url: string) => url.replace(/:\w+/g, ":").replace(/\/+$/, "");
    const declaredShapes = new Set(
      declared.map(([key]) => `${key.split(" ")[0]} ${shape(key.split(" ")[1] ?? "")}`),
    );
    const catalog = await routeCatalog(ctx.app);
    const missing = catalog
      .map((route) => `${route.method} ${shape(route.pattern)}`)
      .filter((key) => !declaredShapes.has(key));
    expect(missing).toEqual([]);
    expect(declared.length).toBeGreaterThan(90);
  });

  it("keeps an API route that declares no access from being registered", async () => {
    const app = Fastify();
    await app.register(accessPlugin, { isApiPath: (url) => url.startsWith("/api/") });
    expect(() => app.get("/api/undeclared/", async () => "open")).toThrow(/declares no access/);
    expect(() =>
      app.get("/api/declared/", { config: { access: "anyone" } }, async () => "open"),
    ).not.toThrow();
    await app.close();
  });

  for (const [key, access] of declared) {
    const [method = "", url = ""] = key.split(" ");
    it(`${key} answers each caller as its access declares`, async () => {
      const isWrite = method !== "GET";
      // The signed order is uploaded where the workflow offers its status: an approved order
      const orderStatus = url.endsWith("/sign/") ? 2 : 1;
      let rows = await buildRows(orderStatus);
      const send = async (actor: ActorName | null, key?: KeyKind) => {
        // A deletion takes its row away: each caller deletes one of their own (an empty change changes nothing)
        if (method === "DELETE") rows = await buildRows(orderStatus);
        const { path: target } = urlFor(url, rows, actor);
        const keyOfActor = actor && key ? keys.get(actor)?.[key] : undefined;
        const headers = keyOfActor
          ? keyHeaders(keyOfActor)
          : actor
            ? await ctx.authHeaders(ACTORS[actor].user)
            : {};
        return ctx.app.inject({
          method: method as "GET",
          url: target,
          headers: { ...headers, ...(isWrite ? { "content-type": "application/json" } : {}) },
          ...(isWrite ? { payload: "{}" } : {}),
        });
      };
      const anonymous = await send(null);
      if (access === "anyone") {
        expect(anonymous.statusCode, anonymous.body).not.toBe(401);
        return;
      }
      expect(anonymous.statusCode, `anonymous: ${anonymous.body}`).toBe(401);
      for (const actor of Object.keys(ACTORS) as ActorName[]) {
        const answer = await send(actor);
        const { namesA } = urlFor(url, rows, actor);
        const expectation = expected(access, actor, namesA);
        const said = `${actor}: ${answer.statusCode} ${answer.body.slice(0, 200)}`;
        if (expectation === "let through") expect(REFUSALS, said).not.toContain(answer.statusCode);
        else expect(expectation, said).toContain(answer.statusCode);
        expect(answer.statusCode, said).toBeLessThan(500);
        if (!keys.has(actor)) continue;
        for (const key of KEY_KINDS) {
          const byKey = await send(actor, key);
          const keySaid = `${actor}'s ${key} key: ${byKey.statusCode} ${byKey.body.slice(0, 200)}`;
          if (access.sessionOnly || (key === "readOnly" && isWrite))
            expect(byKey.statusCode, keySaid).toBe(403);
          else if (expectation === "let through") expect(REFUSALS, keySaid).not.toContain(byKey.statusCode);
          else expect(expectation, keySaid).toContain(byKey.statusCode);
          expect(byKey.statusCode, keySaid).toBeLessThan(500);
        }
      }
      // Up to 22 calls a route, each a print on the print routes (30 s on a loaded two-core machine)
    }, 120_000);
  }
});
