import { type Fields, isWritable } from "../fields/define.ts";
import { orderPolicy } from "../policies/orders.ts";
import type { UserFlags } from "../users/flags.ts";
import { freightOrderFields } from "./fields.ts";

// The import of shipping orders from a spreadsheet (docs/decisions.md, "Import of shipping orders"): its columns
// are the order's field definitions, its rules the API's create.

/** A client: who the templates are made for (the fields a client has no say in are left out). */
export const IMPORT_CLIENT: UserFlags = {
  is_manager: false,
  is_head: false,
  is_administrator: false,
  is_staff: false,
  can_access_to_monitoring: false,
  can_edit_refbook: false,
  can_select_company: false,
  can_set_is_paid: false,
  can_manage_webhooks: false,
};

/**
 * The template's columns, in the form's order: every field of the order a client may fill when creating one (what
 * the create's body takes and the order policy leaves to a client). The company is not a column: a file is imported
 * for one company, chosen with the upload.
 */
export const ORDER_IMPORT_COLUMNS: readonly string[] = Object.entries(freightOrderFields as Fields)
  .filter(
    ([name, field]) =>
      isWritable(field) &&
      !field.changeOnly &&
      name !== "company" &&
      !orderPolicy.ignoresField(IMPORT_CLIENT, name),
  )
  .map(([name]) => name);

/** The most rows a file may hold. */
export const ORDER_IMPORT_MAX_ROWS = 10_000;
/** The largest file accepted, in bytes (XLSX or CSV). */
export const ORDER_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** The most a spreadsheet's content may unpack to, in bytes, and the most parts it may hold (a zip bomb). */
export const ORDER_IMPORT_MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
export const ORDER_IMPORT_MAX_ENTRIES = 200;

/** Where an import is: its rows being checked, checked (a preview), being imported, imported, or failed. */
export const ORDER_IMPORT_STATES = ["checking", "checked", "importing", "done", "failed"] as const;
export type OrderImportState = (typeof ORDER_IMPORT_STATES)[number];
