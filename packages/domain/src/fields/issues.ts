import type { z } from "zod";
import type { MessageKey } from "../messages/index.ts";
import type { FieldDef } from "./define.ts";
import { fieldInputSchema } from "./schemas.ts";

/** A message of the shared catalogs (`messages/`) with its parameters (`count` picks the plural form). */
export interface IssueMessage {
  key: MessageKey;
  params?: Record<string, string | number>;
}

/**
 * The catalog message of a zod issue about one value: the API's 400 bodies and the web's cell checks word the
 * same rule the same way.
 */
export function issueMessage(issue: z.core.$ZodIssue): IssueMessage {
  switch (issue.code) {
    case "too_big":
      if (issue.origin === "string") return { key: "max_length", params: { count: Number(issue.maximum) } };
      if (issue.origin === "number") return { key: "max_value", params: { limit: Number(issue.maximum) } };
      return { key: "invalid_value" };
    case "too_small":
      // An empty text, or no choice made where one is needed (an employee's roles)
      if ((issue.origin === "string" || issue.origin === "array") && Number(issue.minimum) === 1)
        return { key: "required" };
      if (issue.origin === "number") return { key: "min_value", params: { limit: Number(issue.minimum) } };
      return { key: "invalid_value" };
    case "invalid_format":
      if (issue.format === "email") return { key: "invalid_email" };
      if (issue.format === "date") return { key: "invalid_date" };
      return { key: "invalid_value" };
    case "invalid_value":
      return { key: "invalid_choice", params: { value: String(issue.input).slice(0, 100) } };
    case "invalid_type":
      if (issue.expected === "number" || issue.expected === "int") return { key: "invalid_number" };
      if (issue.expected === "boolean") return { key: "invalid_boolean" };
      return { key: "invalid_value" };
    case "not_multiple_of":
      // The one step a field kind has: money's kopecks
      return { key: "money_precision" };
    case "custom":
      // Custom refinements carry a catalog key as their message.
      return { key: issue.message as MessageKey, params: issue.params as IssueMessage["params"] };
    default:
      return { key: "invalid_value" };
  }
}

/**
 * What is wrong with one value of a field, by the rules its bodies are checked with (required, limit, format,
 * range), or null when the API would take it. Empty means absent: a required field must then be filled.
 */
export function checkFieldValue(field: FieldDef, value: unknown): IssueMessage | null {
  const isEmpty = value === undefined || value === null || value === "";
  if (isEmpty) return field.required ? { key: "required" } : null;
  const result = fieldInputSchema(field, Boolean(field.required)).safeParse(value);
  const [issue] = result.success ? [] : result.error.issues;
  return issue ? issueMessage(issue) : null;
}
