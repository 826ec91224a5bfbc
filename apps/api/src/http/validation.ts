import { hasNul, issueMessage, tellingIssues } from "@portal/domain";
import type { FastifySchemaCompiler } from "fastify";
import type { z } from "zod";
import type { FieldErrors } from "../core/errors.ts";
import type { Message } from "../core/i18n.ts";

/** Request parts as Fastify names them; a path parameter that fails its schema names nothing that exists. */
type HttpPart = "body" | "querystring" | "params" | "headers";

/** A schema validation failure that still holds zod's issues, so the error plugin can translate them. */
export class SchemaValidationError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly issues: z.core.$ZodIssue[],
    readonly part: HttpPart | undefined,
  ) {
    super("Schema validation failed");
  }
}

/** Deeper than any request of ours: a body nested further is refused before anything walks it recursively. */
const MAX_DEPTH = 32;

/**
 * Input no column can hold, found before the schema runs: NUL characters in any text or key (PostgreSQL refuses
 * them in text) and nesting past MAX_DEPTH. Walks iteratively, so no input can exhaust the stack.
 */
export function unstorableInput(data: unknown): z.core.$ZodIssue[] {
  const issues: z.core.$ZodIssue[] = [];
  const pending: { value: unknown; path: PropertyKey[] }[] = [{ value: data, path: [] }];
  while (pending.length > 0 && issues.length < 20) {
    const { value, path } = pending.pop() as { value: unknown; path: PropertyKey[] };
    if (typeof value === "string") {
      if (hasNul(value)) issues.push(customIssue(path, "null_character", value));
    } else if (value !== null && typeof value === "object") {
      if (path.length >= MAX_DEPTH) {
        issues.push(customIssue(path.slice(0, 1), "nesting_too_deep", undefined));
        break;
      }
      for (const [key, item] of Object.entries(value)) {
        const itemPath = [...path, Array.isArray(value) ? Number(key) : key];
        if (hasNul(key)) issues.push(customIssue(path, "null_character", key));
        else pending.push({ value: item, path: itemPath });
      }
    }
  }
  return issues;
}

function customIssue(path: PropertyKey[], message: Message["key"], input: unknown): z.core.$ZodIssue {
  return { code: "custom", path, message, input } as z.core.$ZodIssue;
}

/** Fastify validator for zod route schemas that keeps the issues (with their inputs) for translation. */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const part = httpPart as HttpPart | undefined;
    const result = checkInput(schema, data, part !== "headers");
    return "issues" in result ? { error: new SchemaValidationError(result.issues, part) } : result;
  };

/**
 * A request part checked as a route checks it (unstorable input first, unless `storable` is false, then the schema):
 * its parsed value, or zod's issues. The import of orders checks each row of a file as the create's body with it.
 */
export function checkInput<S extends z.ZodType>(
  schema: S,
  data: unknown,
  storable = true,
): { value: z.output<S> } | { issues: z.core.$ZodIssue[] } {
  const unstorable = storable ? unstorableInput(data) : [];
  if (unstorable.length > 0) return { issues: unstorable };
  const result = schema.safeParse(data, { reportInput: true });
  return result.success ? { value: result.data } : { issues: result.error.issues };
}

/** Turns zod issues into field errors; `missingFields` is true when a required field was absent. */
export function issuesToFieldErrors(issues: z.core.$ZodIssue[]): {
  fields: FieldErrors;
  missingFields: boolean;
} {
  const fields: FieldErrors = Object.create(null);
  let missingFields = false;
  for (const issue of tellingIssues(issues)) {
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
