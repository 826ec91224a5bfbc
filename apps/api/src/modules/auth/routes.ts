import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sessionClient } from "../../http/session-client.ts";
import type { ModuleContext } from "../services.ts";
import { userSchema } from "../users/schemas.ts";
import {
  passkeyOptionsAnswer,
  passkeyOptionsBody,
  passkeySignInBody,
  refreshBody,
  secondStepBody,
  signInAnswer,
  signInBody,
  signUpBody,
  tokenPair,
} from "./schemas.ts";

/** The request's language when it names one: the user's mails are written in the language they sign in with. */
function languageOf(request: FastifyRequest) {
  return request.headers["accept-language"] ? request.lang : undefined;
}

/** Signing in, out and up is for anyone. */
const anyone = { access: "anyone" as const };

export const authRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, { services: { auth } }) => {
  app.post(
    "/api/token/",
    {
      config: anyone,
      schema: {
        tags: ["auth"],
        summary: "Sign in: tokens, or the ticket of the second step for a user with a second factor",
        body: signInBody,
        response: { 200: signInAnswer },
      },
    },
    // The sign-in's language (the web sends its own with every call) is the one the user's mails are written in
    (request) =>
      auth.signIn(request.body.username, request.body.password, sessionClient(request), languageOf(request)),
  );

  app.post(
    "/api/token/second-step/",
    {
      config: anyone,
      schema: {
        tags: ["auth"],
        summary: "The second step of a sign-in: a one-time code or a recovery code",
        body: secondStepBody,
        response: { 200: tokenPair },
      },
    },
    (request) =>
      auth.secondStep(request.body.ticket, request.body.code, sessionClient(request), languageOf(request)),
  );

  app.post(
    "/api/token/passkey/options/",
    {
      config: anyone,
      schema: {
        tags: ["auth"],
        summary: "The WebAuthn options of a passkey sign-in (alone, or the second step of a ticket)",
        body: passkeyOptionsBody,
        response: { 200: passkeyOptionsAnswer },
      },
    },
    (request) => auth.passkeySignInOptions(request.body.ticket),
  );

  app.post(
    "/api/token/passkey/",
    {
      config: anyone,
      schema: {
        tags: ["auth"],
        summary: "Sign in with a passkey (alone, or as the second step of a ticket)",
        body: passkeySignInBody,
        response: { 200: tokenPair },
      },
    },
    (request) =>
      auth.passkeySignIn(
        request.body.credential,
        request.body.ticket,
        sessionClient(request),
        languageOf(request),
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
