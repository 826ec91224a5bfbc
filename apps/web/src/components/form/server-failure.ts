import { ApiError } from "../../app/api-client";
import { reportApiFailure, reportValidationMarker } from "../../app/errors";
import { type FormErrors, formErrorsOf } from "../../app/form-errors";

/**
 * What a form does with a failed call: reload on a conflict (409, when the form handles it), show the messages
 * it can place (under its fields and in its general line), or leave it to the global toasts, which have then
 * shown it.
 */
export type ServerFailure = { kind: "conflict" } | ({ kind: "shown" } & FormErrors) | { kind: "reported" };

/**
 * Sorts out a form's failed call and shows what the form does not: the `@validation` marker's toast, and the
 * failures no form places (no answer, server fault). A module of its own that forms load when a call fails, so
 * that the API client stays off the first screen of the pages that do not need it yet (sign-in, sign-up).
 */
export function readServerFailure(
  error: unknown,
  fields: readonly string[],
  options: { hasConflict: boolean },
): ServerFailure {
  if (options.hasConflict && error instanceof ApiError && error.status === 409) return { kind: "conflict" };
  const shown = formErrorsOf(error, fields);
  if (!shown) {
    reportApiFailure(error);
    return { kind: "reported" };
  }
  reportValidationMarker(error);
  return { kind: "shown", ...shown };
}
