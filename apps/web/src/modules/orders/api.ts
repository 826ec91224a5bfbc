import { freightOrderFields, type freightOrderStatusFields, type RowOf } from "@portal/domain";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../app/api-client";
import { resourceClient } from "../../app/resource-client";

// The calls every page of the shipping orders makes (spec 01 §7): the orders and the workflow's statuses.

export type OrderRow = RowOf<typeof freightOrderFields>;
/** A status of the workflow: its names, flags and place. */
export type StatusRow = RowOf<typeof freightOrderStatusFields>;

/** The orders: the list pattern, read one, create, change (with its version: 409 when someone saved first), delete. */
export const orders = resourceClient<typeof freightOrderFields, OrderRow>(
  "/tracking/api/freight_orders/",
  freightOrderFields,
);

/**
 * The statuses the user may move the order to now, in their order (the form's radio group); `silent`: the caller
 * (a prefetch) leaves the failure to the page.
 */
export const workflowQuery = (id: number, options: { silent?: boolean } = {}) =>
  queryOptions({
    queryKey: [...orders.queryKey, "one", id, "wf"],
    queryFn: ({ signal }) =>
      apiFetch("GET /tracking/api/freight_orders/:id/wf/", {
        params: { id },
        signal,
        silent: options.silent,
      }),
    // Read with the order (its oneQuery): kept as long, and asked again when the order's changes invalidate it
    staleTime: 30_000,
  });

/** Every status of the workflow with its flags, in the workflow's order. */
export const statusesQuery = queryOptions({
  queryKey: ["freight-order-statuses"],
  queryFn: ({ signal }) =>
    apiFetch("GET /tracking/api/freight-order-statuses/", { query: { take: "1000" }, signal }).then(
      (page) => page.results,
    ),
  staleTime: 10 * 60_000,
});

/** A status's name in the interface language (the Russian one where the English is missing). */
export function statusName(status: Pick<StatusRow, "name" | "name_en">, language: string): string {
  return language === "en" ? status.name_en || status.name : status.name;
}
