import {
  type companyFields,
  containerTypeFields,
  type countryFields,
  directoryCompanyFields,
  type etsngFields,
  freightOrderFileFields,
  type gngFields,
  type kindFields,
  type locationFields,
  type RowOf,
  type SuggestionField,
  type serviceFields,
} from "@portal/domain";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch, apiFile, apiUpload, type UploadProgress } from "../../../app/api-client";
import { queryClient } from "../../../app/query-client";
import { resourceClient } from "../../../app/resource-client";
import { saveFile } from "../../../app/save-file";
import { readerZoneQuery } from "../../../app/time-zone";
import { listSource } from "../../../components/form/lookup-field";
import type { FetchLookupPage } from "../../../components/form/lookup-search";
import { services, shipmentKinds, transportKinds } from "../../dictionaries/api";
import { type OrderRow, orders } from "../api";

// The calls of the shipping order form (spec 01 §7): the order and its workflow, the reference books it picks
// from, the directory, the suggestions, the order's documents and containers.

/** The calls under one order's address. */
export const orderPath = (id: number) => `${orders.path}${id}/`;

/** Marks the order paid or unpaid (set_is_paid/, users with can_set_is_paid): the order as it is now. */
export function setIsPaid(order: Pick<OrderRow, "id" | "version">, isPaid: boolean): Promise<OrderRow> {
  return apiFetch("PATCH /tracking/api/freight_orders/:id/set_is_paid/", {
    params: { id: order.id },
    json: { is_paid: isPaid, version: order.version },
    silent: true,
  }).then((saved) => {
    // The orders' lists show it too
    void queryClient.invalidateQueries({ queryKey: orders.queryKey });
    return saved;
  });
}

/** Uploads the signed order; its id goes with the status change as `sign_file_id`. */
export function uploadSignedOrder(
  orderId: number,
  file: File,
  onProgress?: (progress: UploadProgress) => void,
) {
  return apiUpload("POST /tracking/api/freight_orders/:orderId/sign/", fileForm(file), {
    params: { orderId },
    onProgress,
  });
}

/**
 * Saves the order's print version: a PDF in the interface language, its times in the browser's time zone, as the
 * screens write them.
 */
export const downloadPrint = (orderId: number, trackingToken?: string) => {
  return apiFile("GET /tracking/api/freight_orders/:orderId/print", {
    params: { orderId },
    query: { ...readerZoneQuery(), ...(trackingToken ? { tracking_token: trackingToken } : {}) },
  }).then((file) => saveFile(file, `order-${orderId}.pdf`));
};

/** Saves the signed order the order keeps. */
export const downloadSigned = (orderId: number, fileId: number) =>
  apiFile("GET /tracking/api/freight_orders/:orderId/sign/:fileId", { params: { orderId, fileId } }).then(
    (file) => saveFile(file, `order-${orderId}-signed`),
  );

// ---- reference books ----

export type CompanyRow = RowOf<typeof companyFields>;
export type LocationRow = RowOf<typeof locationFields>;
export type CodeRow = RowOf<typeof etsngFields> | RowOf<typeof gngFields>;
export type CountryRow = RowOf<typeof countryFields>;
export type ServiceRow = RowOf<typeof serviceFields>;
export type KindRow = RowOf<typeof kindFields>;

export const companyChoices = listSource<CompanyRow>("/profile/api/companies/", "name");
/** Border crossings are border stations and sea ports. */
export const crossingChoices = listSource<LocationRow>("/tracking/api/locations/", "location", {
  filters: "kind__in=border,port",
});
export const stationChoices = listSource<LocationRow>("/tracking/api/locations/", "location");
const CODE_BOOKS = { ETSNG: "/refbooks/api/etsng/", GNG: "/refbooks/api/gng/" } as const;
export const etsngChoices = listSource<CodeRow>(CODE_BOOKS.ETSNG, "code");
export const gngChoices = listSource<CodeRow>(CODE_BOOKS.GNG, "code");

/** One code of the ETSNG or GNG book, to name an order's code whose line the description lacks. */
export const codeQuery = (book: keyof typeof CODE_BOOKS, code: string) =>
  queryOptions({
    queryKey: ["code", book, code],
    queryFn: ({ signal }) =>
      apiFetch(`GET ${CODE_BOOKS[book]}`, {
        query: { take: "1", filters: `code=${code}` },
        signal,
        silent: true,
      }).then((page): CodeRow | null => page.results[0] ?? null),
    staleTime: Number.POSITIVE_INFINITY,
  });
