import { queryClient } from "../../app/query-client";
import { shipmentKinds, transportKinds } from "./api";

/**
 * The kinds /services takes its choices from, asked for while the page's code loads: its grid then renders once,
 * with its final columns, instead of again when the kinds come (router: lazyPage's prefetch).
 */
export function prefetchServiceKinds(): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery(transportKinds.allQuery("description")),
    queryClient.prefetchQuery(shipmentKinds.allQuery("description")),
  ]);
}
