import { eq } from "drizzle-orm";
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { users } from "../db/schema/index.ts";
import { createTestContext } from "../test/context.ts";
import {
  type CatalogRoute,
  type JsonSchema,
  parsePrintedRoutes,
  routeCatalog,
} from "../test/route-catalog.ts";

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

// ---------------------------------------------------------------------------------------------------------------
// Odd values
// ---------------------------------------------------------------------------------------------------------------

const ID_VALUES = [
  ...[forwarder, companyA, companyB].map((c) => String(c.id)),
  ...[targetA, targetB, targetNew, ...Object.values(actorSeeds)].map((u) => String(u.id)),
];

/** encodeURIComponent, with lone surrogates (which have no UTF-8 form) replaced first. */
function encode(text: string): string {
  return encodeURIComponent(
    text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD"),
  );
}

/** Path segments: existing ids and every shape of number and non-number the router may pass on. */
const oddPathSegment = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...ID_VALUES) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "0",
      "-1",
      "00",
      "07",
      "+7",
      "2147483647",
      "2147483648",
      "-2147483649",
      "99999999999",
      "9".repeat(30),
      "0x7",
      "7.0",
      "1e3",
      "Infinity",
      "NaN",
      "%00",
      "7%00",
      "%20",
      "%2F",
      "%zz",
      "%",
      "..",
      "null",
      "undefined",
      "__proto__",
      "constructor",
      "toString",
      "%D0%B8%D0%B4",
      "%F0%9F%9A%A2",
      "%ED%A0%80",
      "a".repeat(99),
      "1".repeat(150),
      "x".repeat(300),
    ),
  },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }).map(encode) },
  { weight: 1, arbitrary: fc.integer().map(String) },
);

const NUL_STRINGS = ["\u0000", "a\u0000b", "\u0000\u0000\u0000", `${"x".repeat(50)}\u0000`];
const oddString = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "   \t\n",
    ...NUL_STRINGS,
    "x".repeat(10_000),
    "ж".repeat(5_000),
    "🚢".repeat(3_000),
    "\uD800",
    "\uDFFF\uD800",
    "\u202Eevil",
    "\uFEFF",
    "' OR '1'='1",
    '"; DROP TABLE users; --',
    "\\",
    "%",
    "_",
    "{{value}}",
    "$" + "{7*7}", // a template placeholder as text
    "<script>alert(1)</script>",
    "2025-02-30",
    "0000-06-15",
    "-infinity",
    "1e308",
    "99999999999",
    "true",
    "null",
  ),
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.string({ unit: "grapheme", maxLength: 30 }),
);

/** Nesting deeper than any sane schema: arrays and objects a thousand levels down. */
function nested(depth: number, kind: "array" | "object"): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = kind === "array" ? [value] : { a: value };
  return value;
}

const oddNumber = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    0.5,
    1e308,
    -1e308,
    5e-324,
    99999999999,
    2147483648,
    -2147483649,
    Number.MAX_SAFE_INTEGER + 2,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: oddString },
  { weight: 3, arbitrary: oddNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], [1, 2], { a: 1 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(nested(1_000, "array"), nested(1_000, "object"), nested(40, "object")),
  },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

// ---------------------------------------------------------------------------------------------------------------
// Values from a schema
// ---------------------------------------------------------------------------------------------------------------

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

