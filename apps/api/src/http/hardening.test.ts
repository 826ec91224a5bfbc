import type { AddressInfo } from "node:net";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test/context.ts";

/** The reproductions of the input-hardening issue, one test each: the exact status and the field it names. */

let ctx: TestContext;
let manager: { id: number; token_version: number };
let client: { id: number; token_version: number };
beforeAll(async () => {
  ctx = await createTestContext();
  const forwarder = await ctx.buildCompany({ is_expedition_company: true });
  const company = await ctx.buildCompany();
  manager = await ctx.buildUser({ company_id: forwarder.id, roles: ["Manager"] });
  client = await ctx.buildUser({ company_id: company.id });
});
afterAll(() => ctx?.close());

const FIELDS_ONLY = /^(?!@validation$)/;

/** Asserts the answer is a 400 that names `field` with translated messages (and nothing internal). */
function expectFieldError(response: { statusCode: number; body: string; json(): unknown }, field: string) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json() as Record<string, unknown>;
  expect(body[field], response.body).toEqual([expect.any(String)]);
  for (const [key, value] of Object.entries(body)) {
    if (FIELDS_ONLY.test(key)) expect(value).toEqual(expect.arrayContaining([expect.any(String)]));
  }
  expect(response.body).not.toMatch(/FST_|statusCode|select|drizzle|pglite|\.ts:/i);
}

async function asManager(options: InjectOptions, lang = "en") {
  return ctx.app.inject({
    ...options,
    headers: { ...(await ctx.authHeaders(manager, lang)), ...options.headers },
  });
}

async function asClient(options: InjectOptions, lang = "en") {
  return ctx.app.inject({
    ...options,
    headers: { ...(await ctx.authHeaders(client, lang)), ...options.headers },
  });
}

const profile = { first_name: "Пётр", last_name: "Иванов", phone: "+7 383 210-44-12", email: "p@example.ru" };

describe("path ids", () => {
  it.each(["2147483648", "99999999999", "0x7", "7.0", "1e3", "0", "-1"])(
    "PATCH profile/api/users/%s/ answers 404",
    async (id) => {
      const response = await asManager({
        method: "PATCH",
        url: `/profile/api/users/${id}/`,
        payload: { first_name: "Anna" },
      });
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toEqual({ detail: "Not found" });
    },
  );

  it("GET profile/api/companies/2147483648/managers/ answers 404", async () => {
    const response = await asManager({ url: "/profile/api/companies/2147483648/managers/" });
    expect(response.statusCode, response.body).toBe(404);
  });
});

describe("numbers beyond the columns' range", () => {
  it("refuses filters=id__gt=2147483648 with 400 on filters", async () => {
    expectFieldError(await asManager({ url: "/profile/api/users/?filters=id__gt=2147483648" }), "filters");
  });

  it("refuses company_id 99999999999 with 400 on company_id", async () => {
    const response = await asManager({
      method: "PATCH",
      url: `/profile/api/users/${client.id}/`,
      payload: { company_id: 99999999999 },
    });
    expectFieldError(response, "company_id");
  });

  it("refuses version 99999999999 with 400 on version", async () => {
    const response = await asManager({
      method: "PATCH",
      url: `/profile/api/users/${client.id}/`,
      payload: { first_name: "Anna", version: 99999999999 },
    });
    expectFieldError(response, "version");
  });
});

describe("NUL characters", () => {
  it("POST api/token/ refuses a NUL in username with 400 on username", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/token/",
      payload: { username: "x\u0000", password: "y" },
    });
    expectFieldError(response, "username");
  });

  it("GET profile/api/users/?search=a%00b answers 400 on search", async () => {
    expectFieldError(await asManager({ url: "/profile/api/users/?search=a%00b" }), "search");
  });

  it("PUT profile/api/users/me/ refuses a NUL in first_name with 400 on first_name", async () => {
    const response = await asClient({
      method: "PUT",
      url: "/profile/api/users/me/",
      payload: { ...profile, first_name: "Пё\u0000тр" },
    });
    expectFieldError(response, "first_name");
  });

  it("refuses a filter value with a NUL with 400 on filters", async () => {
    expectFieldError(await asManager({ url: "/profile/api/users/?filters=username=a%00b" }), "filters");
  });

  it("translates the message: Russian and English answers differ", async () => {
    const url = "/profile/api/users/?search=a%00b";
    const en = await asManager({ url }, "en");
    const ru = await asManager({ url }, "ru");
    expectFieldError(en, "search");
    expectFieldError(ru, "search");
    expect(ru.json().search).not.toEqual(en.json().search);
    const token = (lang: string) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/token/",
        headers: { "accept-language": lang },
        payload: { username: "x\u0000", password: "y" },
      });
    const [tokenEn, tokenRu] = [await token("en"), await token("ru")];
    expectFieldError(tokenEn, "username");
    expect(tokenRu.json().username).not.toEqual(tokenEn.json().username);
  });
});

