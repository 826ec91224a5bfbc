import {
  type ContainerLabels,
  containerFields,
  ENDED_STATUSES,
  normalizeContainerNumber,
  type PackageContent,
  type RowOf,
  type TrackingEvent,
} from "@portal/domain";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { apiDownload, apiFetch, apiFile } from "../../app/api-client";
import { resourceClient } from "../../app/resource-client";
import { saveFile } from "../../app/save-file";
import { readerZoneQuery } from "../../app/time-zone";
import { orders } from "../orders/api";

// The calls of the containers' screens (spec 02 §7): the containers resource, and under the container's order its
// tracking events, labels, package and transit declaration.

export type ContainerRow = RowOf<typeof containerFields>;

/** The containers: the list pattern, read one, create (only non-empty fields), change with its version. */
export const containers = resourceClient<typeof containerFields, ContainerRow>(
  "/tracking/api/containers/",
  containerFields,
);

/**
 * The active orders (not completed or cancelled) other than `orderId` with a container of this number, as text
 * (`N12 (company), …`; empty for none): what staff, who see every company's orders, are warned of when they give an order a number (the API refuses it twice in one order
 * only: a container does move on to another order once the first is done).
 */
export const numberElsewhereQuery = (number: string, orderId: number | null) => {
  const normalized = normalizeContainerNumber(number);
  const filters = [
    `container=${normalized}`,
    `~freight_order_status__in=${ENDED_STATUSES.join(",")}`,
    ...(orderId === null ? [] : [`~freight_order=${orderId}`]),
  ].join("&");
  return queryOptions({
    queryKey: ["containers", "number-elsewhere", normalized, orderId],
    queryFn: ({ signal }) =>
      apiFetch("GET /tracking/api/containers/", {
        query: { filters, take: "5", fields: "freight_order,company_name" },
        signal,
        silent: true,
      }).then((page) => page.results.map((row) => `N${row.freight_order} (${row.company_name})`).join(", ")),
    staleTime: 30_000,
  });
};

/** The calls under a container's address in its order: `/tracking/api/freight_orders/{fid}/containers/{id}/`. */
export const containerInOrder = (orderId: number, id: number) => `${orders.path}${orderId}/containers/${id}/`;

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

/** The container's tracking events, newest first. */
export const trackingQuery = (orderId: number, id: number) =>
  queryOptions({
    queryKey: ["resource", `${containerInOrder(orderId, id)}tracking/`],
    queryFn: ({ signal }): Promise<TrackingEvent[]> =>
      apiFetch("GET /tracking/api/freight_orders/:id/containers/:containerId/tracking/", {
        params: { id: orderId, containerId: id },
        query: readerZoneQuery(),
        signal,
        silent: true,
      }).then((answer) => answer.results),
  });

/** The labels of the container's current package, oldest first. */
export const labelsQuery = (orderId: number, id: number) =>
  queryOptions({
    queryKey: ["resource", `${containerInOrder(orderId, id)}labels/`],
    queryFn: ({ signal }): Promise<ContainerLabels["results"]> =>
      apiFetch("GET /tracking/api/freight_orders/:id/containers/:containerId/labels/", {
        params: { id: orderId, containerId: id },
        signal,
        silent: true,
      }).then((answer) => answer.results),
  });

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

/**
 * Saves the container's transit declaration: as a PDF in the interface language, or as the XML document of spec 02
 * §7 (td/) that the customs and accounting systems read.
 */
export const downloadDeclaration = (
  orderId: number,
  container: Pick<ContainerRow, "id" | "td_number">,
  format: "pdf" | "xml",
) =>
  apiFile(
    format === "pdf"
      ? "GET /tracking/api/freight_orders/:id/containers/td-pdf/:containerId/"
      : "GET /tracking/api/freight_orders/:id/containers/td/:containerId/",
    { params: { id: orderId, containerId: container.id } },
  ).then((file) => saveFile(file, `td-${container.td_number || container.id}.${format}`));
