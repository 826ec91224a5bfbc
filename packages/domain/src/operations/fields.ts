import { defineFields } from "../fields/define.ts";
import { ORDER_CURRENCIES } from "../orders/fields.ts";
import { CONTAINER_NUMBER_MAX } from "../values/container-number.ts";

// The forwarder's operations over containers (spec 02 §2 "Monitoring", "Terminal report", "Export of documents for a
// period", §3, §4; DOMAIN.md "Monitoring, terminal report, export"): two grids of one row per container, each with
// columns of its own stored 1:1 with the container (a row made with the container), and the export tasks.

/**
 * The order statuses whose containers are monitored: Approved, Signed and In progress (DOMAIN.md: approved or later,
 * not completed or cancelled).
 */
export const MONITORED_ORDER_STATUSES = [2, 5, 6] as const;

/**
 * A monitoring row (spec 02 §3): the container with its order's company, dates and route (read-only here, written on
 * the container and the order), and the forwarder's own columns (`tk_order_number` … `additional_expenses`, the
 * spec's `monitoring` sub-object) that managers edit in the grid. `id` is the container's. The customs procedure
 * type is the order's kind of shipment (export, import, transit). The order of the definitions is the grid's.
 */
export const monitoringFields = defineFields({
  id: { kind: "id", grid: "hidden" },
  freight_order: { kind: "relation", to: "freight_order", readOnly: true, grid: "hidden" },
  company: { kind: "relation", to: "company", readOnly: true },
  company_name: { kind: "text", max: 255, readOnly: true, searchable: true, label: "company", grid: "shown" },
  tk_order_number: { kind: "text", max: 50, searchable: true, grid: "shown" },
  container: { kind: "text", max: CONTAINER_NUMBER_MAX, readOnly: true, searchable: true, grid: "shown" },
  prepare_to_ship_date: { kind: "date", readOnly: true, nullable: true, grid: "shown" },
  railway_trip_start_date: { kind: "date", readOnly: true, nullable: true, grid: "shown" },
  arrival_at_border_date: { kind: "date", readOnly: true, nullable: true, grid: "shown" },
  customs_procedure_type: { kind: "text", max: 255, readOnly: true, grid: "shown" },
  customs_procedure_type_en: { kind: "text", max: 255, readOnly: true, label: "customs_procedure_type" },
  delivery_terms: { kind: "text", max: 100, readOnly: true, grid: "shown" },
  dispatch_location: { kind: "text", max: 100, readOnly: true, searchable: true, grid: "shown" },
  border_crossing_point_name: {
    kind: "text",
    max: 100,
    readOnly: true,
    label: "border_crossing_point",
    grid: "shown",
  },
  destination: { kind: "text", max: 100, readOnly: true, searchable: true, grid: "shown" },
  foreign_forwarder: { kind: "text", max: 255, searchable: true, grid: "shown" },
  foreign_shipping_invoice_no: { kind: "text", max: 50, searchable: true, grid: "shown" },
  foreign_shipping_cost: {
    kind: "money",
    nullable: true,
    currency: "foreign_shipping_currency",
    grid: "shown",
  },
  foreign_shipping_currency: { kind: "choice", choices: ORDER_CURRENCIES, grid: "shown" },
  internal_shipping_invoice_no: { kind: "text", max: 50, searchable: true, grid: "shown" },
  internal_shipping_cost: {
    kind: "money",
    nullable: true,
    currency: "internal_shipping_currency",
    grid: "shown",
  },
  internal_shipping_currency: { kind: "choice", choices: ORDER_CURRENCIES, grid: "shown" },
  additional_expenses: { kind: "money", nullable: true, grid: "shown" },
  update_date: { kind: "timestamp", readOnly: true, grid: "hidden" },
  updated_by: { kind: "person", readOnly: true, nullable: true, grid: "hidden" },
  version: { kind: "integer", readOnly: true },
});

/** The monitoring fields that are the forwarder's own (the spec's `monitoring` sub-object): what managers edit. */
export const MONITORING_OWN_FIELDS = [
  "tk_order_number",
  "foreign_forwarder",
  "foreign_shipping_invoice_no",
  "foreign_shipping_cost",
  "foreign_shipping_currency",
  "internal_shipping_invoice_no",
  "internal_shipping_cost",
  "internal_shipping_currency",
  "additional_expenses",
] as const;

/**
 * A row of the terminal report for the container terminal (spec 02 §2 "Terminal report"): the container (its number
 * split into the owner's prefix and the serial number with its check digit), its order's parties, route and freight
 * (read-only here), and the terminal's own columns stored 1:1 with the container, which managers edit: the owner,
 * the packages, the weights, the seals, the special conditions and the columns the terminal names in Russian
 * (delivery date, waybill, GU-12, dispatch, wagon, platform model, payment for the terminal). `documents` lists the
 * order's documents by type and number. `id` is the container's.
 */
