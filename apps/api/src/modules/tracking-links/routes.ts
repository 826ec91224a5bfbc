import {
  publicTrackingAnswer,
  trackingLinkCreateBody,
  trackingLinkCreated,
  trackingLinkSchema,
  trackingLinksAnswer,
} from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { RouteAccess } from "../../http/access.ts";
import { idParams, pathId } from "../../http/params.ts";
import { PUBLIC_PAGE_HEADERS } from "../../http/public-page.ts";
import type { ModuleContext } from "../services.ts";

const LINKS = "/tracking/api/freight_orders/:id/tracking-links/";

/**
 * Public tracking links of an order (docs/decisions.md "Public tracking links"): made, listed and revoked by those
 * who may open the order, and the public page's answer by a link's token, for anyone.
 */
export const trackingLinksRoutes: FastifyPluginAsyncZod<ModuleContext> = async (
  app,
  { services: { trackingLinks, orders } },
) => {
  const tags = ["tracking links"];
  // The order is opened before the body is read: another company's order is a 404 whatever is sent
  const opensOrder: { access: RouteAccess } = {
    access: { open: (user, ids) => orders.orders.get(user, ids.id as number) },
  };

  app.get(
    LINKS,
    {
      config: opensOrder,
      schema: {
        tags,
        summary:
          "The order's public tracking links, newest first: who made each, until when, when last opened",
        params: idParams,
        response: { 200: trackingLinksAnswer },
      },
    },
    async (request) => trackingLinks.list(await request.requireUser(), request.params.id),
  );

  app.post(
    LINKS,
    {
      config: opensOrder,
      schema: {
        tags,
        summary:
          "Make a public tracking link of the order (default 30 days); its address is answered this once",
        params: idParams,
        body: trackingLinkCreateBody,
        response: { 201: trackingLinkCreated },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await trackingLinks.create(await request.requireUser(), request.params.id, request.body)),
  );

  app.delete(
    `${LINKS}:linkId/`,
    {
      config: opensOrder,
      schema: {
        tags,
        summary: "Revoke a public tracking link at once; answers the link as revoked",
        params: idParams.extend({ linkId: pathId }),
        response: { 200: trackingLinkSchema },
      },
    },
    async (request) =>
      trackingLinks.revoke(await request.requireUser(), request.params.id, request.params.linkId),
  );

  app.get(
    "/tracking/api/public/tracking/:token/",
    {
      config: { access: "anyone" },
      schema: {
        tags,
        summary:
          "The public tracking page of a link's token, without signing in: the order's number, status and route, its containers' milestones. Unknown, expired and revoked tokens answer 404; throttled per address",
        security: [],
        params: z.object({ token: z.string() }),
        response: { 200: publicTrackingAnswer },
      },
    },
    async (request, reply) => {
      reply.headers(PUBLIC_PAGE_HEADERS);
      return trackingLinks.publicTracking(request.params.token, request.ip, request.lang);
    },
  );
};
