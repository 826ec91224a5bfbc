import { eq } from "drizzle-orm";
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { freightOrders, users } from "../db/schema/index.ts";
import { createTestContext } from "../test/context.ts";
import { clip, contractProblem, LEAKS } from "../test/fuzz-checks.ts";
import { fuzzInputs } from "../test/fuzz-inputs.ts";
import { acceptLanguage, contentType } from "../test/fuzz-values.ts";
import { buildOrder, buildStoredOrderFile } from "../test/orders.ts";
import { type CatalogRoute, parsePrintedRoutes, routeCatalog } from "../test/route-catalog.ts";

/**
 * Route-level fuzzing: every registered route gets paths, query strings, bodies and headers generated from its
 * schema and off it, sent anonymously and as each role. Whatever comes in, the answer is below 500, says nothing
 * about SQL, the stack or the framework, and an error has the contract's shape (docs/api.md, "Errors").
 */

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 100);

const ctx = await createTestContext();
afterAll(() => ctx.close());

const forwarder = await ctx.buildCompany({ is_expedition_company: true });
const companyA = await ctx.buildCompany();
const companyB = await ctx.buildCompany();
await ctx.buildUser({ company_id: forwarder.id, roles: ["Manager"] });
const targetA = await ctx.buildUser({ company_id: companyA.id });
const targetB = await ctx.buildUser({ company_id: companyB.id, state: "pending" });
const targetNew = await ctx.buildUser({ state: "new", company_id: null });

/** The signed-in callers; restored before each mutating request so that one run's PATCH cannot lock them out. */
const actorSeeds = {
  manager: await ctx.buildUser({ company_id: forwarder.id, roles: ["Manager"] }),
  head: await ctx.buildUser({ company_id: forwarder.id, roles: ["Head"] }),
  client: await ctx.buildUser({ company_id: companyA.id }),
  otherClient: await ctx.buildUser({ company_id: companyB.id }),
};
type ActorName = keyof typeof actorSeeds | "anonymous" | "badToken";
const ACTORS: ActorName[] = ["anonymous", "manager", "head", "client", "otherClient", "badToken"];

const catalog = await routeCatalog(ctx.app);

// Shipping orders under the ids the paths use (of both customers, a draft and an approved one in turn), each with a
// document and a signed order whose bytes are stored: the order calls, the uploads and the downloads get past
// "not found" as often as the other routes do.
const fixtureOrders: { id: number; status: number }[] = [];
for (let i = 0; i < 12; i += 1) {
  const order = await buildOrder(ctx.db, {
    company_id: (i % 2 === 0 ? companyA : companyB).id,
    author_id: targetA.id,
    status: i % 4 < 2 ? 1 : 2,
  });
  fixtureOrders.push(order);
  for (const kind of ["document", "signed"] as const) {
    await buildStoredOrderFile(ctx.db, ctx.config.FILES_DIR, {
      freight_order_id: order.id,
      author_id: targetA.id,
      kind,
    });
  }
}

const ID_VALUES = [
  ...[forwarder, companyA, companyB].map((c) => String(c.id)),
  ...[targetA, targetB, targetNew, ...Object.values(actorSeeds)].map((u) => String(u.id)),
];
const { oddPathSegment, queryString, bodyText, multipartForm } = fuzzInputs(ID_VALUES);

const actor = fc.constantFrom(...ACTORS);

/** One generated request for a route: the pieces are kept apart so that a failure prints readably. */
interface Attempt {
  actor: ActorName;
  method: string;
  url: string;
  contentType: string | undefined;
  acceptLanguage: string | undefined;
  body: string | undefined;
}

function attempt(route: CatalogRoute): fc.Arbitrary<Attempt> {
  const segments = route.pathParams.map(() => oddPathSegment);
  const hasBody = !["GET", "HEAD", "DELETE", "OPTIONS"].includes(route.method);
  return fc
    .record({
      actor,
      segments: fc.tuple(...segments),
      query: fc.option(queryString(route), { nil: undefined, freq: 3 }),
      // GET routes are asked with HEAD now and then; a body on a GET is tried too.
      method:
        route.method === "GET" ? fc.constantFrom("GET", "GET", "GET", "HEAD") : fc.constant(route.method),
      body: hasBody ? bodyText(route) : fc.option(bodyText(route), { nil: undefined, freq: 10 }),
      contentType,
      acceptLanguage,
      slash: fc.constantFrom("/", "/", "/", "", "//"),
      // An upload route gets a multipart form four times in five, and the JSON bodies of the others otherwise
      form: route.multipart
        ? fc.option(multipartForm(route), { nil: undefined, freq: 5 })
        : fc.constant(undefined),
    })
    .map((r) => {
      let index = 0;
      const path = route.pattern.replace(/:\w+/g, () => r.segments[index++] as string);
      const body = r.form?.body ?? r.body;
      return {
        actor: r.actor,
        method: r.method,
        url: `${path}${r.slash}${r.query === undefined ? "" : `?${r.query}`}`,
        contentType: r.form?.contentType ?? (body === undefined ? undefined : r.contentType),
        acceptLanguage: r.acceptLanguage,
        body,
      };
    });
}

