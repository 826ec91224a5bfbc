import { z } from "zod";
import { type Fields, isWritable } from "../fields/define.ts";
import { IMPORT_CLIENT } from "../orders/import.ts";
import { containerPolicy } from "../policies/containers.ts";
import { containerFields } from "./fields.ts";

// Containers added to an order in bulk (docs/decisions.md "Containers in bulk"): a pasted column of numbers or a
// spreadsheet's rows, checked by a preview and added in one transaction through the single container's create.

/** The most containers one call adds (an order holds at most 9,999; a paste of a train's worth is ~100). */
export const CONTAINER_BULK_MAX = 500;

/**
 * The numbers of a pasted text, in their order: separated by new lines, tabs, commas, semicolons or spaces (a
 * column or a row copied from a spreadsheet, a list from a mail). Nothing else is changed: the API normalises.
 */
export function splitContainerNumbers(text: string): string[] {
  return text.split(/[\s,;]+/u).filter((part) => part !== "");
}

/**
 * POST freight_orders/{id}/containers/bulk/ and bulk/check/: the containers to add, each as a single container's
 * create takes it (its order is the path's). Each row is checked as that create checks it, so a row's problems are
 * told per row rather than failing the whole body here.
 */
export const containerBulkBody = z.object({
  containers: z.array(z.record(z.string(), z.unknown())),
});
export type ContainerBulk = z.infer<typeof containerBulkBody>;

/**
 * What each row would do (bulk/check/) or did (bulk/): `id` of the container added (null in a check), `errors` why
 * the row is not added, per field, in the request's language (empty: it is, or would be, added). `container` is the
 * number as it would be stored.
 */
export const containerBulkAnswer = z.object({
  results: z.array(
    z.object({
      index: z.number(),
      container: z.string(),
      id: z.number().nullable(),
      errors: z.record(z.string(), z.array(z.string())),
    }),
  ),
});
export type ContainerBulkAnswer = z.infer<typeof containerBulkAnswer>;

/**
 * The columns of a spreadsheet of containers (its template, and what an upload's headers may name), as the order
 * import's columns are made: every field of a container a client may fill when adding one (what its create takes
 * and the container policy leaves to a client), its order being the one the file is uploaded to.
 */
export const CONTAINER_IMPORT_COLUMNS: readonly string[] = Object.entries(containerFields as Fields)
  .filter(
    ([name, field]) =>
      isWritable(field) &&
      !field.changeOnly &&
      name !== "freight_order" &&
      !containerPolicy.ignoresField(IMPORT_CLIENT, name),
  )
  .map(([name]) => name);

/** What a spreadsheet's rows would do or did (bulk/file/check/, bulk/file/): each also with its row as the file counts it. */
export const containerFileAnswer = z.object({
  results: z.array(containerBulkAnswer.shape.results.element.extend({ row: z.number() })),
});
export type ContainerFileAnswer = z.infer<typeof containerFileAnswer>;
