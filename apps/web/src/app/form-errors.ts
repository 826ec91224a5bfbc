import { ApiError, errorDetail, flattenFieldErrors } from "./api-client";

export interface FormErrors {
  /** Messages under the form's own fields. */
  fields: Record<string, string>;
  /** The general line: `detail`, and messages for fields the form does not have. */
  detail: string;
}

/**
 * Splits an error answer of a form's call into field messages and a general line. Null when the answer is
 * not one a form shows itself (no response, server fault): then the global toast reports it.
 */
export function formErrorsOf(error: unknown, formFields: readonly string[]): FormErrors | null {
  if (!(error instanceof ApiError) || error.status >= 500) return null;
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const [name, message] of Object.entries(flattenFieldErrors(error.body))) {
    if (formFields.includes(name)) fields[name] = message;
    else other.push(message);
  }
  const detail = [errorDetail(error), ...other].filter(Boolean).join(" ");
  if (!detail && Object.keys(fields).length === 0) return null;
  return { fields, detail };
}
