import { z } from "zod";
import { ORDER_IMPORT_STATES } from "./import.ts";

/**
 * An import of shipping orders as the API answers it (`/tracking/api/order-imports/{id}/`): its progress, and once its
 * rows are checked each row as the file counts it, valid or with its errors per column in the reader's language.
 */
export const orderImportSchema = z.object({
  id: z.number(),
  company: z.number(),
  file_name: z.string(),
  state: z.enum(ORDER_IMPORT_STATES),
  /** Rows in the file, rows checked so far, valid rows among them, orders created (once done). */
  total: z.number(),
  checked: z.number(),
  valid: z.number(),
  created: z.number(),
  /** Why a failed import failed. */
  failure: z.string().nullable(),
  create_date: z.string(),
  finish_date: z.string().nullable(),
  rows: z.array(
    z.object({
      row: z.number(),
      valid: z.boolean(),
      /** A few of the row's values that tell it apart (its customer's number, parties, destination). */
      values: z.record(z.string(), z.string()),
      errors: z.array(z.object({ field: z.string(), label: z.string(), messages: z.array(z.string()) })),
    }),
  ),
});
export type OrderImport = z.infer<typeof orderImportSchema>;
