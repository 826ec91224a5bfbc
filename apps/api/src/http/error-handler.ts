import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import {
  Conflict,
  DomainError,
  type FieldErrors,
  TooManyRequests,
  Unauthorized,
  ValidationFailed,
} from "./errors.ts";
import type { Message, Translate } from "./i18n.ts";
import { issuesToFieldErrors, SchemaValidationError } from "./validation.ts";

function translateFields(fields: FieldErrors, t: Translate): Record<string, string[]> {
  return Object.fromEntries(Object.entries(fields).map(([field, messages]) => [field, messages.map(t)]));
}

function fieldBody(fields: FieldErrors, missingFields: boolean, t: Translate) {
  return {
    ...translateFields(fields, t),
    ...(missingFields ? { "@validation": "fields_not_provided" } : {}),
  };
}

/** Fastify's own client errors (body parsing, limits) as translated messages. */
const frameworkErrors: Record<string, { status: number; key: Message["key"] }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, key: "malformed_body" },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, key: "malformed_body" },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, key: "body_too_large" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, key: "unsupported_media_type" },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, key: "malformed_body" },
};

/**
 * Maps every error to the contract's shapes (docs/api.md): typed domain errors, schema validation, the
 * framework's client errors; anything else is a 500 that tells the caller nothing about the internals.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const t = request.t;
    if (error instanceof DomainError) {
      if (error instanceof ValidationFailed) {
        return reply.status(400).send(fieldBody(error.fields, error.missingFields, t));
      }
      if (error instanceof Conflict) {
        return reply.status(409).send({ detail: t({ key: "stale_version" }), current: error.current });
      }
      if (error instanceof TooManyRequests) {
        const minutes = Math.max(1, Math.ceil(error.retryAfterSeconds / 60));
        return reply
          .status(429)
          .header("Retry-After", String(error.retryAfterSeconds))
          .send({ detail: t({ key: "too_many_attempts", params: { count: minutes } }) });
      }
      if (error instanceof Unauthorized) return reply.status(401).send({ detail: t(error.reason) });
      const key = error.status === 403 ? "access_denied" : "not_found";
      return reply.status(error.status).send({ detail: t({ key }) });
    }
    if (error instanceof SchemaValidationError) {
      const { fields, missingFields } = issuesToFieldErrors(error.issues);
      return reply.status(400).send(fieldBody(fields, missingFields, t));
    }
    const known = error.code ? frameworkErrors[error.code] : undefined;
    if (known) return reply.status(known.status).send({ detail: t({ key: known.key }) });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, "client error");
      return reply.status(error.statusCode).send({ detail: t({ key: "invalid_value" }) });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ detail: t({ key: "server_error" }) });
  });
});
