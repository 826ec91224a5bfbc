import type { Duplex } from "node:stream";
import { DEFAULT_LANGUAGE } from "@portal/domain";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import {
  Conflict,
  DomainError,
  type FieldErrors,
  Forbidden,
  PayloadTooLarge,
  TooManyRequests,
  Unauthorized,
  UnsupportedMediaType,
  ValidationFailed,
} from "../core/errors.ts";
import { type Message, resolveLanguage, type Translate, translator } from "../core/i18n.ts";
import { issuesToFieldErrors, SchemaValidationError } from "./validation.ts";

function translateFields(fields: FieldErrors, t: Translate): Record<string, string[]> {
  return Object.fromEntries(Object.entries(fields).map(([field, messages]) => [field, messages.map(t)]));
}

function fieldBody(fields: FieldErrors, missingFields: boolean, t: Translate) {
  const { detail, ...named } = translateFields(fields, t);
  return {
    ...named,
    // A body that is not an object at all (`[]`, `"x"`) has no field to name: one sentence, as every `detail`.
    ...(detail ? { detail: detail.join(" ") } : {}),
    ...(missingFields ? { "@validation": "fields_not_provided" } : {}),
  };
}

/** The message of a domain error that carries none of its own, by its status. */
const STATUS_MESSAGES: Record<number, Message["key"]> = {
  403: "access_denied",
  405: "method_not_allowed",
  406: "not_acceptable",
};

/** Fastify's own client errors (body parsing, limits) as translated messages. */
const frameworkErrors = new Map<string, { status: number; key: Message["key"] }>(
  Object.entries({
    FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, key: "malformed_body" },
    FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, key: "malformed_body" },
    FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, key: "body_too_large" },
    FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, key: "unsupported_media_type" },
    FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, key: "malformed_body" },
  }),
);

/**
 * What the log keeps of an error: its class, codes and call stack, never its message, which for a failed query
 * holds the SQL and its parameters (a password hash, a token, someone's personal data). The request id that
 * pino adds to every line ties it to the request.
 */
export function errorSummary(error: Error & { code?: unknown; cause?: unknown }) {
  const cause = error.cause instanceof Error ? (error.cause as Error & { code?: unknown }) : undefined;
  return {
    errorClass: error.constructor?.name ?? "Error",
    code: typeof error.code === "string" ? error.code : undefined,
    causeClass: cause?.constructor?.name,
    causeCode: typeof cause?.code === "string" ? cause.code : undefined,
    frames: (error.stack ?? "")
      .split("\n")
      .filter((line) => line.trimStart().startsWith("at "))
      .map((line) => line.trim()),
  };
}

/** The answer to a request the router refused before any hook ran (so before its language was read). */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const t = translator(resolveLanguage(request.headers["accept-language"]));
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH")
    return reply.status(414).send({ detail: t({ key: "uri_too_long" }) });
  return reply.status(404).send({ detail: t({ key: "not_found" }) });
}

const clientErrors = new Map<string, { status: number; text: string; key: Message["key"] }>([
  ["HPE_HEADER_OVERFLOW", { status: 431, text: "Request Header Fields Too Large", key: "headers_too_large" }],
  ["ERR_HTTP_REQUEST_TIMEOUT", { status: 408, text: "Request Timeout", key: "request_timeout" }],
]);

/**
 * Node's HTTP parser refuses a request before Fastify sees it (headers too large, garbage): answer in the
 * contract's shape, in the default language since the headers could not be read, and close the connection.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const known = clientErrors.get(error.code ?? "") ?? {
    status: 400,
    text: "Bad Request",
    key: "malformed_request" as const,
  };
  const body = JSON.stringify({ detail: translator(DEFAULT_LANGUAGE)({ key: known.key }) });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${known.status} ${known.text}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

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
        return reply
          .status(429)
          .header("Retry-After", String(error.retryAfterSeconds))
          .send({ detail: t({ key: error.messageKey, params: { count: error.count } }) });
      }
      if (error instanceof Unauthorized) return reply.status(401).send({ detail: t(error.reason) });
      // The web tells the second factor's refusal by its marker and opens the enrolment (docs/security.md)
      if (error instanceof Forbidden && error.reason) {
        const marker =
          error.reason.key === "second_factor_enrolment_required" ? { "@security": error.reason.key } : {};
        return reply.status(403).send({ detail: t(error.reason), ...marker });
      }
      if (error instanceof PayloadTooLarge) return reply.status(413).send({ detail: t(error.reason) });
      if (error instanceof UnsupportedMediaType) {
        return reply.status(415).send({ detail: t({ key: "unsupported_media_type" }) });
      }
      const key = STATUS_MESSAGES[error.status] ?? "not_found";
      return reply.status(error.status).send({ detail: t({ key }) });
    }
    if (error instanceof SchemaValidationError) {
      // A path that fails its parameters' schema (`/users/0x7/`, an id past the column's range) names nothing.
      if (error.part === "params") return reply.status(404).send({ detail: t({ key: "not_found" }) });
      const { fields, missingFields } = issuesToFieldErrors(error.issues);
      return reply.status(400).send(fieldBody(fields, missingFields, t));
    }
    const known = error.code ? frameworkErrors.get(error.code) : undefined;
    if (known) return reply.status(known.status).send({ detail: t({ key: known.key }) });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info(errorSummary(error), "client error");
      return reply.status(error.statusCode).send({ detail: t({ key: "invalid_value" }) });
    }
    request.log.error(errorSummary(error), "unhandled error");
    return reply.status(500).send({ detail: t({ key: "server_error" }) });
  });
});