describe("dates PostgreSQL cannot hold or that do not exist", () => {
  it.each(["0000-06-15", "2025-02-30"])(
    "refuses filters=date_joined=%s with 400 on filters",
    async (date) => {
      expectFieldError(
        await asManager({ url: `/profile/api/users/?filters=date_joined=${date}` }),
        "filters",
      );
    },
  );
});

describe("names of Object.prototype in ordering and filters", () => {
  it.each(["constructor", "toString", "__proto__"])(
    "refuses ordering=%s with 400 on ordering",
    async (name) => {
      expectFieldError(await asManager({ url: `/profile/api/users/?ordering=${name}` }), "ordering");
    },
  );

  it.each(["constructor=1", "__proto__=1"])("refuses filters=%s with 400 on filters", async (filter) => {
    expectFieldError(
      await asManager({ url: `/profile/api/users/?filters=${encodeURIComponent(filter)}` }),
      "filters",
    );
  });
});

describe("framework errors in the contract's shape", () => {
  it("answers a path parameter longer than the router allows with 414 {detail}, translated", async () => {
    const long = `zz${"9".repeat(250)}`;
    const url = `/profile/api/users/${long}/`;
    const en = await asManager({ method: "PATCH", url, payload: { first_name: "Anna" } }, "en");
    const ru = await asManager({ method: "PATCH", url, payload: { first_name: "Anna" } }, "ru");
    expect(en.statusCode, en.body).toBe(414);
    expect(Object.keys(en.json())).toEqual(["detail"]);
    expect(en.json().detail).toEqual(expect.any(String));
    expect(ru.json().detail).not.toBe(en.json().detail);
    expect(en.body).not.toContain("FST_");
    expect(en.body).not.toContain(long);
  });

  it("answers request headers that are too large with 431, empty or {detail}, never 500", async () => {
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = ctx.app.server.address() as AddressInfo;
    for (const path of ["/api/config/", "/no/such/route/"]) {
      const response = await fetch(`http://127.0.0.1:${port}${path}`, {
        headers: { "x-padding": "a".repeat(20_000), "accept-language": "en" },
      });
      const text = await response.text();
      expect(response.status, text).toBe(431);
      if (text !== "") {
        expect(Object.keys(JSON.parse(text))).toEqual(["detail"]);
        expect(JSON.parse(text).detail).toEqual(expect.any(String));
      }
      expect(text).not.toMatch(/FST_|statusCode/);
    }
  });

  it.each(["text/plain", "application/xml"])(
    "answers a POST as %s with 415 and a detail string",
    async (type) => {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/token/",
        headers: { "content-type": type, "accept-language": "en" },
        payload: type === "text/plain" ? "username=x" : "<username>x</username>",
      });
      expect(response.statusCode, response.body).toBe(415);
      expect(response.json()).toEqual({ detail: expect.any(String) });
    },
  );

  it("answers JSON in UTF-16 with 415 and a detail string", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/token/",
      headers: { "content-type": "application/json; charset=utf-16", "accept-language": "en" },
      payload: Buffer.from(JSON.stringify({ username: "x", password: "y" }), "utf16le"),
    });
    expect(response.statusCode, response.body).toBe(415);
    expect(response.json()).toEqual({ detail: expect.any(String) });
  });

  it.each(["application/json;;;", "application/json; charset", "/", "application/"])(
    "answers the malformed content type %j below 500 with a detail string",
    async (type) => {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/token/",
        headers: { "content-type": type, "accept-language": "en" },
        payload: JSON.stringify({ username: "x", password: "y" }),
      });
      // Lenient parsing may read it as JSON (then the credentials are wrong); it must never fail on our side.
      expect([400, 401, 415], response.body).toContain(response.statusCode);
      expect(response.json()).toEqual({ detail: expect.any(String) });
    },
  );
});
