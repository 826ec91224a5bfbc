import type { Message } from "./i18n.ts";

/** Field errors as services raise them: field name → untranslated messages. */
export type FieldErrors = Record<string, Message[]>;

/** Base of the errors services throw; the error plugin maps each to its HTTP answer. */
export abstract class DomainError extends Error {
  abstract readonly status: number;
}

export class NotFound extends DomainError {
  readonly status = 404;
}

/**
 * Refused; `reason` says why where "Access denied" would not: a read-only API key's write, or a second factor to
 * enrol first, which the caller can do something about.
 */
export class Forbidden extends DomainError {
  readonly status = 403;
  constructor(readonly reason?: Message) {
    super(reason?.key ?? "access_denied");
  }
}

/** A method the resource does not offer (deleting a company). */
export class MethodNotAllowed extends DomainError {
  readonly status = 405;
}

/** A request that does not ask for the only form the address answers in (the live stream without `Accept: text/event-stream`). */
export class NotAcceptable extends DomainError {
  readonly status = 406;
}

export class Unauthorized extends DomainError {
  readonly status = 401;
  constructor(readonly reason: Message = { key: "not_authenticated" }) {
    super(reason.key);
  }
}

/** A write based on an older `version` than the stored one; carries the record as it is now. */
export class Conflict extends DomainError {
  readonly status = 409;
  constructor(readonly current: unknown) {
    super("stale_version");
  }
}

/** Input the rules refuse. `missingFields` marks the answer with "@validation": "fields_not_provided". */
export class ValidationFailed extends DomainError {
  readonly status = 400;
  constructor(
    readonly fields: FieldErrors,
    readonly missingFields = false,
  ) {
    super(`invalid: ${Object.keys(fields).join(", ")}`);
  }
}

/** A body in a form the API does not read (JSON in another charset than UTF-8). */
export class UnsupportedMediaType extends DomainError {
  readonly status = 415;
}

/** A body over a limit of its own (an upload over UPLOAD_MAX_BYTES); the message says which. */
export class PayloadTooLarge extends DomainError {
  readonly status = 413;
  constructor(readonly reason: Message) {
    super(reason.key);
  }
}

export class TooManyRequests extends DomainError {
  readonly status = 429;
  /** The wait its message names: seconds for a cool-down of seconds, minutes for the others. */
  readonly count: number;
  constructor(
    readonly retryAfterSeconds: number,
    readonly messageKey:
      | "too_many_attempts"
      | "too_many_signups"
      | "too_many_documents"
      | "sign_in_cooling_down"
      | "too_many_key_requests"
      | "too_many_tracking_requests" = "too_many_attempts",
  ) {
    super(messageKey);
    this.count =
      messageKey === "sign_in_cooling_down" || messageKey === "too_many_key_requests"
        ? retryAfterSeconds
        : Math.max(1, Math.ceil(retryAfterSeconds / 60));
  }
}

/** Throws a ValidationFailed when any field collected an error. */
export function throwIfInvalid(fields: FieldErrors, missingFields = false): void {
  if (Object.values(fields).some((messages) => messages.length > 0)) {
    throw new ValidationFailed(
      Object.fromEntries(Object.entries(fields).filter(([, m]) => m.length > 0)),
      missingFields,
    );
  }
}

/**
 * The name of the unique index a database error is about, when it refuses a second equal row (two writes at once
 * included); "" where the driver names none; null for any other error.
 */
export function uniqueViolationOf(error: unknown): string | null {
  type DatabaseError = { code?: string; constraint?: string };
  const cause = (error as { cause?: DatabaseError })?.cause;
  const violation = [error as DatabaseError, cause].find((candidate) => candidate?.code === "23505");
  return violation ? (violation.constraint ?? "") : null;
}

/** Whether a database error is a unique index refusing a second equal row (two writes at once included). */
export function isUniqueViolation(error: unknown): boolean {
  return uniqueViolationOf(error) !== null;
}
