import { existsSync } from "node:fs";
import path from "node:path";
import compress from "@fastify/compress";
import cors from "@fastify/cors";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { API_DOCS_PATH, type Language } from "@portal/domain";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import helmet from "helmet";
import type { Config } from "./config.ts";
import { UnsupportedMediaType } from "./core/errors.ts";
import { resolveLanguage, type Translate, translator } from "./core/i18n.ts";
import { keepListCounts } from "./core/list-counts.ts";
import { LiveHub } from "./core/live-hub.ts";
import type { Db } from "./db/client.ts";
import type { Listen } from "./db/listen.ts";
import { accessPlugin } from "./http/access.ts";
import { authPlugin } from "./http/auth.ts";
import { clientErrorHandler, errorHandlerPlugin, frameworkError } from "./http/error-handler.ts";
import { liveStreamPlugin } from "./http/live-stream.ts";
import { PUBLIC_PAGE_HEADERS } from "./http/public-page.ts";
import { zodValidatorCompiler } from "./http/validation.ts";
import { serveAssets } from "./http/web-assets.ts";
import { API_MODULES } from "./modules/index.ts";
import type { Services } from "./modules/services.ts";

declare module "fastify" {
  interface FastifyRequest {
    lang: Language;
    /** Translates a message into the request's language. */
    t: Translate;
  }
}

/** Path prefixes of the API; every other GET is the web app's. */
const API_PREFIXES = [
  "/api/",
  "/profile/api/",
  "/accounts/",
  "/tracking/",
  "/service/",
  "/refbooks/",
  "/planner/",
];

function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/**
 * Whether a path asks for a file (under /assets/, or with an extension: `/favicon.ico`): one that does not exist
 * answers 404, not the app's page, which a script tag would run as JavaScript. The app's own pages have no dots.
 */
function isFilePath(url: string): boolean {
  const pathname = url.split("?", 1)[0] ?? "";
  return pathname.startsWith("/assets/") || /\.[^/]*$/.test(pathname);
}

export interface AppOptions {
  config: Config;
  db: Db;
  /** LISTEN on the database (`Database.listen`): what feeds this instance's live streams. */
  listen: Listen;
  /** The process's services (`createServices`), which the job workers share. */
  services: Services;
  logger?: FastifyServerOptions["logger"];
}

/** "true"/"false", or a comma list of trusted proxy addresses or subnets (Fastify's `trustProxy`). */
function trustProxySetting(value: string): FastifyServerOptions["trustProxy"] {
  if (value === "true" || value === "false") return value === "true";
  return value.split(",").map((address) => address.trim());
}

