import { userPolicy } from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { duringEnrolment, signedIn } from "../../http/access.ts";
import { listRoute } from "../../http/list-route.ts";
import { sessionClient } from "../../http/session-client.ts";
import type { ModuleContext } from "../services.ts";
import { meUpdateBody, meUpdateResponse, userIdParams, userPatchBody, userSchema } from "./schemas.ts";

export const usersRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, { services: { users } }) => {
  app.get(
    "/profile/api/users/me/",
    {
      // The enrolment's page needs the user (their name, language) before anything else opens
      config: { access: duringEnrolment },
      schema: { tags: ["users"], summary: "The signed-in user", response: { 200: userSchema } },
    },
    async (request) => users.getMe(await request.requireUser()),
  );

  app.put(
    "/profile/api/users/me/",
    {
      config: { access: signedIn },
      schema: {
        tags: ["users"],
        summary: "Save the own profile; status pending sends it to confirmation",
        body: meUpdateBody,
        response: { 200: meUpdateResponse },
      },
    },
    async (request) => users.updateMe(await request.requireUser(), request.body, sessionClient(request)),
  );

  const managers = { allow: userPolicy.canRead };
  listRoute(app, {
    url: "/profile/api/users/",
    access: managers,
    tags: ["users"],
    summary: "All users (managers)",
    item: userSchema,
    list: (user, query) => users.users.list(user, query),
  });

  listRoute(app, {
    url: "/profile/api/managers/",
    access: managers,
    tags: ["users"],
    summary: "The staff with manager powers, whom administrators assign to companies (managers)",
    item: userSchema,
    list: (user, query) => users.listManagers(user, query),
  });

  app.get(
    "/profile/api/users/:id/",
    {
      config: { access: managers },
      schema: {
        tags: ["users"],
        summary: "One user (managers)",
        params: userIdParams,
        response: { 200: userSchema },
      },
    },
    async (request) => users.users.get(await request.requireUser(), request.params.id),
  );

  app.patch(
    "/profile/api/users/:id/",
    {
      config: {
        access: { allow: userPolicy.canWrite, open: (user, ids) => users.users.get(user, ids.id as number) },
      },
      schema: {
        tags: ["users"],
        summary: "Edit a user (managers)",
        params: userIdParams,
        body: userPatchBody,
        response: { 200: userSchema },
      },
    },
    async (request) => users.users.update(await request.requireUser(), request.params.id, request.body),
  );
};
