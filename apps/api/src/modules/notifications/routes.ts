import { notificationSchema, unreadCountSchema } from "@portal/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type RouteAccess, signedIn } from "../../http/access.ts";
import { listRoute } from "../../http/list-route.ts";
import { idParams } from "../../http/params.ts";
import type { ModuleContext } from "../services.ts";

const NOTIFICATIONS = "/api/notifications/";

/**
 * The signed-in user's own notifications (docs/notifications.md): the list of them newest first, the unread count the
 * bell shows, marking one or all read. Everyone signed in has their own; nobody reaches another's (404).
 */
export const notificationsRoutes: FastifyPluginAsyncZod<ModuleContext> = async (
  app,
  { services: { notifications } },
) => {
  const tags = ["notifications"];
  const unread = async (request: FastifyRequest) => ({
    unread: await notifications.unreadCount(await request.requireUser()),
  });

  listRoute(app, {
    url: NOTIFICATIONS,
    access: signedIn,
    tags,
    summary: "The user's notifications by the list pattern, newest first, in the request's language",
    item: notificationSchema,
    list: (user, query, _params, { lang }) => notifications.list(user, query, lang),
  });

  app.get(
    `${NOTIFICATIONS}unread-count/`,
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: "How many of the user's notifications are unread",
        response: { 200: unreadCountSchema },
      },
    },
    (request) => unread(request),
  );

  // Another user's entry is a 404 before anything else
  const own: RouteAccess = { open: (user, ids) => notifications.get(user, ids.id as number) };
  app.post(
    `${NOTIFICATIONS}:id/read/`,
    {
      config: { access: own },
      schema: {
        tags,
        summary: "Mark one of the user's notifications read; answers the unread count",
        params: idParams,
        response: { 200: unreadCountSchema },
      },
    },
    async (request) => {
      await notifications.markRead(await request.requireUser(), request.params.id);
      return unread(request);
    },
  );

  app.post(
    `${NOTIFICATIONS}read-all/`,
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: "Mark every notification of the user read; answers the unread count",
        response: { 200: unreadCountSchema },
      },
    },
    async (request) => {
      await notifications.markAllRead(await request.requireUser());
      return unread(request);
    },
  );
};
