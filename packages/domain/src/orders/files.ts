import { defineFields } from "../fields/define.ts";

// The documents of a shipping order (spec 01 §3 "Order file") and the upload rules that both the API and the web
// app apply: which kinds of files are taken, and how large. No zod here: the field labels' catalog, which every grid
// loads, reads these fields (the signed file's answer is in schemas.ts).

/**
 * A document attached to an order (GET freight_orders/{id}/files/), as its list sorts and filters it. The file's
 * own facts (name, size, type, who uploaded it and when) are the server's; the document's details are the user's.
 * `document_type_title(_en)` name the chosen document type.
 */
export const freightOrderFileFields = defineFields({
  id: { kind: "id" },
  filename: { kind: "text", max: 255, readOnly: true, searchable: true },
  document_number: { kind: "text", max: 50, searchable: true },
  /** The date the document bears (yyyy-MM-dd). */
  document_date: { kind: "date", nullable: true },
  document_type: { kind: "relation", to: "document_type", nullable: true },
  document_type_title: { kind: "text", max: 255, readOnly: true, nullable: true, label: "document_type" },
  document_type_title_en: { kind: "text", max: 255, readOnly: true, nullable: true, label: "document_type" },
  document_title: { kind: "text", max: 255, searchable: true },
  /** The original, not a copy (the customs declaration system asks which it is). */
  is_original: { kind: "boolean" },
  /** Bytes. */
  size: { kind: "integer", readOnly: true },
  content_type: { kind: "text", max: 100, readOnly: true },
  create_date: { kind: "timestamp", readOnly: true },
  author: { kind: "person", readOnly: true },
  freight_order: { kind: "relation", to: "freight_order", readOnly: true },
  version: { kind: "integer", readOnly: true },
});

/** The largest upload by default (the API's UPLOAD_MAX_BYTES may change it): 20 MiB. */
export const DEFAULT_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

/**
 * An upload limit in megabytes as its refusal words it ("larger than 20 MB", `file_too_large`), to a tenth: the
 * API's 413 and the browser's check before sending say the same.
 */
export function uploadLimitMegabytes(maxBytes: number): number {
  return Math.round((maxBytes / 1024 / 1024) * 10) / 10;
}

/**
 * The kinds of files an order takes, by the extension a stored name ends with, and the type it is served as:
 * PDF, scans (JPEG, PNG, TIFF), Word and Excel (current and 97–2003), plain text and CSV, ZIP archives. The API
 * tells them by their content, not by their name (modules/order-files/file-types.ts); the web app offers them in
 * its file picker.
 */
export const ORDER_FILE_TYPES = {
  pdf: "application/pdf",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  tif: "image/tiff",
  tiff: "image/tiff",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  txt: "text/plain",
  csv: "text/csv",
  zip: "application/zip",
} as const;
export type OrderFileExtension = keyof typeof ORDER_FILE_TYPES;
