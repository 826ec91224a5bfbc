import { existsSync } from "node:fs";
import path from "node:path";
import cors from "@fastify/cors";
import helmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { Language } from "@portal/domain";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import { authPlugin } from "./http/auth.ts";
import { clientErrorHandler, errorHandlerPlugin, frameworkError } from "./http/error-handler.ts";
import { resolveLanguage, type Translate, translator } from "./http/i18n.ts";
import { zodValidatorCompiler } from "./http/validation.ts";
import { AuthRepo } from "./modules/auth/repo.ts";
import { authRoutes } from "./modules/auth/routes.ts";
import { AuthService } from "./modules/auth/service.ts";
import { TokenService } from "./modules/auth/tokens.ts";
import { CompaniesRepo } from "./modules/companies/repo.ts";
import { companiesRoutes } from "./modules/companies/routes.ts";
import { CompaniesService } from "./modules/companies/service.ts";
import { metaRoutes } from "./modules/meta/routes.ts";
import { UsersRepo } from "./modules/users/repo.ts";
import { usersRoutes } from "./modules/users/routes.ts";
import { UsersService } from "./modules/users/service.ts";

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

export interface AppOptions {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions["logger"];
}

/** "true"/"false", or a comma list of trusted proxy addresses or subnets (Fastify's `trustProxy`). */
function trustProxySetting(value: string): FastifyServerOptions["trustProxy"] {
  if (value === "true" || value === "false") return value === "true";
  return value.split(",").map((address) => address.trim());
}

/** Builds the Fastify instance with every plugin and module; the server and the tests share it. */
export async function buildApp({ config, db, logger = false }: AppOptions): Promise<FastifyInstance> {
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
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Emotion (MUI) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
      },
    },
  });
  const origins = config.CORS_ORIGINS.split(",")
    .map((origin) => origin.trim())
    .filter(Boolean);
  if (origins.length > 0) await app.register(cors, { origin: origins, credentials: false });

  await app.register(swagger, {
    openapi: {
      info: { title: "Freight portal API", version: config.version },
      components: { securitySchemes: { jwt: { type: "apiKey", in: "header", name: "Authorization" } } },
      security: [{ jwt: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });
  await app.register(errorHandlerPlugin);

  const usersRepo = new UsersRepo(db);
  const companiesRepo = new CompaniesRepo(db);
  const tokens = new TokenService(
    config.jwtSecret,
    config.ACCESS_TOKEN_TTL_SECONDS,
    config.REFRESH_TOKEN_TTL_SECONDS,
  );
  const auth = new AuthService(new AuthRepo(db), usersRepo, tokens, {
    maxFailuresPerAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    maxFailuresPerAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
    windowSeconds: config.LOGIN_WINDOW_SECONDS,
  });

  await app.register(authPlugin, { tokens, users: usersRepo });
  await app.register(authRoutes, { auth });
  await app.register(usersRoutes, { users: new UsersService(usersRepo, companiesRepo, auth) });
  await app.register(companiesRoutes, { companies: new CompaniesService(companiesRepo) });
  await app.register(metaRoutes, { config });

  const webRoot = config.WEB_DIST_DIR ? path.resolve(config.WEB_DIST_DIR) : "";
  const servesWeb = webRoot !== "" && existsSync(path.join(webRoot, "index.html"));
  // Files are looked up per request, so a rebuilt web app is served without restarting the API.
  if (servesWeb) await app.register(fastifyStatic, { root: webRoot, wildcard: true, index: "index.html" });

  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((prefix) => request.url.startsWith(prefix));
    if (servesWeb && request.method === "GET" && !isApi) {
      // The web app routes on the client: every page path answers its single page.
      return reply.header("Cache-Control", "no-cache").sendFile("index.html");
    }
    return reply.status(404).send({ detail: request.t({ key: "not_found" }) });
  });
  return app;
}