export const countryChoices = listSource<CountryRow>("/refbooks/api/country/");
export const containerTypeChoices = listSource<RowOf<typeof containerTypeFields>>(
  "/service/api/container_type/",
  "code",
);

export const companyQuery = (id: number) =>
  queryOptions({
    queryKey: ["resource", "/profile/api/companies/", "one", id],
    queryFn: ({ signal }) => apiFetch("GET /profile/api/companies/:id/", { params: { id }, signal }),
    staleTime: 60_000,
  });

/** A country by its code (a directory entry names the code; the order keeps the name too). */
export async function countryName(code: string, language: string): Promise<string> {
  if (!code) return "";
  const page = await queryClient.fetchQuery({
    queryKey: ["country", code],
    queryFn: ({ signal }) =>
      apiFetch("GET /refbooks/api/country/", { query: { filters: `abc2=${code}` }, signal, silent: true }),
    staleTime: 10 * 60_000,
  });
  const country = page.results[0];
  if (!country) return "";
  return language === "en" ? country.name_eng || country.short_name : country.short_name;
}

export const containerTypes = resourceClient("/service/api/container_type/", containerTypeFields);
/** The kinds and services are the dictionaries' resources. */
export { services, shipmentKinds, transportKinds };

/** The services' list query for these transport kinds (any of them) and shipment kind, as the order offers them. */
function servicesFor(transportKindIds: readonly number[], shipmentKind: number | null, take?: number) {
  const query = new URLSearchParams();
  for (const id of transportKindIds) query.append("transport_kind", String(id));
  if (shipmentKind !== null) query.append("shipment_kind", String(shipmentKind));
  if (take) query.set("take", String(take));
  return query;
}

/** The services offered for the kinds (every service when none is chosen). */
export const offeredServicesQuery = (transportKindIds: readonly number[], shipmentKind: number | null) =>
  queryOptions({
    queryKey: [...services.queryKey, "offered", [...transportKindIds].sort(), shipmentKind],
    queryFn: ({ signal }) =>
      apiFetch("GET /service/api/service/", {
        query: servicesFor(transportKindIds, shipmentKind, 1000),
        signal,
      }).then((page) => page.results),
    staleTime: 60_000,
  });

// ---- the consignor/consignee directory and the suggestions ----

export const directory = resourceClient("/tracking/api/directory/company/", directoryCompanyFields);

/** The forwarder's public entries (its ports), for the prefill of a new order's parties by direction. */
export const publicEntriesQuery = queryOptions({
  queryKey: [...directory.queryKey, "public"],
  queryFn: ({ signal }) =>
    apiFetch("GET /tracking/api/directory/company/", {
      query: { filters: "public=true", ordering: "short_name", take: "50" },
      signal,
    }).then((page) => page.results),
  staleTime: 5 * 60_000,
});

/** Earlier values of the description or the notes holding the words searched (at most 20, newest first). */
export function suggestionSource(field: SuggestionField): FetchLookupPage<{ value: string }> {
  return (search, _skip, _take, signal) => {
    const query = new URLSearchParams({ field_name: field });
    if (search) query.set("search", search);
    return apiFetch("GET /tracking/api/directory/freight-order-suggestion/", { query, signal, silent: true });
  };
}

// ---- the order's documents and containers ----

/** The order's documents (files/): listed, their details changed, deleted; added by an upload. */
export function orderDocuments(orderId: number) {
  const client = resourceClient(`${orderPath(orderId)}files/`, freightOrderFileFields);
  return {
    ...client,
    upload: (file: File, onProgress?: (progress: UploadProgress) => void) =>
      apiUpload("POST /tracking/api/freight_orders/:orderId/files/", fileForm(file), {
        params: { orderId },
        onProgress,
      }).then((row) => {
        void queryClient.invalidateQueries({ queryKey: client.queryKey });
        return row;
      }),
    download: (file: { id: number; filename: string }) =>
      apiFile("GET /tracking/api/freight_orders/:orderId/file/:fileId", {
        params: { orderId, fileId: file.id },
      }).then((answer) => saveFile(answer, file.filename)),
  };
}

export const documentTypesQuery = queryOptions({
  queryKey: ["document-types"],
  queryFn: ({ signal }) =>
    apiFetch("GET /tracking/api/document-types/", {
      query: { take: "1000", ordering: "title" },
      signal,
    }).then((page) => page.results),
  staleTime: 10 * 60_000,
});

function fileForm(file: File): FormData {
  const form = new FormData();
  form.append("file", file);
  return form;
}