export const terminalReportFields = defineFields({
  id: { kind: "id", grid: "hidden" },
  freight_order: { kind: "relation", to: "freight_order", readOnly: true, grid: "hidden" },
  freight_order_date: { kind: "date", readOnly: true, grid: "shown" },
  container: { kind: "text", max: CONTAINER_NUMBER_MAX, readOnly: true, searchable: true, grid: "shown" },
  prefix: { kind: "text", max: 4, readOnly: true, grid: "shown" },
  number: { kind: "text", max: 11, readOnly: true, grid: "shown" },
  container_type_name: { kind: "text", max: 100, readOnly: true, label: "container_type", grid: "shown" },
  owner: { kind: "text", max: 100, searchable: true, grid: "shown" },
  dispatch_location: { kind: "text", max: 100, readOnly: true, grid: "shown" },
  consignor_name: { kind: "text", max: 150, readOnly: true, searchable: true, grid: "shown" },
  destination: { kind: "text", max: 100, readOnly: true, grid: "shown" },
  consignee_name: { kind: "text", max: 150, readOnly: true, searchable: true, grid: "shown" },
  consignee_country_name: { kind: "text", max: 100, readOnly: true, grid: "shown" },
  freight_description: { kind: "text", max: 1000, readOnly: true, grid: "shown" },
  package_count: { kind: "integer", min: 0, max: 1_000_000, nullable: true, grid: "shown" },
  packing_kind: { kind: "text", max: 100, readOnly: true, grid: "shown" },
  tare_weight: { kind: "integer", min: 0, max: 100_000, nullable: true, grid: "shown" },
  net_weight: { kind: "integer", min: 0, max: 100_000, nullable: true, grid: "shown" },
  gross_weight: { kind: "integer", min: 0, max: 100_000, nullable: true, grid: "shown" },
  seal_numbers: { kind: "text", max: 255, searchable: true, grid: "shown" },
  notes: { kind: "text", max: 1000, readOnly: true, grid: "shown" },
  special_conditions: { kind: "text", max: 1000, grid: "shown" },
  documents: { kind: "text", max: 4000, readOnly: true, sortable: false, filterable: false, grid: "shown" },
  delivery_date: { kind: "date", nullable: true, grid: "shown" },
  waybill_number: { kind: "text", max: 50, searchable: true, grid: "shown" },
  gu12_number: { kind: "text", max: 50, grid: "shown" },
  dispatch_number: { kind: "text", max: 50, grid: "shown" },
  wagon_number: { kind: "text", max: 20, searchable: true, grid: "shown" },
  platform_model: { kind: "text", max: 50, grid: "shown" },
  terminal_payment: { kind: "money", nullable: true, grid: "shown" },
  company: { kind: "relation", to: "company", readOnly: true },
  company_name: { kind: "text", max: 255, readOnly: true, searchable: true, label: "company", grid: "shown" },
  update_date: { kind: "timestamp", readOnly: true, grid: "hidden" },
  updated_by: { kind: "person", readOnly: true, nullable: true, grid: "hidden" },
  version: { kind: "integer", readOnly: true },
});

/**
 * The longest period one export takes, in days, both ends included: three years (one of them a leap year). A longer
 * one answers 400 on `to_date` (docs/decisions.md, "Exports").
 */
export const EXPORT_MAX_DAYS = 1096;

/** An export task's state (spec 02 §4): waiting or running, failed (with its reason), done. */
export const EXPORT_TASK_STATES = ["PENDING", "FAILURE", "SUCCESS"] as const;
export type ExportTaskState = (typeof EXPORT_TASK_STATES)[number];

/**
 * An export of a company's documents for a period (spec 02 §3): made with `company`, `from_date` and `to_date`
 * (the orders created in those days, both included, the days of `time_zone`: the web sends the browser's, the
 * zone its screens show the orders' times in; without one, the forwarder's); the rest is the job's: its state (`celery_task_status`, the
 * spec's name), `done`, `progress` in percent, the failure's `reason`, the archive's size and document count, and
 * when it expires (then its archive is removed).
 */
export const exportTaskFields = defineFields({
  id: { kind: "id", grid: "shown" },
  company: { kind: "relation", to: "company", required: true, createOnly: true, section: "period" },
  company_name: { kind: "text", max: 255, readOnly: true, label: "company", grid: "shown" },
  from_date: { kind: "date", required: true, createOnly: true, grid: "shown", section: "period" },
  to_date: { kind: "date", required: true, createOnly: true, grid: "shown", section: "period" },
  time_zone: { kind: "text", max: 64, format: "time-zone", createOnly: true, grid: "hidden" },
  celery_task_status: { kind: "choice", choices: EXPORT_TASK_STATES, readOnly: true, grid: "shown" },
  done: { kind: "boolean", readOnly: true },
  progress: { kind: "integer", min: 0, max: 100, readOnly: true, grid: "shown" },
  reason: { kind: "text", max: 1000, readOnly: true, grid: "shown" },
  document_count: { kind: "integer", readOnly: true, nullable: true, grid: "hidden" },
  file_size: { kind: "integer", readOnly: true, nullable: true, grid: "hidden" },
  author: { kind: "person", readOnly: true, grid: "hidden" },
  create_date: { kind: "timestamp", readOnly: true, grid: "shown" },
  finish_date: { kind: "timestamp", readOnly: true, nullable: true, grid: "hidden" },
  // Shown: the page's hint sends the user to it
  expire_date: { kind: "timestamp", readOnly: true, nullable: true, grid: "shown" },
  version: { kind: "integer", readOnly: true },
});