/** A value the schema accepts (or nearly: the server's own rules may still refuse it). */
function fromSchema(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0) return fc.oneof(...variants.map((s) => fromSchema(s, depth + 1)));
  if (schema.allOf?.[0]) return fromSchema(schema.allOf[0], depth + 1);
  let arbitrary: fc.Arbitrary<unknown>;
  const types = typesOf(schema);
  if (schema.enum && schema.enum.length > 0) arbitrary = fc.constantFrom(...schema.enum);
  else if (schema.const !== undefined) arbitrary = fc.constant(schema.const);
  else if (types.includes("integer") || types.includes("number")) {
    const min = typeof schema.minimum === "number" ? schema.minimum : -1_000;
    const max = typeof schema.maximum === "number" ? schema.maximum : 1_000_000;
    arbitrary = fc.oneof(
      fc.constantFrom(...ID_VALUES.map(Number).filter((n) => n >= min && n <= max), min, max),
      fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) }),
    );
  } else if (types.includes("boolean")) arbitrary = fc.boolean();
  else if (types.includes("string")) arbitrary = stringFromSchema(schema);
  else if (types.includes("array")) {
    arbitrary =
      depth > 4 ? fc.constant([]) : fc.array(fromSchema(schema.items ?? {}, depth + 1), { maxLength: 3 });
  } else if (types.includes("object") || schema.properties) {
    const properties = schema.properties ?? {};
    arbitrary =
      depth > 4
        ? fc.constant({})
        : fc.record(
            Object.fromEntries(
              Object.entries(properties).map(([k, s]) => [
                k,
                // Emails reach the document without their format (a pipe); the name tells.
                fromSchema(k.includes("email") ? { ...s, format: "email" } : s, depth + 1),
              ]),
            ),
            { requiredKeys: (schema.required ?? []).filter((k) => k in properties) },
          );
  } else arbitrary = fc.jsonValue({ maxDepth: 2 });
  return schema.nullable || types.includes("null") ? fc.option(arbitrary, { nil: null, freq: 5 }) : arbitrary;
}

function stringFromSchema(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === "email") {
    return fc.oneof(
      { weight: 4, arbitrary: fc.stringMatching(/^[a-z]{1,10}@example\.com$/) },
      { weight: 1, arbitrary: fc.emailAddress() },
    );
  }
  if (schema.format === "date")
    return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (schema.format === "date-time") return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  const readable = fc
    .array(fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCXYZ0123456789-_."), { minLength, maxLength })
    .map((chars) => chars.join(""));
  return fc.oneof(fc.string({ minLength, maxLength }), readable, fc.constant("Factory-Pass-42"));
}

// ---------------------------------------------------------------------------------------------------------------
// Query strings
// ---------------------------------------------------------------------------------------------------------------

const FIELD_NAMES = [
  "id",
  "username",
  "first_name",
  "email",
  "state",
  "is_active",
  "company_id",
  "date_joined",
  "last_login",
  "name",
  "inn",
  "debtor",
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "prototype",
  "nope",
];
const OPERATORS = [
  "",
  "__exact",
  "__iexact",
  "__icontains",
  "__startswith",
  "__in",
  "__isnull",
  "__lt",
  "__gte",
  "__x",
];
const FILTER_VALUES = [
  "1",
  "0",
  "-1",
  "2147483648",
  "99999999999",
  "1e3",
  "true",
  "false",
  "2025-01-31",
  "2025-02-30",
  "0000-06-15",
  "9999-12-31",
  "1,2,3",
  "approved",
  "a\u0000b",
  "%",
  "_",
  "\\",
  "ivan",
];

const filterCondition = fc
  .tuple(fc.constantFrom(...FIELD_NAMES), fc.constantFrom(...OPERATORS), fc.constantFrom(...FILTER_VALUES))
  .map(([field, op, value]) => `${field}${op}=${value}`);
const filterExpression: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: filterCondition },
  {
    weight: 2,
    arbitrary: fc
      .tuple(filterCondition, fc.constantFrom("&", "|"), filterCondition, fc.boolean())
      .map(([a, join, b, negate]) => `${negate ? "~" : ""}(${a}${join}${b})`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom("(".repeat(200), "~".repeat(500), `${"(".repeat(60)}id=1${")".repeat(60)}`),
  },
  { weight: 1, arbitrary: fc.constantFrom("id=1&".repeat(2_000), "=", "&&", "a==b", "id__in=") },
  { weight: 1, arbitrary: oddString },
);
const orderingExpression = fc.oneof(
  fc
    .array(
      fc.tuple(fc.boolean(), fc.constantFrom(...FIELD_NAMES)).map(([desc, f]) => `${desc ? "-" : ""}${f}`),
      { minLength: 1, maxLength: 3 },
    )
    .map((terms) => terms.join(",")),
  fc.constantFrom("", ",", "-", "--id", " id ", "id,".repeat(300)),
  oddString,
);

