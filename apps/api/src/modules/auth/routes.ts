import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleContext } from "../services.ts";
import { userSchema } from "../users/schemas.ts";
import { refreshBody, signInBody, signUpBody, tokenPair } from "./schemas.ts";

/** Signing in, out and up is for anyone. */
const anyone = { access: "anyone" as const };

export const authRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, { services: { auth } }) => {
  app.post(
    "/api/token/",
    {
      config: anyone,
      schema: { tags: ["auth"], summary: "Sign in", body: signInBody, response: { 200: tokenPair } },
    },
    // The sign-in's language (the web sends its own with every call) is the one the user's mails are written in
    (request) =>
      auth.signIn(
        request.body.username,
        request.body.password,
        request.ip,
        request.headers["accept-language"] ? request.lang : undefined,
      ),
  );

  app.post(
    "/api/token/refresh/",
    {
      config: anyone,
      schema: {
        tags: ["auth"],
        summary: "Rotate a refresh token",
        body: refreshBody,
        response: { 200: tokenPair },
      },
    },
    (request) => auth.refresh(request.body.refresh),
  );

  app.post(
    "/api/token/logout/",
    {
      config: anyone,
      schema: { tags: ["auth"], summary: "End the refresh token's session", body: refreshBody },
    },
    async (request, reply) => {
      await auth.logout(request.body.refresh);
      return reply.status(204).send();
    },
  );

  app.post(
    "/accounts/signup/",
    {
      config: anyone,
      schema: {
        tags: ["auth"],
        summary: "Sign up (state new)",
        body: signUpBody,
        response: { 201: userSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await auth.signup(request.body, request.ip)),
  );
};
