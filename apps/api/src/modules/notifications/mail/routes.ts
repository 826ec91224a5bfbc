import {
  mailBounceAnswer,
  mailBounceBody,
  mailOutboxDetail,
  mailOutboxFields,
  mailOutboxPolicy,
  notificationSettingsAnswer,
  notificationSettingsBody,
  rowSchema,
  userLanguageBody,
} from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { signedIn } from "../../../http/access.ts";
import { listRoute } from "../../../http/list-route.ts";
import { idParams } from "../../../http/params.ts";
import type { ModuleContext } from "../../services.ts";

/** The outbox is every user's mail: the forwarder's administrators only. */
const administrators = { allow: mailOutboxPolicy.canRead };

export const mailRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, { services: { mail } }) => {
  app.get(
    "/api/notifications/settings/",
    {
      config: { access: signedIn },
      schema: {
        tags: ["notifications"],
        summary: "The own settings of notifications by e-mail",
        response: { 200: notificationSettingsAnswer },
      },
    },
    async (request) => mail.getSettings(await request.requireUser()),
  );

  app.put(
    "/api/notifications/settings/",
    {
      config: { access: signedIn },
      schema: {
        tags: ["notifications"],
        summary: "Save the own settings of notifications by e-mail (409 on a stale version)",
        body: notificationSettingsBody,
        response: { 200: notificationSettingsAnswer },
      },
    },
    async (request) => mail.saveSettings(await request.requireUser(), request.body),
  );

  app.put(
    "/profile/api/users/me/language/",
    {
      config: { access: signedIn },
      schema: {
        tags: ["users"],
        summary: "The language of the own mails (the web sends it when its language changes)",
        body: userLanguageBody,
      },
    },
    async (request, reply) => {
      await mail.setLanguage(await request.requireUser(), request.body.language);
      return reply.status(204).send();
    },
  );

  listRoute(app, {
    url: "/api/notifications/outbox/",
    access: administrators,
    tags: ["notifications"],
    summary: "Every mail sent or kept, newest first (administrators)",
    item: rowSchema(mailOutboxFields),
    list: (_user, query) => mail.listOutbox(query),
  });

  app.get(
    "/api/notifications/outbox/:id/",
    {
      config: { access: administrators },
      schema: {
        tags: ["notifications"],
        summary: "One mail with its text and HTML (administrators)",
        params: idParams,
        response: { 200: mailOutboxDetail },
      },
    },
    async (request) => mail.outboxMail(request.params.id),
  );

  app.post(
    "/api/notifications/mail/bounces/",
    {
      config: { access: administrators },
      schema: {
        tags: ["notifications"],
        summary: "A bounce of an address: mails to it stop (administrators)",
        body: mailBounceBody,
        response: { 200: mailBounceAnswer },
      },
    },
    async (request) => mail.bounce(request.body.address, request.body.reason),
  );
};
