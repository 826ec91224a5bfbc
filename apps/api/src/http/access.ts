import { parseId } from "@portal/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { Forbidden, NotFound } from "../core/errors.ts";
import type { Principal } from "../core/principal.ts";

/** The ids a route's path names (`/freight_orders/:id/files/:fileId/` → `{id, fileId}`). */
export type PathIds = Record<string, number>;

/**
 * Who may call a route, declared with it and checked before its body is read, so that a refused caller learns
 * nothing from the body's validation (403 or 404, never 400). Every API route declares one: registering a route
 * without it fails (`accessPlugin`), and the access suite (`http/access-matrix.test.ts`) calls every route as
 * every kind of user against what it declares.
 */
export type RouteAccess =
  /** Anyone, signed in or not: sign-in, sign-up, the public settings. */
  | "anyone"
  | {
      /** The signed-in users the resource's policy lets make this call; 403 for the others. Default: all. */
      allow?: (user: Principal) => boolean;
      /**
       * Opens the rows the path names for this user, throwing 404 for a row outside their scope (another
       * company's order) and 403 where the policy keeps them from it.
       */
      open?: (user: Principal, ids: PathIds) => Promise<unknown>;
      /**
       * The browser's session only: an API key is refused (403) where a leaked one must not reach further (making
       * keys) or where a browser's mechanism is (the live stream).
       */
      sessionOnly?: true;
      /**
       * Answers a user who must enrol a second factor first (`Principal.must_enrol_second_factor`): the routes of
       * enrolment, of the own profile and security page, and sign-out. Every other route refuses them with 403.
       */
      beforeSecondFactor?: boolean;
    };

declare module "fastify" {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

/** Every signed-in user; what they see is the service's scope. */
export const signedIn: RouteAccess = {};

/** Every signed-in user, one who must enrol a second factor first included: the enrolment's routes and what its page needs. */
export const duringEnrolment: RouteAccess = { beforeSecondFactor: true };

/** The path's parameters as ids; a parameter that is not an id names nothing (404). */
export function pathIds(params: unknown): PathIds {
  const ids: PathIds = {};
  for (const [name, value] of Object.entries((params ?? {}) as Record<string, string>)) {
    const id = typeof value === "string" ? parseId(value) : null;
    if (id === null) throw new NotFound();
    ids[name] = id;
  }
  return ids;
}

/** Checks a route's declared access before its body is validated (`preValidation`). */
async function checkAccess(request: FastifyRequest): Promise<void> {
  const access = request.routeOptions.config.access;
  if (access === undefined || access === "anyone") return;
  const { principal: user, apiKey } = await request.requireCredential();
  if (access.sessionOnly && apiKey) throw new Forbidden({ key: "api_key_not_here" });
  if (user.must_enrol_second_factor && !access.beforeSecondFactor) {
    throw new Forbidden({ key: "second_factor_enrolment_required" });
  }
  // Another company's row does not exist for the caller, whatever their rights: its 404 comes before any 403
  if (access.open) await access.open(user, pathIds(request.params));
  if (access.allow && !access.allow(user)) throw new Forbidden();
}

declare module "fastify" {
  interface FastifyInstance {
    /** Each API route's declared access, by `METHOD path` (the access suite reads it). */
    routeAccess: Map<string, RouteAccess>;
  }
}

/**
 * Enforces every route's `config.access`; registered after the authentication plugin and before the routes. An
 * API route (`isApiPath`) registered without one is a fault of the code: the app refuses to start.
 */
export const accessPlugin = fp(async (app: FastifyInstance, options: { isApiPath(url: string): boolean }) => {
  app.decorate("routeAccess", new Map<string, RouteAccess>());
  app.addHook("onRoute", (route) => {
    const access = route.config?.access;
    if (!options.isApiPath(route.url)) return;
    if (access === undefined) throw new Error(`the route ${route.url} declares no access (config.access)`);
    for (const method of [route.method].flat()) app.routeAccess.set(`${method} ${route.url}`, access);
  });
  app.addHook("preValidation", checkAccess);
});
