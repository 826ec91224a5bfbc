import type { FastifySchemaCompiler } from "fastify";
import type { z } from "zod";
import type { FieldErrors } from "./errors.ts";
import type { Message } from "./i18n.ts";

/** A schema validation failure that still holds zod's issues, so the error plugin can translate them. */
export class SchemaValidationError extends Error {
  readonly statusCode = 400;
  constructor(readonly issues: z.core.$ZodIssue[]) {
    super("Schema validation failed");
  }
}

/** Fastify validator for zod route schemas that keeps the issues (with their inputs) for translation. */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    return result.success
      ? { value: result.data }
      : { error: new SchemaValidationError(result.error.issues) };
  };

/** Turns zod issues into field errors; `missingFields` is true when a required field was absent. */
export function issuesToFieldErrors(issues: z.core.$ZodIssue[]): {
  fields: FieldErrors;
  missingFields: boolean;
} {
  const fields: FieldErrors = {};
  let missingFields = false;
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join(".") : "detail";
    const isMissing = issue.code === "invalid_type" && issue.input === undefined;
    // A blank required text is as good as absent: both mark the answer with "fields_not_provided".
    missingFields ||= isMissing || isBlankRequired(issue);
    const list = fields[field] ?? [];
    fields[field] = list;
    list.push(isMissing ? { key: "must_be_set" } : issueMessage(issue));
  }
  return { fields, missingFields };
}

function isBlankRequired(issue: z.core.$ZodIssue): boolean {
  return issue.code === "too_small" && issue.origin === "string" && Number(issue.minimum) === 1;
}

function issueMessage(issue: z.core.$ZodIssue): Message {
  switch (issue.code) {
    case "too_big":
      return issue.origin === "string"
        ? { key: "max_length", params: { count: Number(issue.maximum) } }
        : { key: "invalid_value" };
    case "too_small":
      return issue.origin === "string" && Number(issue.minimum) === 1
        ? { key: "required" }
        : { key: "invalid_value" };
    case "invalid_format":
      if (issue.format === "email") return { key: "invalid_email" };
      if (issue.format === "date") return { key: "invalid_date" };
      return { key: "invalid_value" };
    case "invalid_value":
      return { key: "invalid_choice", params: { value: String(issue.input) } };
    case "invalid_type":
      if (issue.expected === "number" || issue.expected === "int") return { key: "invalid_number" };
      if (issue.expected === "boolean") return { key: "invalid_boolean" };
      return { key: "invalid_value" };
    case "custom":
      // Custom refinements carry a catalog key as their message.
      return { key: issue.message as Message["key"], params: issue.params as Message["params"] };
    default:
      return { key: "invalid_value" };
  }
}
