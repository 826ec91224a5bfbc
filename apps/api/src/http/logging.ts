import type { FastifyServerOptions } from "fastify";

/** Whatever a log line may carry that is a secret, in case some line logs it. */
const LOG_REDACTIONS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  "*.password",
  "*.password_hash",
  "*.access",
  "*.refresh",
];

/**
 * The API's pino options. Errors are logged by their class, codes and stack frames (error-handler.ts), never by
 * their message, which for a failed query holds SQL parameters.
 */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): FastifyServerOptions["logger"] {
  return { level, redact: LOG_REDACTIONS, ...(stream ? { stream } : {}) };
}