function queryValue(name: string, schema: JsonSchema): fc.Arbitrary<string> {
  const fromType = fromSchema(schema).map((v) => (typeof v === "string" ? v : (JSON.stringify(v) ?? "")));
  const special =
    name === "filters" ? filterExpression : name === "ordering" ? orderingExpression : fc.constant("1");
  return fc.oneof(
    { weight: 3, arbitrary: fromType },
    { weight: 3, arbitrary: special },
    { weight: 1, arbitrary: oddNumber.map(String) },
    { weight: 2, arbitrary: oddString },
  );
}

/** A query string: known keys with good and bad values, unknown keys, repeated keys, raw percent signs. */
function queryString(route: CatalogRoute): fc.Arbitrary<string> {
  const known = route.query.map((p) => fc.tuple(fc.constant(p.name), queryValue(p.name, p.schema)));
  const unknown = fc.tuple(
    fc.constantFrom("__proto__", "constructor", "a[b]", "", "x", "filters[]", "take.x"),
    oddString,
  );
  const pair = known.length > 0 ? fc.oneof({ weight: 4, arbitrary: fc.oneof(...known) }, unknown) : unknown;
  const encoded = fc
    .array(pair, { maxLength: 5 })
    .map((pairs) => pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join("&"));
  const raw = fc.constantFrom(
    "a=%zz",
    "%",
    "take=%00",
    "skip=1&skip=2",
    "take=1e3",
    "=&=&",
    "take",
    "a=1;b=2",
  );
  return fc.oneof({ weight: 6, arbitrary: encoded }, { weight: 1, arbitrary: raw });
}

// ---------------------------------------------------------------------------------------------------------------
// Bodies and headers
// ---------------------------------------------------------------------------------------------------------------

/** A body as raw text, so that `__proto__` keys and malformed JSON reach the server as written. */
function bodyText(route: CatalogRoute): fc.Arbitrary<string | undefined> {
  const schema = route.body ?? { type: "object" };
  const valid = fromSchema(schema);
  const keys = Object.keys(schema.properties ?? {});
  // Only the required fields: the likeliest to pass every rule and reach the database.
  const minimal = fromSchema({
    ...schema,
    properties: Object.fromEntries(
      Object.entries(schema.properties ?? {}).filter(([key]) => schema.required?.includes(key)),
    ),
  });
  const mutated =
    keys.length > 0
      ? fc
          .tuple(valid, fc.constantFrom(...keys), oddValue)
          .map(([v, key, odd]) => JSON.stringify({ ...(v as object), [key]: odd }))
      : oddValue.map((v) => JSON.stringify(v));
  const withPrototypeKeys = fc
    .tuple(valid, fc.constantFrom("__proto__", "constructor", "prototype"), oddValue)
    .map(([v, key, odd]) => {
      const text = JSON.stringify(v) ?? "{}";
      const inner = `${JSON.stringify(key)}:${JSON.stringify(odd) ?? "null"}`;
      return text.startsWith("{") ? `{${inner}${text.length > 2 ? `,${text.slice(1)}` : "}"}` : text;
    });
  const malformed = fc.constantFrom(
    "",
    "{",
    '{"a":}',
    "null",
    "[]",
    '"text"',
    "1e999",
    "\uFEFF{}",
    "{}{}",
    `${"[".repeat(10_000)}${"]".repeat(10_000)}`,
    `${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}`,
    '{"a":"\\u0000"}',
    '{"a":"\\ud800"}',
  );
  return fc.oneof(
    { weight: 3, arbitrary: valid.map((v) => JSON.stringify(v)) },
    { weight: 2, arbitrary: minimal.map((v) => JSON.stringify(v)) },
    { weight: 5, arbitrary: mutated },
    { weight: 1, arbitrary: withPrototypeKeys },
    { weight: 2, arbitrary: oddValue.map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: malformed },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant("application/json") },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "application/json; charset=utf-8",
      "application/json; charset=utf-16",
      "APPLICATION/JSON",
      "application/json;;;",
      "application/json; charset",
      "application/vnd.api+json",
      "text/plain",
      "application/xml",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "*/*",
      "json",
      "",
      undefined,
    ),
  },
);

