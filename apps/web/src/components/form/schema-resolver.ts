import { toNestErrors } from "@hookform/resolvers";
import type { FieldError, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";

/**
 * A form's schema, or a function that loads it: a page whose first screen must stay small loads zod and the
 * schema when the form is first sent (`() => import(...)`), not with the page.
 */
export type SchemaSource<Output, Input> =
  | z.ZodType<Output, Input>
  | (() => Promise<z.ZodType<Output, Input>>);

/** The form's resolver: the schema's output when the values pass, else the fields' messages (`checkBySchema`). */
export function schemaResolver<Input extends FieldValues, Output>(
  source: SchemaSource<Output, Input>,
): Resolver<Input, unknown, Output> {
  return async (values, _context, options) => {
    // Loaded with the first check: its wording of zod's issues brings the domain's field checks, and zod with them
    const [schema, { checkBySchema }] = await Promise.all([
      typeof source === "function" ? source() : source,
      import("./schema-check"),
    ]);
    const checked = await checkBySchema(schema, values);
    if ("values" in checked) return { values: checked.values, errors: {} };
    const errors = Object.fromEntries(
      Object.entries(checked.errors).map(([name, message]): [string, FieldError] => [
        name,
        { type: "schema", message },
      ]),
    );
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
