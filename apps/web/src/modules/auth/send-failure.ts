import { reportApiFailure } from "../../app/errors";
import { type FormErrors, formErrorsOf } from "../../app/form-errors";

/**
 * What the sign-in and sign-up forms show when their call fails: field messages and a detail line, or null
 * when the form cannot place the error (then the global toast reports it). A module of its own because
 * use-credentials-form loads it on a failure only: the API client's error code stays off the first screen.
 */
export function sendFailure(error: unknown, fields: readonly string[]): FormErrors | null {
  const shown = formErrorsOf(error, fields);
  if (!shown) reportApiFailure(error);
  return shown;
}
