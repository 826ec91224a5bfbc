import { z } from "zod";

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
