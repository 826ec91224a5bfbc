import { apiKeyCreateBody, apiKeyCreatedSchema, apiKeySchema } from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type RouteAccess, signedIn } from "../../http/access.ts";
import { listRoute } from "../../http/list-route.ts";
import { idParams } from "../../http/params.ts";
import type { ModuleContext } from "../services.ts";

const API_KEYS = "/api/api-keys/";

/**
 * API keys (docs/integrations.md): the keys a user may see (their own; a manager's, customers' users' too; an
 * administrator's, all), made by a signed-in browser only (a leaked key cannot make more), revoked by whoever sees
 * them; another's key is a 404.
 */
export const apiKeysRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, { services: { apiKeys } }) => {
  const tags = ["api-keys"];

  listRoute(app, {
    url: API_KEYS,
    access: signedIn,
    tags,
    summary: "The API keys the user may see, by the list pattern, newest first (never their secrets)",
    item: apiKeySchema,
    list: (user, query) => apiKeys.list(user, query),
  });

  app.post(
    API_KEYS,
    {
      config: { access: { sessionOnly: true } },
      schema: {
        tags,
        summary:
          "Make an API key acting as the signed-in user (approved users; a browser's session only): the answer holds its secret (`key`), shown this once",
        body: apiKeyCreateBody,
        response: { 201: apiKeyCreatedSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await apiKeys.create(await request.requireUser(), request.body)),
  );

  const visible: RouteAccess = { open: (user, ids) => apiKeys.open(user, ids.id as number) };
  app.post(
    `${API_KEYS}:id/revoke/`,
    {
      config: { access: visible },
      schema: {
        tags,
        summary: "Revoke an API key: it is refused from the next request on",
        params: idParams,
        response: { 200: apiKeySchema },
      },
    },
    async (request) => apiKeys.revoke(await request.requireUser(), request.params.id),
  );
};
