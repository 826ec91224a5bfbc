import type { z } from "zod";
import type { MessageKey } from "../messages/index.ts";
import { CHOICE_REQUIRED } from "../values/schemas.ts";
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
      // "int": an integer past the safe integers (`z.number().int()`), bounded by them
      if (issue.origin === "number" || issue.origin === "int")
        return { key: "max_value", params: { limit: Number(issue.maximum) } };
      return { key: "invalid_value" };
    case "too_small":
      // An empty text, or no choice made where one is needed (an employee's roles)
      if ((issue.origin === "string" || issue.origin === "array") && Number(issue.minimum) === 1)
        return { key: "required" };
      if (issue.origin === "number" || issue.origin === "int")
        return { key: "min_value", params: { limit: Number(issue.minimum) } };
      return { key: "invalid_value" };
    case "invalid_format":
      if (issue.format === "email") return { key: "invalid_email" };
      if (issue.format === "date") return { key: "invalid_date" };
      return { key: "invalid_value" };
    case "invalid_value":
      // The choice sent is echoed when it was a text or a number; an object may not even turn into text
      return typeof issue.input === "string" || typeof issue.input === "number"
        ? { key: "invalid_choice", params: { value: String(issue.input).slice(0, 100) } }
        : { key: "invalid_value" };
    case "invalid_type":
      // An amount says how it is written in the reader's language (its schema names the message)
      if (issue.message === "invalid_amount") return { key: "invalid_amount" };
      // A relation left unchosen asks for the choice (chosenRowId)
      if (issue.message === CHOICE_REQUIRED) return { key: CHOICE_REQUIRED };
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
 * The issues to tell of: of the limits a number breaks on one side, the tightest alone. An integer past the safe
 * integers (1e308, 2**63) breaks zod's own range of them (origin "int"), a column's (2147483647) and a field's own
 * (10): "at most 10" says it all. Alone, the safe integers' range is worded by its bound.
 */
export function tellingIssues(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  return issues.filter((issue) => !issues.some((other) => isTighterLimit(other, issue)));
}

/** Whether `other` is a limit of the same number on the same side as `issue`, and a tighter one. */
function isTighterLimit(other: z.core.$ZodIssue, issue: z.core.$ZodIssue): boolean {
  if (other === issue || !isNumberLimit(other) || !isNumberLimit(issue)) return false;
  if (other.path.join(".") !== issue.path.join(".")) return false;
  if (other.code === "too_big" && issue.code === "too_big")
    return Number(other.maximum) < Number(issue.maximum);
  if (other.code === "too_small" && issue.code === "too_small")
    return Number(other.minimum) > Number(issue.minimum);
  return false;
}

function isNumberLimit(issue: z.core.$ZodIssue): issue is z.core.$ZodIssueTooBig | z.core.$ZodIssueTooSmall {
  return (
    (issue.code === "too_big" || issue.code === "too_small") &&
    (issue.origin === "number" || issue.origin === "int")
  );
}

/**
 * What is wrong with one value of a field, by the rules its bodies are checked with (required, limit, format,
 * range), or null when the API would take it. Empty means absent: a required field must then be filled.
 */
export function checkFieldValue(field: FieldDef, value: unknown): IssueMessage | null {
  const isEmpty = value === undefined || value === null || value === "";
  if (isEmpty) return field.required ? { key: "required" } : null;
  const result = fieldInputSchema(field, Boolean(field.required)).safeParse(value);
  const [issue] = result.success ? [] : tellingIssues(result.error.issues);
  return issue ? issueMessage(issue) : null;
}