async function restoreActors(): Promise<Record<string, { id: number; token_version: number }>> {
  const current: Record<string, { id: number; token_version: number }> = {};
  for (const [name, seed] of Object.entries(actorSeeds)) {
    const [row] = await ctx.db
      .update(users)
      .set({ is_active: true, state: "approved", company_id: seed.company_id })
      .where(eq(users.id, seed.id))
      .returning();
    if (!row) throw new Error(`actor ${name} vanished`);
    current[name] = row;
  }
  return current;
}

let actorRows = await restoreActors();

/** Brings the orders back as they were made (an earlier route's runs delete orders and move them along). */
async function restoreOrders(): Promise<void> {
  for (const order of fixtureOrders) {
    await ctx.db
      .update(freightOrders)
      .set({ status: order.status, deleted_at: null })
      .where(eq(freightOrders.id, order.id));
  }
}

async function send(a: Attempt) {
  if (a.method !== "GET" && a.method !== "HEAD") actorRows = await restoreActors();
  const headers: Record<string, string> = {};
  if (a.actor === "badToken") headers.authorization = "JWT not.a.token";
  else if (a.actor !== "anonymous") {
    Object.assign(
      headers,
      await ctx.authHeaders(actorRows[a.actor] as { id: number; token_version: number }),
    );
  }
  delete headers["accept-language"];
  if (a.acceptLanguage !== undefined) headers["accept-language"] = a.acceptLanguage;
  if (a.contentType !== undefined) headers["content-type"] = a.contentType;
  const options: InjectOptions = { method: a.method as InjectOptions["method"], url: a.url, headers };
  if (a.body !== undefined) options.payload = a.body;
  return ctx.app.inject(options);
}

const stats = new Map<string, number>();
afterAll(() => {
  if (process.env.FUZZ_STATS)
    console.log(
      [...stats]
        .sort()
        .map(([k, n]) => `${k}: ${n}`)
        .join("\n"),
    );
});