const acceptLanguage = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom("ru", "en", undefined) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "",
      "*",
      "en-US,en;q=0.9",
      "xx",
      "ru;q=abc",
      "en;q=1e309",
      ";;,,;q=",
      "__proto__",
      "constructor",
      "en;q=-1, ru;q=0",
      "de,".repeat(2_000),
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }).filter((s) => /^[\x20-\x7e]*$/.test(s)) },
);

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
    })
    .map((r) => {
      let index = 0;
      const path = route.pattern.replace(/:\w+/g, () => r.segments[index++] as string);
      return {
        actor: r.actor,
        method: r.method,
        url: `${path}${r.slash}${r.query === undefined ? "" : `?${r.query}`}`,
        contentType: r.body === undefined ? undefined : r.contentType,
        acceptLanguage: r.acceptLanguage,
        body: r.body,
      };
    });
}

// ---------------------------------------------------------------------------------------------------------------
// What every answer must respect
// ---------------------------------------------------------------------------------------------------------------

/** Text that only an internal failure puts into an answer: SQL, driver messages, stack frames, framework codes. */
const LEAKS: RegExp[] = [
  /\bselect\b[\s\S]*\bfrom\b/i,
  /\binsert into\b/i,
  /syntax error/i,
  /\bviolates\b/i,
  /duplicate key/i,
  /relation "/i,
  /\bat Object\./,
  /\n\s+at /,
  /\bat [\w$.<>]+ \([^)]*:\d+:\d+\)/,
  /node_modules/,
  /\/src\//,
  /\.[cm]?[jt]s:\d+/,
  /\b\w*Error: /,
  /drizzle/i,
  /pglite/i,
  /\bFST_/,
  /\bERR_/,
  /"statusCode"/,
];

/** The contract's error bodies: `{detail: string}` (plus `current` on 409) or `{field: [message, …]}`. */
function contractProblem(body: unknown, status: number): string | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return "the error is not an object";
  const entries = Object.entries(body);
  if (entries.length === 0) return "the error is an empty object";
  for (const [key, value] of entries) {
    if (key === "@validation") {
      if (value !== "fields_not_provided") return `"@validation" is ${JSON.stringify(value)}`;
    } else if (key === "current" && status === 409) {
      // The record as it is now.
    } else if (key === "detail" && typeof value === "string") {
      if (value.trim() === "") return "detail is empty";
    } else if (
      !Array.isArray(value) ||
      value.length === 0 ||
      !value.every((m) => typeof m === "string" && m.trim() !== "")
    ) {
      return `"${key}" is not a list of messages`;
    }
  }
  if (
    [401, 403, 404, 409, 413, 414, 415, 429, 431].includes(status) &&
    typeof (body as { detail?: unknown }).detail !== "string"
  ) {
    return `a ${status} without a detail string`;
  }
  return null;
}

function clip(text: string | undefined, length = 400): string {
  if (text === undefined) return "(none)";
  return text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text;
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
    ]);
  });

  it("holds the app's routes with the schemas of their inputs", () => {
    const byKey = new Map(catalog.map((route) => [`${route.method} ${route.pattern}`, route]));
    expect(byKey.get("POST /api/token")?.body?.properties).toHaveProperty("username");
    expect(byKey.get("GET /profile/api/users")?.query.map((p) => p.name)).toContain("filters");
    expect(byKey.get("PATCH /profile/api/users/:id")?.pathParams).toEqual(["id"]);
    expect(byKey.get("GET /api/health")).toBeDefined();
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
