import { userPolicy } from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { Forbidden } from "../../core/errors.ts";
import type { RouteAccess } from "../../http/access.ts";
import { pathId } from "../../http/params.ts";
import type { ModuleContext } from "../services.ts";
import { userIdParams } from "../users/schemas.ts";
import {
  passkeyOptionsAnswer,
  passkeyRegisterBody,
  passkeyRegisteredAnswer,
  passwordConfirmBody,
  recoveryCodesAnswer,
  securityAnswer,
  sessionsAnswer,
  totpConfirmBody,
  totpEnrolmentAnswer,
} from "./schemas.ts";

const tags = ["security"];

// A browser's session only: a leaked API key must not add or remove factors, read recovery codes or end sessions
const enrolment: RouteAccess = { beforeSecondFactor: true, sessionOnly: true };
const ownFactors: RouteAccess = { sessionOnly: true };

/**
 * The own security page (docs/security.md): second factors, recovery codes and sessions. The routes of enrolment
 * answer a user who must enrol first (`duringEnrolment`); removing a factor does not. None answers an API key.
 */
export const securityRoutes: FastifyPluginAsyncZod<ModuleContext> = async (
  app,
  { services: { factors, passkeys, accountSessions, users } },
) => {
  app.get(
    "/profile/api/security/",
    {
      config: { access: enrolment },
      schema: {
        tags,
        summary: "The own second factors (never their secrets)",
        response: { 200: securityAnswer },
      },
    },
    async (request) => factors.overview(await request.requireUser()),
  );

  app.post(
    "/profile/api/security/totp/",
    {
      config: { access: enrolment },
      schema: {
        tags,
        summary: "Begin setting up one-time codes: the secret, shown this once",
        response: { 200: totpEnrolmentAnswer },
      },
    },
    async (request) => factors.startTotp(await request.requireUser()),
  );

  app.post(
    "/profile/api/security/totp/confirm/",
    {
      config: { access: enrolment },
      schema: {
        tags,
        summary: "Confirm one-time codes with a first code (the first factor's recovery codes, shown once)",
        body: totpConfirmBody,
        response: { 200: recoveryCodesAnswer },
      },
    },
    async (request) => factors.confirmTotp(await request.requireUser(), request.body.code, request.ip),
  );

  app.delete(
    "/profile/api/security/totp/",
    {
      config: { access: ownFactors },
      schema: {
        tags,
        summary: "Remove the own one-time codes (the password again)",
        body: passwordConfirmBody,
      },
    },
    async (request, reply) => {
      await factors.removeTotp(await request.requireUser(), request.body.current_password, request.ip);
      return reply.status(204).send();
    },
  );

  app.post(
    "/profile/api/security/recovery-codes/",
    {
      config: { access: ownFactors },
      schema: {
        tags,
        summary: "Ten new recovery codes in place of the old (the password again)",
        body: passwordConfirmBody,
        response: { 200: recoveryCodesAnswer },
      },
    },
    async (request) =>
      factors.regenerateRecoveryCodes(await request.requireUser(), request.body.current_password, request.ip),
  );

  app.post(
    "/profile/api/security/passkeys/options/",
    {
      config: { access: enrolment },
      schema: {
        tags,
        summary: "The WebAuthn options of a new passkey",
        response: { 200: passkeyOptionsAnswer },
      },
    },
    async (request) => passkeys.registrationOptions(await request.requireUser()),
  );

  app.post(
    "/profile/api/security/passkeys/",
    {
      config: { access: enrolment },
      schema: {
        tags,
        summary: "Register a passkey (the first factor's recovery codes, shown once)",
        body: passkeyRegisterBody,
        response: { 201: passkeyRegisteredAnswer },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await passkeys.register(await request.requireUser(), request.body.name, request.body.credential),
        ),
  );

  app.delete(
    "/profile/api/security/passkeys/:passkeyId/",
    {
      config: { access: ownFactors },
      schema: {
        tags,
        summary: "Remove one of the own passkeys (the password again)",
        params: z.object({ passkeyId: pathId }),
        body: passwordConfirmBody,
      },
    },
    async (request, reply) => {
      const { current_password } = request.body;
      await passkeys.remove(
        await request.requireUser(),
        request.params.passkeyId,
        current_password,
        request.ip,
      );
      return reply.status(204).send();
    },
  );

  app.get(
    "/profile/api/security/sessions/",
    {
      config: { access: enrolment },
      schema: { tags, summary: "The own sessions", response: { 200: sessionsAnswer } },
    },
    async (request) => accountSessions.list(await request.requireUser()),
  );

  app.delete(
    "/profile/api/security/sessions/:sessionId/",
    {
      config: { access: enrolment },
      schema: { tags, summary: "End one of the own sessions", params: z.object({ sessionId: pathId }) },
    },
    async (request, reply) => {
      await accountSessions.end(await request.requireUser(), request.params.sessionId);
      return reply.status(204).send();
    },
  );

  app.post(
    "/profile/api/security/sessions/end-others/",
    {
      config: { access: enrolment },
      schema: { tags, summary: "End every own session but this one" },
    },
    async (request, reply) => {
      await accountSessions.endOthers(await request.requireUser());
      return reply.status(204).send();
    },
  );

  app.post(
    "/profile/api/users/:id/reset-factors/",
    {
      config: {
        // A customer's user by every manager, the forwarder's staff by heads and administrators (as their edits)
        access: {
          sessionOnly: true,
          allow: userPolicy.canWrite,
          open: async (user, ids) => {
            const target = await users.users.get(user, ids.id as number);
            if (!userPolicy.canChangeRow(user, target)) throw new Forbidden();
          },
        },
      },
      schema: {
        tags,
        summary: "Reset a user's second factors (managers; the forwarder's staff: heads and administrators)",
        params: userIdParams,
      },
    },
    async (request, reply) => {
      await factors.reset(await request.requireUser(), request.params.id);
      return reply.status(204).send();
    },
  );
};