async function check(a: Attempt): Promise<void> {
  const response = await send(a);
  const statKey = `${a.method} ${a.url
    .split("?")[0]
    ?.replace(/\/\d+\//g, "/N/")
    .slice(0, 40)} ${response.statusCode}`;
  stats.set(statKey, (stats.get(statKey) ?? 0) + 1);
  const problems: string[] = [];
  if (response.statusCode >= 500) problems.push(`status ${response.statusCode}`);
  const requestText = `${a.url}\n${a.body ?? ""}\n${a.acceptLanguage ?? ""}`;
  let decodedRequest = requestText;
  try {
    decodedRequest = decodeURIComponent(requestText);
  } catch {
    // A malformed escape stays as it is.
  }
  for (const leak of LEAKS) {
    // A pattern that the request itself carries may come back echoed in a message; that is not a leak.
    if (leak.test(response.body) && !leak.test(requestText) && !leak.test(decodedRequest)) {
      problems.push(`the answer matches ${leak}`);
    }
  }
  if (response.statusCode >= 400 && response.body !== "") {
    if (!String(response.headers["content-type"] ?? "").startsWith("application/json")) {
      problems.push(`an error answered as ${response.headers["content-type"]}`);
    } else {
      let parsed: unknown;
      try {
        parsed = response.json();
      } catch {
        problems.push("the error body is not JSON");
      }
      const problem = parsed === undefined ? null : contractProblem(parsed, response.statusCode);
      if (problem) problems.push(problem);
    }
  }
  if (problems.length > 0) {
    throw new Error(
      [
        problems.join("; "),
        `request: ${a.method} ${clip(a.url, 300)} as ${a.actor}`,
        `  content-type: ${a.contentType ?? "(none)"}, accept-language: ${clip(a.acceptLanguage, 60)}`,
        `  body: ${clip(a.body)}`,
        `answer: ${response.statusCode} ${response.headers["content-type"] ?? ""}`,
        `  ${clip(response.body, 800)}`,
      ].join("\n"),
    );
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The suite
// ---------------------------------------------------------------------------------------------------------------

describe("the route catalog", () => {
  it("reads every method and path of a printed route tree", () => {
    const tree = [
      "├── /api/token (POST)",
      "│   └── /refresh (POST)",
      "└── /profile/api/users (GET, HEAD)",
      "    ├── /me (GET, HEAD, PUT)",
      "    └── /:id (PATCH)",
      "└── /tracking/api/freight_orders/:id|:orderId (GET)",
      "    └── /files (POST)",
    ].join("\n");
    expect(parsePrintedRoutes(tree)).toEqual([
      { method: "POST", pattern: "/api/token" },
      { method: "POST", pattern: "/api/token/refresh" },
      { method: "GET", pattern: "/profile/api/users" },
      { method: "HEAD", pattern: "/profile/api/users" },
      { method: "GET", pattern: "/profile/api/users/me" },
      { method: "HEAD", pattern: "/profile/api/users/me" },
      { method: "PUT", pattern: "/profile/api/users/me" },
      { method: "PATCH", pattern: "/profile/api/users/:id" },
      { method: "GET", pattern: "/tracking/api/freight_orders/:id" },
      { method: "POST", pattern: "/tracking/api/freight_orders/:id/files" },
    ]);
  });

  it("holds the app's routes with the schemas of their inputs", () => {
    const byKey = new Map(catalog.map((route) => [`${route.method} ${route.pattern}`, route]));
    expect(byKey.get("POST /api/token")?.body?.properties).toHaveProperty("username");
    expect(byKey.get("GET /profile/api/users")?.query.map((p) => p.name)).toContain("filters");
    expect(byKey.get("PATCH /profile/api/users/:id")?.pathParams).toEqual(["id"]);
    expect(byKey.get("GET /api/health")).toBeDefined();
    // A route whose parameter another route of its node names differently, with its upload form
    expect(byKey.get("POST /tracking/api/freight_orders/:id/files")?.multipart?.properties).toHaveProperty(
      "file",
    );
    expect(catalog.some((route) => route.pattern.startsWith("/api/docs"))).toBe(false);
    // A route the document leaves out (hidden) is fuzzed all the same, with generic inputs.
    expect(catalog.every((route) => route.documented || route.body === undefined)).toBe(true);
  });
});

describe("the checks themselves", () => {
  it("flag SQL, stack frames, framework codes and Fastify's error shape", () => {
    const leaks = [
      'duplicate key value violates unique constraint "users_username_unique"',
      'select "id" from "users" where',
      "TypeError: x is undefined\n    at Object.<anonymous> (/app/src/x.ts:1:2)",
      "FST_ERR_CTP_INVALID_MEDIA_TYPE",
      '{"statusCode":500,"error":"Internal Server Error"}',
    ];
    for (const text of leaks)
      expect(
        LEAKS.some((leak) => leak.test(text)),
        text,
      ).toBe(true);
    expect(LEAKS.some((leak) => leak.test('{"detail":"Not found"}'))).toBe(false);
  });

  it("accept the contract's error bodies and nothing else", () => {
    expect(contractProblem({ detail: "Not found" }, 404)).toBeNull();
    expect(contractProblem({ username: ["Required"], "@validation": "fields_not_provided" }, 400)).toBeNull();
    expect(contractProblem({ detail: "Stale", current: { id: 1 } }, 409)).toBeNull();
    // A staff member, or a user of a company that requires it, sent to enrol a second factor first
    const enrol = { detail: "Add a second factor", "@security": "second_factor_enrolment_required" };
    expect(contractProblem(enrol, 403)).toBeNull();
    expect(contractProblem({ ...enrol, "@security": "other" }, 403)).not.toBeNull();
    expect(contractProblem(enrol, 400)).not.toBeNull();
    expect(contractProblem({ detail: ["Unsupported"] }, 415)).not.toBeNull();
    expect(
      contractProblem({ statusCode: 414, code: "FST_ERR", error: "URI Too Long", message: "x" }, 414),
    ).not.toBeNull();
    expect(contractProblem([], 400)).not.toBeNull();
    expect(contractProblem({ username: "Required" }, 400)).not.toBeNull();
  });
});

describe.each(catalog.map((route) => [`${route.method} ${route.pattern}/`, route] as const))(
  "%s",
  (_name, route) => {
    it("answers any input below 500, without internals, in the error contract's shape", async () => {
      await restoreOrders();
      await fc.assert(
        fc.asyncProperty(attempt(route), (a) => check(a)),
        { numRuns: RUNS_PER_ROUTE },
      );
    });
  },
);

describe("methods a path does not have", () => {
  it("answer 404 or 405 in the contract's shape", async () => {
    const paths = [...new Set(catalog.map((route) => route.pattern))];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.constantFrom("DELETE", "PUT", "PATCH", "POST", "OPTIONS", "GET"),
        actor,
        async (pattern, method, who) => {
          if (catalog.some((route) => route.pattern === pattern && route.method === method)) return;
          const url = `${pattern.replace(/:\w+/g, String(targetA.id))}/`;
          await check({
            actor: who,
            method,
            url,
            contentType: undefined,
            acceptLanguage: "en",
            body: undefined,
          });
        },
      ),
      { numRuns: 30 },
    );
  });
});
