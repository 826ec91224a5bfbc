import { notificationPageSchema, unreadCountSchema } from "@portal/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listQuery } from "../../core/list-query.ts";
import { type RouteAccess, signedIn } from "../../http/access.ts";
import { idParams } from "../../http/params.ts";
import type { ModuleContext } from "../services.ts";

const NOTIFICATIONS = "/api/notifications/";

/**
 * The signed-in user's own notifications (docs/notifications.md): a page of them newest first, the unread count the
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

  app.get(
    NOTIFICATIONS,
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: "The user's notifications, newest first, in the request's language (skip, take)",
        querystring: listQuery.pick({ skip: true, take: true }),
        response: { 200: notificationPageSchema },
      },
    },
    async (request) =>
      notifications.list(await request.requireUser(), request.query.skip, request.query.take, request.lang),
  );

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
