import { issueMessage, tellingIssues } from "@portal/domain";
import type { z } from "zod";
import { registerMessageCatalogs } from "../../app/message-catalogs";
import { SHARED_MESSAGE, WEB_MESSAGE } from "./field-message";

/**
 * The message a field keeps for a zod issue (field-message.ts): a form's own `$t:` message as it is, any other
 * issue (a shared schema's limits, formats and refinements) as the shared catalog's message the API would
 * answer for the same rule.
 */
export function issueText(issue: z.core.$ZodIssue): string {
  if (issue.message.startsWith(WEB_MESSAGE)) return issue.message;
  return SHARED_MESSAGE + JSON.stringify(issueMessage(issue));
}

/** The values' check by a schema: its output, or each field's first message (`issueText`) by dotted name. */
export type SchemaCheck<Output> = { values: Output } | { errors: Record<string, string> };

/**
 * Checks values by a schema; each field gets its first issue's message. Forms load this module when they first
 * check (schema-resolver.ts), with zod: the domain's issue wording lives beside its field checks.
 */
export async function checkBySchema<Output>(
  schema: z.ZodType<Output>,
  values: unknown,
): Promise<SchemaCheck<Output>> {
  // The messages it produces are the shared catalogs': they come with it
  registerMessageCatalogs();
  const result = await schema.safeParseAsync(values);
  if (result.success) return { values: result.data };
  const errors: Record<string, string> = {};
  for (const issue of tellingIssues(result.error.issues)) errors[issue.path.join(".")] ??= issueText(issue);
  return { errors };
}
