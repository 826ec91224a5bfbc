import type { IssueMessage } from "@portal/domain";
import { issueMessage } from "@portal/domain";
import type { z } from "zod";

/** A message of the web's `errors` catalog, as a form's own rule words it (`$t:errors:validation.required`). */
const WEB_MESSAGE = "$t:";
/** A message of the shared catalogs (`messages`), as the API words the same rule: `$m:` and its JSON. */
const SHARED_MESSAGE = "$m:";

/**
 * The message a field shows for a zod issue, kept as a key until it is shown so that it follows the interface
 * language: a form's own `$t:` message as it is, any other issue (a shared schema's limits, formats and
 * refinements) as the shared catalog's message the API would answer.
 */
export function issueText(issue: z.core.$ZodIssue): string {
  if (issue.message.startsWith(WEB_MESSAGE)) return issue.message;
  return SHARED_MESSAGE + JSON.stringify(issueMessage(issue));
}

/** What a field's message is: a key of the web's catalog, a shared catalog message, or text as it came. */
export type FieldMessage = { web: string } | { shared: IssueMessage } | { text: string };

/** Reads a message of `issueText`; a server's message (already translated) stays text. */
export function readFieldMessage(message: string): FieldMessage {
  if (message.startsWith(WEB_MESSAGE))
    return { web: message.slice(WEB_MESSAGE.length).replace(/^errors:/, "") };
  if (message.startsWith(SHARED_MESSAGE)) {
    return { shared: JSON.parse(message.slice(SHARED_MESSAGE.length)) as IssueMessage };
  }
  return { text: message };
}

/** A field's message in the interface language: `translate` says the shared catalogs' messages. */
export function fieldMessageText(
  message: string,
  t: (key: string) => string,
  translate: (message: IssueMessage) => string,
): string {
  const read = readFieldMessage(message);
  if ("web" in read) return t(read.web);
  if ("shared" in read) return translate(read.shared);
  return read.text;
}

/** The values' check by a schema: its output, or each field's first message (`issueText`) by dotted name. */
export type SchemaCheck<Output> = { values: Output } | { errors: Record<string, string> };

/** Checks values by a schema; each field gets its first issue's message. */
export async function checkBySchema<Output>(
  schema: z.ZodType<Output>,
  values: unknown,
): Promise<SchemaCheck<Output>> {
  const result = await schema.safeParseAsync(values);
  if (result.success) return { values: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join(".")] ??= issueText(issue);
  return { errors };
}
