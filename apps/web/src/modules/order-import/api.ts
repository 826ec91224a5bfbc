import type { OrderImport } from "@portal/domain";
import { apiFetch, apiFile, apiUpload } from "../../app/api-client";
import { saveFile } from "../../app/save-file";

// The calls of /import-orders: the template, an upload, the import (refreshed live as its jobs go: its key is the
// row's of `order_imports`), its start and its error report.

export const IMPORTS = "/tracking/api/order-imports/";

/** The query key of one import: the live stream refreshes it on each change of the import. */
export const importKey = (id: number) => ["resource", IMPORTS, "one", id] as const;

export const fetchImport = (id: number): Promise<OrderImport> =>
  apiFetch("GET /tracking/api/order-imports/:id/", { params: { id } });

export const downloadTemplate = () =>
  apiFile("GET /tracking/api/order-imports/template/").then((file) => saveFile(file, "template.xlsx"));

export const downloadReport = (id: number) =>
  apiFile("GET /tracking/api/order-imports/:id/report/", { params: { id } }).then((file) =>
    saveFile(file, `import-${id}-errors.xlsx`),
  );

/** Uploads a file for the company (null: the user's own). */
export function uploadImport(file: File, company: number | null): Promise<OrderImport> {
  const form = new FormData();
  if (company !== null) form.append("company", String(company));
  form.append("file", file);
  return apiUpload("POST /tracking/api/order-imports/", form);
}

export const startImport = (id: number): Promise<OrderImport> =>
  apiFetch("POST /tracking/api/order-imports/:id/start/", { params: { id }, silent: true });
