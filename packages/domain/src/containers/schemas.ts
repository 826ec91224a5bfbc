import { z } from "zod";
import { typedRowSchema } from "../fields/schemas.ts";
import { rowId, rowVersion } from "../values/schemas.ts";
import { orderContainerFields } from "./fields.ts";

// Bodies and answers of the container calls that are not a resource's rows (the rows come from the field
// definitions).

/** An order's file in a container's package, as the order's containers grid lists it (spec 01 §3, "Order file"). */
export const packageFileSchema = z.object({
  id: z.number(),
  filename: z.string(),
  document_number: z.string(),
  document_date: z.string().nullable(),
  document_type: z.number().nullable(),
  document_title: z.string(),
  is_original: z.boolean(),
  create_date: z.string(),
  freight_order: z.number(),
});
export type PackageFile = z.infer<typeof packageFileSchema>;

/** A row of GET freight_orders/{id}/containers/: the container with its package's files. */
export const orderContainerSchema = typedRowSchema(orderContainerFields).extend({
  package_content: z.array(packageFileSchema),
});
export type OrderContainer = z.infer<typeof orderContainerSchema>;

/**
 * PATCH freight_orders/{id}/containers/: make (or replace) the container's package of these files of the order,
 * or (`withdraw: true`) withdraw it. `version` is the container's, as every versioned write's.
 */
export const orderContainersPatchBody = z.object({
  container: rowId(),
  package_content: z.array(rowId()).max(1000).optional(),
  withdraw: z.boolean().optional(),
  version: rowVersion().optional(),
});
export type OrderContainersPatch = z.infer<typeof orderContainersPatchBody>;

/** GET freight_orders/{fid}/containers/{id}/package-content/: the package's files with their download addresses. */
export const packageContentAnswer = z.object({
  results: z.array(
    z.object({
      url: z.string(),
      freight_order: z.number(),
      freight_order_file_id: z.number(),
      filename: z.string(),
    }),
  ),
});
export type PackageContent = z.infer<typeof packageContentAnswer>;
