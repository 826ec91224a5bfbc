import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { loggerOptions } from "./http/logging.ts";
import { createTestContext, type TestContext } from "./test/context.ts";

let ctx: TestContext;
const webDist = mkdtempSync(path.join(tmpdir(), "portal-web-"));
mkdirSync(path.join(webDist, "assets"));
writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>portal</title>");
writeFileSync(path.join(webDist, "assets", "app.js"), "console.log(1)");
const bigScript = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(",")}];`;
writeFileSync(path.join(webDist, "assets", "big-1a2b3c.js"), bigScript);
writeFileSync(path.join(webDist, "assets", "big-1a2b3c.js.br"), brotliCompressSync(bigScript));
writeFileSync(path.join(webDist, "assets", "big-1a2b3c.js.gz"), gzipSync(bigScript));

beforeAll(async () => {
  ctx = await createTestContext({ WEB_DIST_DIR: webDist, BODY_LIMIT_BYTES: "2048" });
  ctx.app.get("/api/test/boom/", { config: { access: "anyone" } }, async () => {
    throw new Error('relation "users" violates constraint at /srv/app/secret.ts:12');
  });
});
afterAll(() => ctx?.close());

describe("error answers", () => {
  it("answers 500 with a translated detail and no internals", async () => {
    const response = await ctx.app.inject({
      url: "/api/test/boom/",
      headers: { "accept-language": "en-US,en;q=0.9" },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: "Server error" });
    expect(response.body).not.toMatch(/relation|secret|\.ts/);
  });

  it("answers malformed JSON with 400 and a detail, in Russian by default", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/token/",
      headers: { "content-type": "application/json" },
      payload: "{ not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: "Тело запроса не является корректным JSON" });
  });

  it("answers 413 for a body over the limit and 415 for an unsupported content type", async () => {
    const big = await ctx.app.inject({
      method: "POST",
      url: "/api/token/",
      headers: { "accept-language": "en" },
      payload: { username: "x".repeat(5000), password: "y" },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ detail: "The request body is too large" });
    const xml = await ctx.app.inject({
      method: "POST",
      url: "/api/token/",
      headers: { "content-type": "application/xml", "accept-language": "en" },
      payload: "<a/>",
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ detail: "Unsupported content type" });
  });

  it("answers unknown API paths with 404 Not found, not the web app", async () => {
    const response = await ctx.app.inject({
      url: "/profile/api/nothing-here/",
      headers: { "accept-language": "en" },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: "Not found" });
  });
});

describe("protected endpoints", () => {
  it.each([
    ["GET", "/profile/api/users/me/"],
    ["PUT", "/profile/api/users/me/"],
    ["GET", "/profile/api/users/"],
    ["PATCH", "/profile/api/users/1/"],
    ["GET", "/profile/api/companies/"],
    ["GET", "/profile/api/companies/1/managers/"],
  ] as const)("%s %s answers 401 to an anonymous caller, before validating the body", async (method, url) => {
    const response = await ctx.app.inject({ method, url, headers: { "accept-language": "en" }, payload: {} });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: "Authentication credentials were not provided." });
  });
});

describe("web app and documentation", () => {
  it("serves the single page for client routes, including /profile, and its assets", async () => {
    for (const url of ["/", "/dashboard", "/profile", "/freight-orders/12"]) {
      const page = await ctx.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain("<title>portal</title>");
    }
    const asset = await ctx.app.inject({ url: "/assets/app.js" });
    expect(asset.body).toBe("console.log(1)");
    // A rebuilt web app brings new hashed files: they are served without a restart.
    writeFileSync(path.join(webDist, "assets", "later.js"), "console.log(2)");
    expect((await ctx.app.inject({ url: "/assets/later.js" })).body).toBe("console.log(2)");
  });

  it("answers a hashed file from memory once read, in the coding the browser takes", async () => {
    const file = path.join(webDist, "assets", "once-4d5e6f.css");
    writeFileSync(file, "body { margin: 0 }");
    const first = await ctx.app.inject({ url: "/assets/once-4d5e6f.css" });
    expect(first.headers["content-type"]).toBe("text/css; charset=utf-8");
    rmSync(file);
    // Its name is its content's: the bytes read are the file's for good
    const again = await ctx.app.inject({ url: "/assets/once-4d5e6f.css" });
    expect([again.statusCode, again.body]).toEqual([200, "body { margin: 0 }"]);

    const codings = {
      "br, gzip": "br",
      "gzip, deflate": "gzip",
      "br;q=0, gzip": "gzip",
      identity: undefined,
    };
    for (const [accepted, coding] of Object.entries(codings)) {
      const answer = await ctx.app.inject({
        url: "/assets/big-1a2b3c.js",
        headers: { "accept-encoding": accepted },
      });
      expect(answer.headers["content-encoding"], accepted).toBe(coding);
      expect(answer.headers.vary, accepted).toMatch(/accept-encoding/i);
      expect(answer.headers["content-type"], accepted).toBe("application/javascript; charset=utf-8");
    }
  });

  it("answers 404 for a file that does not exist, not the app's page", async () => {
    for (const url of [
      "/assets/does-not-exist.js",
      "/assets/",
      "/assets/..%2Findex.html",
      "/assets/.hidden.js",
      "/assets/app.js%00.png",
      "/assets/app.exe",
      "/assets/__proto__",
      "/assets/constructor.js",
      "/favicon-missing.ico",
      "/profile/x.js?v=1",
    ]) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain("<title>portal</title>");
    }
  });

  it("publishes the OpenAPI document generated from the route schemas", async () => {
    const response = await ctx.app.inject({ url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/token/",
        "/profile/api/users/me/",
        "/profile/api/users/",
        "/accounts/signup/",
      ]),
    );
    expect(doc.paths["/api/token/"].post.requestBody.content["application/json"].schema.required).toEqual([
      "username",
      "password",
    ]);
    expect((await ctx.app.inject({ url: "/api/docs" })).statusCode).toBeLessThan(400);
  });

  it("sends security headers and no CORS headers by default", async () => {
    const response = await ctx.app.inject({
      url: "/api/config/",
      headers: { origin: "https://evil.example" },
    });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(response.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("tells the version, help links and the largest upload before sign-in", async () => {
    const response = await ctx.app.inject({ url: "/api/config/" });
    // No admin page of the deployment's by default; the API's documentation always
    expect(response.json()).toMatchObject({
      version: ctx.config.version,
      admin_url: "",
      api_docs_url: "/api/docs",
      upload_max_bytes: ctx.config.UPLOAD_MAX_BYTES,
    });
  });
});

describe("production headers", () => {
  it("serves the build's precompressed files, hashed assets cached for good and the page never stale", async () => {
    const asset = await ctx.app.inject({
      url: "/assets/big-1a2b3c.js",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(asset.headers["content-encoding"]).toBe("br");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.rawPayload.length).toBeLessThan(bigScript.length / 3);
    const plain = await ctx.app.inject({ url: "/assets/big-1a2b3c.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(bigScript);
    for (const url of ["/", "/profiles", "/index.html"]) {
      expect((await ctx.app.inject({ url })).headers["cache-control"], url).toBe("no-cache");
    }
  });

  it("compresses API answers over 1 kB and keeps them out of every cache", async () => {
    const docs = await ctx.app.inject({ url: "/api/docs/json", headers: { "accept-encoding": "gzip" } });
    expect(docs.headers["content-encoding"]).toBe("gzip");
    const user = await ctx.buildUser();
    const me = await ctx.app.inject({ url: "/profile/api/users/me/", headers: await ctx.authHeaders(user) });
    expect(me.headers["cache-control"]).toBe("no-store");
    const refused = await ctx.app.inject({ url: "/profile/api/users/" });
    expect(refused.headers["cache-control"]).toBe("no-store");
  });

  it("sends HSTS only when the request came over HTTPS as a trusted proxy says", async () => {
    const https = { "x-forwarded-proto": "https" };
    // Not behind a trusted proxy: anyone can write X-Forwarded-Proto.
    expect(
      (await ctx.app.inject({ url: "/api/config/", headers: https })).headers["strict-transport-security"],
    ).toBe(undefined);
    const proxied = await createTestContext({ TRUST_PROXY: "true" });
    try {
      const secure = await proxied.app.inject({ url: "/api/config/", headers: https });
      expect(secure.headers["strict-transport-security"]).toMatch(/^max-age=\d+/);
      expect(secure.headers["content-security-policy"]).toContain("upgrade-insecure-requests");
      const plain = await proxied.app.inject({
        url: "/api/config/",
        headers: { "x-forwarded-proto": "http" },
      });
      expect(plain.headers["strict-transport-security"]).toBeUndefined();
      // Over plain HTTP (an internal address without TLS) the browser is not sent to an HTTPS that is not there
      expect(plain.headers["content-security-policy"]).toContain("default-src 'self'");
      expect(plain.headers["content-security-policy"]).not.toContain("upgrade-insecure-requests");
    } finally {
      await proxied.close();
    }
  });
});

describe("logs", () => {
  it("hold no SQL parameters, password hashes or tokens: the error's class and the request id", async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: ctx.config,
      db: ctx.db,
      listen: ctx.listen,
      services: ctx.services,
      logger: loggerOptions("info", { write: (line) => void lines.push(line) }),
    });
    try {
      app.get("/api/test/query-failed/", { config: { access: "anyone" } }, async () => {
        throw new Error(
          "Failed query: select * from users where password_hash = $1\nparams: $argon2id$secret-hash",
        );
      });
      const user = await ctx.buildUser();
      const headers = await ctx.authHeaders(user);
      const failed = await app.inject({ url: "/api/test/query-failed/", headers });
      expect(failed.statusCode).toBe(500);
      await app.inject({
        method: "POST",
        url: "/api/token/",
        payload: { username: "x", password: "P@ss-secret" },
      });
      const text = lines.join("");
      expect(text).toContain('"errorClass":"Error"');
      expect(text).toContain('"reqId"');
      expect(text).not.toMatch(/select|secret-hash|argon2id|P@ss-secret/);
      expect(text).not.toContain(headers.authorization?.slice(4));
    } finally {
      await app.close();
    }
  });
});

describe("CORS when configured", () => {
  it("allows only the configured origins", async () => {
    const withCors = await createTestContext({ CORS_ORIGINS: "https://portal.example" });
    try {
      const allowed = await withCors.app.inject({
        url: "/api/config/",
        headers: { origin: "https://portal.example" },
      });
      expect(allowed.headers["access-control-allow-origin"]).toBe("https://portal.example");
      const other = await withCors.app.inject({
        url: "/api/config/",
        headers: { origin: "https://evil.example" },
      });
      expect(other.headers["access-control-allow-origin"]).toBeUndefined();
    } finally {
      await withCors.close();
    }
  });
});
