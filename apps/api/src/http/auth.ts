import { API_KEY_PREFIX } from "@portal/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { Forbidden, Unauthorized } from "../core/errors.ts";
import type { Principal } from "../core/principal.ts";
import type { ApiKeysService } from "../modules/api-keys/service.ts";
import type { TokenService } from "../modules/auth/tokens.ts";
import type { UsersService } from "../modules/users/service.ts";

/** Who a request acts as: the user, and the API key it came with (null: the browser's access token). */
export interface Credential {
  principal: Principal;
  apiKey: { id: number; read_only: boolean } | null;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user; answers 401 when the request carries no valid access token or API key. */
    requireUser(): Promise<Principal>;
    /** The signed-in user with the credential they came with (as `requireUser`, which it answers for). */
    requireCredential(): Promise<Credential>;
  }
}

const credentials = new WeakMap<FastifyRequest, Promise<Credential>>();

/** Methods that only read: anything else is a write, which a read-only API key is refused. */
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const SCHEMES = ["jwt", "bearer"];

/** The access token of a request's `Authorization: JWT <token>` (or `Bearer`) header, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.trim().split(/\s+/, 2);
  return scheme && token && SCHEMES.includes(scheme.toLowerCase()) ? token : null;
}

/**
 * What checks an access token: the tokens and the users (their sessions, activity and token version), and the API
 * keys (a second kind of credential, `Bearer fpk_…`: modules/api-keys).
 */
export interface Authenticators {
  tokens: TokenService;
  users: UsersService;
  apiKeys: Pick<ApiKeysService, "authenticate">;
}

/**
 * The user an access token signs in, as they are now (401 when the token is invalid or expired, its session ended,
 * the user deactivated or their password changed): every request asks, and an open live stream on each heartbeat.
 */
export async function authenticateToken(deps: Authenticators, token: string | null): Promise<Principal> {
  if (!token) throw new Unauthorized();
  const claims = deps.tokens.verifyAccess(token);
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
  app.decorateRequest("requireCredential", function (this: FastifyRequest): Promise<Credential> {
    let credential = credentials.get(this);
    if (!credential) {
      credential = authenticate(deps, this);
      credentials.set(this, credential);
    }
    return credential;
  });
  app.decorateRequest("requireUser", async function (this: FastifyRequest): Promise<Principal> {
    return (await this.requireCredential()).principal;
  });
});

/**
 * A request's credential: an API key (`fpk_…`: as its user, refused every write when it is read-only, throttled
 * per key) or the browser's access token.
 */
async function authenticate(deps: Authenticators, request: FastifyRequest): Promise<Credential> {
  const token = bearerToken(request);
  if (!token?.startsWith(API_KEY_PREFIX)) {
    return { principal: await authenticateToken(deps, token), apiKey: null };
  }
  const credential = await deps.apiKeys.authenticate(token, request.ip);
  if (credential.apiKey?.read_only && !READ_METHODS.has(request.method)) {
    throw new Forbidden({ key: "api_key_read_only" });
  }
  return credential;
}
