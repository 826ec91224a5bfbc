import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { TokenService } from "../modules/auth/tokens.ts";
import type { UserFlags } from "../modules/users/flags.ts";
import { flagsOf } from "../modules/users/presenter.ts";
import type { UsersRepo, UserView } from "../modules/users/repo.ts";
import { Unauthorized } from "./errors.ts";

/** The signed-in user as services see it: identity, tenancy and the derived permission flags. */
export interface CurrentUser extends UserFlags {
  id: number;
  username: string;
  company_id: number | null;
  related_company_ids: number[];
  state: string;
  view: UserView;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user; answers 401 when the request carries no valid access token. */
    requireUser(): Promise<CurrentUser>;
  }
  interface FastifyContextConfig {
    /** The route needs a signed-in user: checked before the body is validated, so strangers learn nothing. */
    auth?: boolean;
  }
}

const currentUsers = new WeakMap<FastifyRequest, Promise<CurrentUser>>();

const SCHEMES = ["jwt", "bearer"];

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.trim().split(/\s+/, 2);
  return scheme && token && SCHEMES.includes(scheme.toLowerCase()) ? token : null;
}

/**
 * Authentication is lazy: a route that needs the user asks for it (once per request), so public routes ignore a
 * stale header; routes marked `config: { auth: true }` ask before their body is validated. Every request reloads
 * the user: deactivation and password change take effect at once, not at token expiry.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, deps: { tokens: TokenService; users: UsersRepo }) => {
    const authenticate = async (request: FastifyRequest): Promise<CurrentUser> => {
      const token = bearerToken(request);
      if (!token) throw new Unauthorized();
      const claims = await deps.tokens.verifyAccess(token);
      if (!claims) throw new Unauthorized({ key: "token_invalid" });
      const view = await deps.users.findView(claims.userId);
      if (!view?.user.is_active || view.user.token_version !== claims.tokenVersion) {
        throw new Unauthorized({ key: "token_invalid" });
      }
      return {
        id: view.user.id,
        username: view.user.username,
        company_id: view.user.company_id,
        related_company_ids: view.related_company_ids,
        state: view.user.state,
        view,
        ...flagsOf(view),
      };
    };

    app.decorateRequest("requireUser", function (this: FastifyRequest): Promise<CurrentUser> {
      let user = currentUsers.get(this);
      if (!user) {
        user = authenticate(this);
        currentUsers.set(this, user);
      }
      return user;
    });
    app.addHook("preValidation", async (request) => {
      if (request.routeOptions.config.auth) await request.requireUser();
    });
  },
);
