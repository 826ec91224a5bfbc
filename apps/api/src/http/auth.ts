import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { Unauthorized } from "../core/errors.ts";
import type { Principal } from "../core/principal.ts";
import type { TokenService } from "../modules/auth/tokens.ts";
import type { UsersService } from "../modules/users/service.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user; answers 401 when the request carries no valid access token. */
    requireUser(): Promise<Principal>;
  }
}

const currentUsers = new WeakMap<FastifyRequest, Promise<Principal>>();

const SCHEMES = ["jwt", "bearer"];

/** The access token of a request's `Authorization: JWT <token>` (or `Bearer`) header, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.trim().split(/\s+/, 2);
  return scheme && token && SCHEMES.includes(scheme.toLowerCase()) ? token : null;
}

/** What checks an access token: the tokens and the users (their sessions, activity and token version). */
export interface Authenticators {
  tokens: TokenService;
  users: UsersService;
}

/**
 * The user an access token signs in, as they are now (401 when the token is invalid or expired, its session ended,
 * the user deactivated or their password changed): every request asks, and an open live stream on each heartbeat.
 */
export async function authenticateToken(deps: Authenticators, token: string | null): Promise<Principal> {
  if (!token) throw new Unauthorized();
  const claims = await deps.tokens.verifyAccess(token);
  if (!claims) throw new Unauthorized({ key: "token_invalid" });
  const found = await deps.users.principalOf(claims.userId, claims.sessionId);
  if (!found?.isActive || found.tokenVersion !== claims.tokenVersion) {
    throw new Unauthorized({ key: "token_invalid" });
  }
  return found.principal;
}

/**
 * Authentication is lazy: a route that needs the user asks for it (once per request), so public routes ignore a
 * stale header; a route's declared access (access.ts) asks before its body is validated. Every request reloads
 * the user and their session: deactivation, password change and logout take effect at once, not at token expiry.
 */
export const authPlugin = fp(async (app: FastifyInstance, deps: Authenticators) => {
  app.decorateRequest("requireUser", function (this: FastifyRequest): Promise<Principal> {
    let user = currentUsers.get(this);
    if (!user) {
      user = authenticateToken(deps, bearerToken(this));
      currentUsers.set(this, user);
    }
    return user;
  });
});
