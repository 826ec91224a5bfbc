import {
  type ContainerLabels,
  containerFields,
  type PackageContent,
  type RowOf,
  type TrackingEvent,
} from "@portal/domain";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { ApiError, apiDownload, apiFetch, apiRequest } from "../../app/api-client";
import { resourceClient } from "../../app/resource-client";
import { saveFile } from "../../app/save-file";
import { orders } from "../orders/api";

// The calls of the containers' screens (spec 02 §7): the containers resource, and under the container's order its
// tracking events, labels, package and transit declaration.

export type ContainerRow = RowOf<typeof containerFields>;

/** The containers: the list pattern, read one, create (only non-empty fields), change with its version. */
export const containers = resourceClient<typeof containerFields, ContainerRow>(
  "/tracking/api/containers/",
  containerFields,
);

/** The calls under a container's address in its order: `/tracking/api/freight_orders/{fid}/containers/{id}/`. */
export const containerInOrder = (orderId: number, id: number) => `${orders.path}${orderId}/containers/${id}/`;

/**
 * A call under the container's address that may not be there yet (the tracking, the labels): its answer, or null
 * when the API answers 404 for it, so that the page shows an empty state instead of failing. Silent: the page
 * shows what went wrong in its own place.
 */
async function optionalCall<T>(path: string, signal: AbortSignal): Promise<T | null> {
  try {
    return (await apiRequest(path, { signal, silent: true })) as T;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/*
 * The keys below hold the calls' addresses (`["resource", address]`): the live refresher refreshes them when the
 * container, or its order's status, changes (app/live/live-refresh.ts, SHOWN_AT).
 */

/**
 * Refreshes the calls under the container's address in its order (its tracking, labels, package): after the user's
 * own save, whose track dates become events, without waiting for the live stream's word.
 */
export function refreshContainerCalls(client: QueryClient, orderId: number, id: number) {
  const address = containerInOrder(orderId, id);
  return client.invalidateQueries({
    predicate: (query) => query.queryKey[0] === "resource" && String(query.queryKey[1]).startsWith(address),
  });
}

/** The container's tracking events, newest first (contract `trackingAnswer`); null: not available. */
export const trackingQuery = (orderId: number, id: number) => {
  const path = `${containerInOrder(orderId, id)}tracking/`;
  return queryOptions({
    queryKey: ["resource", path],
    queryFn: ({ signal }) =>
      optionalCall<{ results: TrackingEvent[] }>(path, signal).then((answer) => answer?.results ?? null),
  });
};

/** The labels of the container's package, oldest first (contract `containerLabelsAnswer`); null: not available. */
export const labelsQuery = (orderId: number, id: number) => {
  const path = `${containerInOrder(orderId, id)}labels/`;
  return queryOptions({
    queryKey: ["resource", path],
    queryFn: ({ signal }) =>
      optionalCall<ContainerLabels>(path, signal).then((answer) => answer?.results ?? null),
  });
};

/** The files of the container's package, with their download addresses. */
export const packageContentQuery = (orderId: number, id: number) =>
  queryOptions({
    queryKey: ["resource", `${containerInOrder(orderId, id)}package-content/`],
    queryFn: ({ signal }): Promise<PackageContent["results"]> =>
      apiFetch("GET /tracking/api/freight_orders/:id/containers/:containerId/package-content/", {
        params: { id: orderId, containerId: id },
        signal,
        silent: true,
      }).then((answer) => answer.results),
  });

/** Saves a file the API names by its address (a signed order, a package's file), under the name it gives. */
export const downloadFile = (url: string, fallbackName: string) =>
  apiDownload(url).then((file) => saveFile(file, fallbackName));

/** Saves the container's transit declaration as a PDF in the interface language. */
export const downloadDeclarationPdf = (orderId: number, container: Pick<ContainerRow, "id" | "td_number">) =>
  downloadFile(
    `${orders.path}${orderId}/containers/td-pdf/${container.id}/`,
    `td-${container.td_number || container.id}.pdf`,
  );
