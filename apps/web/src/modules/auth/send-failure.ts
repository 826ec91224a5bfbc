import type { FormErrors } from "../../app/form-errors";
import { readServerFailure } from "../../components/form/server-failure";

/**
 * What the sign-in form shows when its call fails, by the form kit's failure handling: field messages and a
 * detail line, or null when the form cannot place the error (the global toast has reported it). A module of
 * its own because use-credentials-form loads it on a failure only: the API client's error code stays off the
 * first screen.
 */
export function sendFailure(error: unknown, fields: readonly string[]): FormErrors | null {
  const failure = readServerFailure(error, fields, { hasConflict: false });
  return failure.kind === "shown" ? failure : null;
}
