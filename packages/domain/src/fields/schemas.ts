import { z } from "zod";
import { isValidInn } from "../values/inn.ts";
import { chosenRowId, int4, isoDate, lineText, rowId, rowVersion, text } from "../values/schemas.ts";
import { isTimeZone } from "../values/values.ts";
import type { FieldDef, Fields, RowOf } from "./define.ts";

/** The zod schema of one field's value in a body: the limits and formats of its definition. */
export function fieldInputSchema(field: FieldDef, isRequired: boolean): z.ZodType {
  let schema: z.ZodType;
  switch (field.kind) {
    case "text": {
      // One line unless the field is written on several (a comment, a note): a name reaches mail subjects
      const base = field.multiline ? text() : lineText();
      const trimmed = isRequired ? base.min(1, { abort: true }) : base;
      const bounded = trimmed.max(field.max);
      const counts = field.digits;
      schema = counts
        ? bounded.refine((value) => value === "" || (/^\d+$/.test(value) && counts.includes(value.length)), {
            message: "invalid_digits",
            params: { counts: counts.join("/") },
          })
        : field.format === "email"
          ? bounded.refine((value) => value === "" || z.email().safeParse(value).success, {
              message: "invalid_email",
            })
          : field.format === "inn"
            ? bounded.refine((value) => value === "" || isValidInn(value), { message: "invalid_inn" })
            : field.format === "time-zone"
              ? bounded.refine((value) => value === "" || isTimeZone(value), { message: "invalid_time_zone" })
              : bounded;
      break;
    }
    case "integer": {
      let integer = int4();
      if (field.min !== undefined) integer = integer.min(field.min);
      if (field.max !== undefined) integer = integer.max(field.max);
      schema = integer;
      break;
    }
    case "money":
      // Kopecks are the smallest unit; 12 digits of rubles is more than any freight bill.
      // Out of range says so alone: a huge number is not also "more than two decimal places"
      // A text where the amount should be (what a form could not read as one) is told how an amount is written
      schema = z
        .number({ error: (issue) => (typeof issue.input === "string" ? "invalid_amount" : undefined) })
        .min(0, { abort: true })
        .max(999_999_999_999.99, { abort: true })
        .multipleOf(0.01);
      break;
    case "boolean":
      schema = z.boolean();
      break;
    case "date":
      schema = isoDate();
      break;
    case "timestamp":
      schema = z.iso.datetime({ offset: true });
      break;
    case "choice":
      schema = z.enum(field.choices as [string, ...string[]]);
      break;
    case "id":
      schema = rowId();
      break;
    case "relation":
      schema = chosenRowId();
      break;
    case "relations":
      schema = z.array(rowId()).max(1000);
      break;
    case "person":
      // Always read-only: the server says who wrote a row
      schema = z.never();
      break;
  }
  return field.nullable ? schema.nullable() : schema;
}

function writable(fields: Fields): [string, FieldDef][] {
  return Object.entries(fields).filter(
    ([, field]) => !field.readOnly && field.kind !== "id" && field.kind !== "person",
  );
}

/**
 * The body that creates a row: writable fields (but those taken on a change only), required ones required;
 * unknown fields are dropped.
 */
export function createSchema<F extends Fields>(fields: F) {
  return z.object(
    Object.fromEntries(
      writable(fields)
        .filter(([, field]) => !field.changeOnly)
        .map(([name, field]) => {
          const schema = fieldInputSchema(field, Boolean(field.required));
          return [name, field.required ? schema : schema.optional()];
        }),
    ),
  );
}

/**
 * The body that changes a row: any writable field (but those taken on creation only), and the `version` the change
 * is based on (409 if stale).
 */
export function patchSchema<F extends Fields>(fields: F) {
  return z.object({
    ...Object.fromEntries(
      writable(fields)
        .filter(([, field]) => !field.createOnly)
        .map(([name, field]) => [name, fieldInputSchema(field, Boolean(field.required)).optional()]),
    ),
    version: rowVersion().optional(),
  });
}

/** The value of one field in an answer. */
function outputOf(field: FieldDef): z.ZodType {
  const schema = (() => {
    switch (field.kind) {
      case "id":
      case "integer":
      case "relation":
      case "money":
        return z.number();
      case "relations":
        return z.array(z.number());
      case "person":
        return z.object({
          first_name: z.string(),
          last_name: z.string(),
          ...(field.username ? { username: z.string() } : {}),
        });
      case "boolean":
        return z.boolean();
      case "choice":
        return z.enum(field.choices as [string, ...string[]]);
      default:
        return z.string();
    }
  })();
  return field.nullable ? schema.nullable() : schema;
}

/** A row as the API answers it: every field (the OpenAPI document and the serializer take it from here). */
export function rowSchema<F extends Fields>(fields: F) {
  return z.object(Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, outputOf(field)])));
}

/**
 * The answer's schema of a resource's fields, typed by their definitions (`RowOf`): `rowSchema` builds the
 * same schema but types its shape loosely.
 */
export function typedRowSchema<F extends Fields>(fields: F) {
  return rowSchema(fields) as unknown as z.ZodObject<{ [K in keyof F]: z.ZodType<RowOf<F>[K]> }>;
}

/**
 * The body of some of a resource's fields, typed by their definitions: each required as its definition says
 * (`"as-defined"`) or every one optional (a change that sends what it changes); a field's value may always be left
 * out where it is optional.
 */
export function fieldsBody<F extends Fields, K extends keyof F & string, M extends "as-defined" | "optional">(
  fields: F,
  names: readonly K[],
  mode: M,
) {
  return z.object(
    Object.fromEntries(
      names.map((name) => {
        const isRequired = mode === "as-defined" && Boolean(fields[name]?.required);
        const schema = fieldInputSchema(fields[name] as FieldDef, isRequired);
        return [name, isRequired ? schema : schema.optional()];
      }),
    ),
  ) as unknown as z.ZodObject<{
    [P in K]: M extends "as-defined"
      ? F[P] extends { required: true }
        ? z.ZodType<RowOf<F>[P]>
        : z.ZodOptional<z.ZodType<RowOf<F>[P]>>
      : z.ZodOptional<z.ZodType<RowOf<F>[P]>>;
  }>;
}