/** Builds the Fastify instance with every plugin and module; the server and the tests share it. */
export async function buildApp({
  config,
  db,
  listen,
  services,
  logger = false,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: trustProxySetting(config.TRUST_PROXY),
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    frameworkErrors: frameworkError,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  // Every body we take is JSON (or multipart, where a route says so): plain text is refused with 415.
  app.removeContentTypeParser("text/plain");
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorateRequest("lang", "ru");
  app.decorateRequest("t", () => "");
  app.addHook("onRequest", async (request) => {
    request.lang = resolveLanguage(request.headers["accept-language"]);
    request.t = translator(request.lang);
    // JSON is UTF-8 (RFC 8259): a body declared in another charset would be read as garbage.
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.headers["content-type"] ?? "")?.[1];
    if (charset && !/^utf-?8$/i.test(charset)) throw new UnsupportedMediaType();
  });

  // The security headers, their middleware built once (@fastify/helmet built it anew on every request: 2 % of the
  // API's time under load)
  const securityHeaders = helmet({
    // HSTS is sent below, only on requests that really came over HTTPS.
    strictTransportSecurity: false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Emotion (MUI) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        // Sent below with HSTS, over HTTPS only: over plain HTTP (an internal address without TLS) it would send
        // the browser to an HTTPS that does not exist
        upgradeInsecureRequests: null,
      },
    },
  });
  // Helmet throws what goes wrong (since 8.1) and calls `next` with nothing
  app.addHook("onRequest", (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));
  app.addHook("onSend", async (request, reply) => {
    // `protocol` is the connection's, or X-Forwarded-Proto's when TRUST_PROXY says the proxy is believed.
    if (request.protocol === "https") {
      reply.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
      const policy = reply.getHeader("content-security-policy");
      if (typeof policy === "string") {
        reply.header("Content-Security-Policy", `${policy};upgrade-insecure-requests`);
      }
    }
    // API answers carry personal data: no browser or proxy keeps them.
    if (isApiPath(request.url) && !reply.hasHeader("cache-control"))
      reply.header("Cache-Control", "no-store");
  });
  // Answers over 1 kB travel compressed (brotli, else gzip); the web app's files are compressed at build time.
  await app.register(compress, { encodings: ["br", "gzip"], threshold: 1024 });
  const origins = config.CORS_ORIGINS.split(",")
    .map((origin) => origin.trim())
    .filter(Boolean);
  if (origins.length > 0) await app.register(cors, { origin: origins, credentials: false });

  await app.register(swagger, {
    openapi: {
      info: { title: "Freight portal API", version: config.version },
      components: {
        securitySchemes: {
          jwt: { type: "apiKey", in: "header", name: "Authorization" },
          // An API key (docs/integrations.md): "Try it out" sends it as `Authorization: Bearer fpk_…`
          apiKey: { type: "http", scheme: "bearer", bearerFormat: "fpk_…", description: "An API key" },
        },
      },
      security: [{ jwt: [] }, { apiKey: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: API_DOCS_PATH });
  await app.register(errorHandlerPlugin);

  await app.register(authPlugin, {
    tokens: services.tokens,
    users: services.users,
    apiKeys: services.apiKeys,
  });
  await app.register(accessPlugin, { isApiPath: (url) => isApiPath(url) && !url.startsWith(API_DOCS_PATH) });
  const live = new LiveHub(listen);
  // Broad lists' counts are kept between requests until the feed announces a change of their rows
  keepListCounts(db, live);
  for (const routes of API_MODULES) await app.register(routes, { db, config, services, live });
  await app.register(liveStreamPlugin, {
    hub: live,
    auth: { tokens: services.tokens, users: services.users, apiKeys: services.apiKeys },
    heartbeatSeconds: config.LIVE_HEARTBEAT_SECONDS,
    maxStreamsPerUser: config.LIVE_MAX_STREAMS_PER_USER,
  });

  const webRoot = config.WEB_DIST_DIR ? path.resolve(config.WEB_DIST_DIR) : "";
  const servesWeb = webRoot !== "" && existsSync(path.join(webRoot, "index.html"));
  // Files are looked up per request, so a rebuilt web app is served without restarting the API.
  if (servesWeb) {
    // The hashed files, named by their content: from memory, cached for good by browsers
    serveAssets(app, path.join(webRoot, "assets"));
    // The page and the files beside it, never stale
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: true,
      index: "index.html",
      // The .br and .gz files written beside each file at build time, so no request pays for compressing.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply) => reply.header("Cache-Control", "no-cache"),
    });
    // The public tracking page: a page of its own (track.html, its own small bundle), for anyone with a link
    app.get("/track/:token", (_request, reply) =>
      reply.headers({ ...PUBLIC_PAGE_HEADERS, "Cache-Control": "no-cache" }).sendFile("track.html"),
    );
  }

  app.setNotFoundHandler((request, reply) => {
    if (servesWeb && request.method === "GET" && !isApiPath(request.url) && !isFilePath(request.url)) {
      // The web app routes on the client: every page path answers its single page.
      return reply.header("Cache-Control", "no-cache").sendFile("index.html");
    }
    return reply.status(404).send({ detail: request.t({ key: "not_found" }) });
  });
  return app;
}
