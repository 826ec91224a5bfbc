import {
  webhookDeliverySchema,
  webhookEndpointCreateBody,
  webhookEndpointList,
  webhookEndpointPatchBody,
  webhookEndpointSchema,
  webhookQueuedAnswer,
  webhookReplayFailedBody,
  webhookSecretAnswer,
} from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RouteAccess } from "../../http/access.ts";
import { listRoute } from "../../http/list-route.ts";
import { idParams } from "../../http/params.ts";
import type { ModuleContext } from "../services.ts";

const ENDPOINTS = "/api/webhooks/endpoints/";
const DELIVERIES = "/api/webhooks/deliveries/";

/**
 * Webhooks (docs/integrations.md): a company's endpoints and their delivery log, managed by its users with the
 * grant and by staff (docs/decisions.md, "Webhooks"); another company's endpoint or delivery is a 404.
 */
export const webhooksRoutes: FastifyPluginAsyncZod<ModuleContext> = async (
  app,
  { services: { webhooks } },
) => {
  const tags = ["webhooks"];
  const manage: RouteAccess = { allow: (user) => user.can_manage_webhooks };
  const endpoint: RouteAccess = {
    open: (user, ids) => webhooks.open(user, ids.id as number),
    allow: (user) => user.can_manage_webhooks,
  };

  app.get(
    ENDPOINTS,
    {
      config: { access: manage },
      schema: {
        tags,
        summary: "The company's webhook endpoints (staff: every company's)",
        response: { 200: webhookEndpointList },
      },
    },
    async (request) => webhooks.list(await request.requireUser()),
  );

  app.post(
    ENDPOINTS,
    {
      config: { access: manage },
      schema: {
        tags,
        summary: "Register a webhook endpoint: an https URL and the event kinds it is sent",
        body: webhookEndpointCreateBody,
        response: { 201: webhookEndpointSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await webhooks.create(await request.requireUser(), request.body)),
  );

  app.get(
    `${ENDPOINTS}:id/`,
    {
      config: { access: endpoint },
      schema: {
        tags,
        summary: "A webhook endpoint",
        params: idParams,
        response: { 200: webhookEndpointSchema },
      },
    },
    async (request) => webhooks.get(await request.requireUser(), request.params.id),
  );

  app.patch(
    `${ENDPOINTS}:id/`,
    {
      config: { access: endpoint },
      schema: {
        tags,
        summary:
          "Change a webhook endpoint: its URL, kinds, or pause it (`enabled`: false) and enable it again",
        params: idParams,
        body: webhookEndpointPatchBody,
        response: { 200: webhookEndpointSchema },
      },
    },
    async (request) => webhooks.update(await request.requireUser(), request.params.id, request.body),
  );

  app.delete(
    `${ENDPOINTS}:id/`,
    {
      config: { access: endpoint },
      schema: { tags, summary: "Delete a webhook endpoint and its log", params: idParams },
    },
    async (request, reply) => {
      await webhooks.remove(await request.requireUser(), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    `${ENDPOINTS}:id/secret/`,
    {
      config: { access: endpoint },
      schema: {
        tags,
        summary: "Reveal the endpoint's signing secret (and the previous one while it still signs)",
        params: idParams,
        response: { 200: webhookSecretAnswer },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return webhooks.secret(await request.requireUser(), request.params.id);
    },
  );

  app.post(
    `${ENDPOINTS}:id/rotate-secret/`,
    {
      config: { access: endpoint },
      schema: {
        tags,
        summary: "A new signing secret; the previous one signs too for 24 hours",
        params: idParams,
        response: { 200: webhookSecretAnswer },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return webhooks.rotate(await request.requireUser(), request.params.id);
    },
  );

  app.post(
    `${ENDPOINTS}:id/test/`,
    {
      config: { access: endpoint },
      schema: {
        tags,
        summary: "Send a `webhook.test` event to the endpoint",
        params: idParams,
        response: { 202: webhookQueuedAnswer },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await webhooks.test(await request.requireUser(), request.params.id)),
  );

  app.post(
    `${ENDPOINTS}:id/replay-failed/`,
    {
      config: { access: endpoint },
      schema: {
        tags,
        summary:
          "Send again every delivery of the endpoint that failed since a time (and has not succeeded since)",
        params: idParams,
        body: webhookReplayFailedBody,
        response: { 202: webhookQueuedAnswer },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          await webhooks.replayFailed(
            await request.requireUser(),
            request.params.id,
            new Date(request.body.since),
          ),
        ),
  );

  listRoute(app, {
    url: DELIVERIES,
    access: manage,
    tags,
    summary: "The delivery log of the endpoints the user manages (filter by `endpoint_id`), newest first",
    item: webhookDeliverySchema,
    list: (user, query) => webhooks.deliveries(user, query),
  });

  app.post(
    `${DELIVERIES}:id/replay/`,
    {
      config: {
        access: {
          open: (user, ids) => webhooks.openDelivery(user, ids.id as number),
          allow: (user) => user.can_manage_webhooks,
        },
      },
      schema: {
        tags,
        summary: "Send one delivery's message again (the same `webhook-id`)",
        params: idParams,
        response: { 202: webhookQueuedAnswer },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await webhooks.replay(await request.requireUser(), request.params.id)),
  );
};
