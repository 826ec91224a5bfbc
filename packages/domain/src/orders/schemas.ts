import { z } from "zod";
import { typedRowSchema } from "../fields/schemas.ts";
import { rowVersion } from "../values/schemas.ts";
import { freightOrderStatusFields, HISTORY_KINDS, SUGGESTION_FIELDS } from "./fields.ts";

// Bodies and answers of the order calls that are not a resource's rows (the rows come from the field definitions).

/** A status as the statuses list, one status and the workflow's choices (`wf/`) answer it. */
export const orderStatusSchema = typedRowSchema(freightOrderStatusFields);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** GET freight_orders/{id}/wf/: the statuses the user may move the order to, in the statuses' `order`. */
export const orderWorkflowSchema = z.array(orderStatusSchema);

const rowNamesSchema = z.object({ name: z.string(), name_en: z.string() });

/** An entry of GET freight_orders/{id}/history/: a status change, or the change of one field. */
export const orderHistoryEntrySchema = z.object({
  id: z.number(),
  kind: z.enum(HISTORY_KINDS),
  modify_date: z.string(),
  user: z.object({ first_name: z.string(), last_name: z.string(), username: z.string() }).nullable(),
  /** The status the order moved to (a status change). */
  status: z.object({ id: z.number(), name: z.string(), name_en: z.string() }).nullable(),
  status_comment: z.string(),
  sign_file_id: z.number().nullable(),
  /** The changed field (a field change), with its values as text; null for no value. */
  field: z.string().nullable(),
  old_value: z.string().nullable(),
  new_value: z.string().nullable(),
  /** The values' names in both languages where the field names other rows by id (a station, services); else null. */
  old_names: rowNamesSchema.nullable(),
  new_names: rowNamesSchema.nullable(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

/** PATCH freight_orders/{id}/set_is_paid/. */
export const setIsPaidBody = z.object({ is_paid: z.boolean(), version: rowVersion().optional() });

/** GET directory/freight-order-suggestion: which field's earlier values, and the words they must hold. */
export const suggestionQuery = z.object({
  field_name: z.enum(SUGGESTION_FIELDS),
  search: z.string().max(200).optional(),
});

/** The earlier values, most recent first (at most 20), shaped as a page of the list pattern for the picker. */
export const suggestionAnswer = z.object({
  results: z.array(z.object({ value: z.string() })),
  count: z.number(),
});

/** POST freight_orders/{id}/sign/: the signed document's id, sent later as the order's `sign_file_id`. */
export const signedFileAnswer = z.object({ id: z.number() });
