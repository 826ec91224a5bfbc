import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { listQuery } from "../../http/list-query.ts";
import { meUpdateBody, meUpdateResponse, userIdParams, userPatchBody, userSchema } from "./schemas.ts";
import type { UsersService } from "./service.ts";

const userList = z.object({ results: z.array(userSchema), count: z.number() });

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.get(
    "/profile/api/users/me/",
    {
      config: { auth: true },
      schema: { tags: ["users"], summary: "The signed-in user", response: { 200: userSchema } },
    },
    async (request) => users.getMe(await request.requireUser()),
  );

  app.put(
    "/profile/api/users/me/",
    {
      config: { auth: true },
      schema: {
        tags: ["users"],
        summary: "Save the own profile; status pending sends it to confirmation",
        body: meUpdateBody,
        response: { 200: meUpdateResponse },
      },
    },
    async (request) => users.updateMe(await request.requireUser(), request.body),
  );

  app.get(
    "/profile/api/users/",
    {
      config: { auth: true },
      schema: {
        tags: ["users"],
        summary: "All users (managers)",
        querystring: listQuery,
        response: { 200: userList },
      },
    },
    async (request) => users.list(await request.requireUser(), request.query),
  );

  app.patch(
    "/profile/api/users/:id/",
    {
      config: { auth: true },
      schema: {
        tags: ["users"],
        summary: "Edit a user (managers)",
        params: userIdParams,
        body: userPatchBody,
        response: { 200: userSchema },
      },
    },
    async (request) => users.patch(await request.requireUser(), request.params.id, request.body),
  );
};
