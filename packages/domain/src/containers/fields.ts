import { defineFields } from "../fields/define.ts";
import { CONTAINER_NUMBER_MAX } from "../values/container-number.ts";

// Containers of shipping orders (spec 02 §3 and §5, spec 01 §3 "Order container"; DOMAIN.md "Containers and the
// customs declaration system"), as the API answers them and the forms limit them.

/** A container's own status (spec 02 §4): pending, approved, declined. Only administrators who are managers set it. */
export const CONTAINER_STATUSES = { pending: 1, approved: 2, declined: 3 } as const;

/**
 * The states of a container's package in the customs declaration system (spec 01 §4): `pending` saved and waiting
 * for the exchange, `uploaded` taken by the system, then `accepted` (a transit declaration issued) or `rejected`
 * (with `pkg_message`); `withdraw` asked to withdraw, `withdrawn` done; `processing_error` when the exchange
 * failed. Null: the container has no package.
 */
export const PKG_STATES = [
  "pending",
  "uploaded",
  "rejected",
  "accepted",
  "withdraw",
  "withdrawn",
  "processing_error",
] as const;
export type PkgState = (typeof PKG_STATES)[number];

/**
 * A container (spec 02 §3, limits of §5). `freight_order` is given when it is created and never changes;
 * `company`, `company_name` and `freight_order_status(_name)` are its order's. The number is stored as typed
 * (Latin letters upper-case, spaces dropped) whether or not it passes ISO 6346; `is_number_valid` says whether it
 * does. The package's fields and the exchange's answers (`pkg_*`, the two tracking statuses) are the server's.
 * Which user writes which field is the container policy's (policies/containers.ts), not these flags'.
 */
export const containerFields = defineFields({
  id: { kind: "id" },
  container: { kind: "text", max: CONTAINER_NUMBER_MAX, required: true, searchable: true },
  is_number_valid: { kind: "boolean", readOnly: true },
  container_type: { kind: "relation", to: "container_type", nullable: true },
  freight_order: { kind: "relation", to: "freight_order", required: true, createOnly: true },
  company: { kind: "relation", to: "company", readOnly: true },
  company_name: { kind: "text", max: 255, readOnly: true },
  freight_order_status: { kind: "relation", to: "freight_order_status", readOnly: true },
  freight_order_status_name: { kind: "text", max: 100, readOnly: true },
  freight_order_status_name_en: { kind: "text", max: 100, readOnly: true },
  location: { kind: "text", max: 1000 },
  location_date: { kind: "date", nullable: true },
  prepare_to_ship_date: { kind: "date", nullable: true },
  commercial_documents_upload_date: { kind: "date", nullable: true },
  arrival_at_border_date: { kind: "date", nullable: true },
  railway_bill_filing_date: { kind: "date", nullable: true },
  railway_accept_date: { kind: "date", nullable: true },
  railway_loading_date: { kind: "date", nullable: true },
  railway_trip_start_date: { kind: "date", nullable: true },
  railway_trip_finish_date: { kind: "date", nullable: true },
  final_release_date: { kind: "date", nullable: true },
  final_destination: { kind: "text", max: 1000 },
  railway_transport_number: { kind: "text", max: 20 },
  railwaybill_number: { kind: "text", max: 20 },
  railway_note: { kind: "text", max: 1000 },
  notes: { kind: "text", max: 1000 },
  start_tracking_date: { kind: "date", nullable: true },
  tracking_done: { kind: "boolean" },
  status: { kind: "integer", min: 1, max: 3 },
  port_freight_forwarding_status: { kind: "text", max: 1000, readOnly: true },
  port_freight_forwarding_status_date: { kind: "date", readOnly: true, nullable: true },
  transit_decl_status: { kind: "text", max: 1000, readOnly: true },
  transit_decl_status_date: { kind: "date", readOnly: true, nullable: true },
  pkg_pid: { kind: "integer", readOnly: true, nullable: true },
  pkg_state: { kind: "choice", choices: PKG_STATES, readOnly: true, nullable: true },
  pkg_message: { kind: "text", max: 2000, readOnly: true },
  // The transit declaration (TD) and the import customs declaration (DT): the customs system's, or a manager's
  td_number: { kind: "text", max: 50 },
  td_date: { kind: "date", nullable: true },
  td_allowed_date: { kind: "date", nullable: true },
  td_end_date: { kind: "date", nullable: true },
  td_control: { kind: "text", max: 1000 },
  dt_number: { kind: "text", max: 50 },
  dt_date: { kind: "date", nullable: true },
  dt_allowed_date: { kind: "date", nullable: true },
  dt_control: { kind: "text", max: 1000 },
  create_date: { kind: "timestamp", readOnly: true },
  update_date: { kind: "timestamp", readOnly: true },
  author: { kind: "person", readOnly: true },
  updated_by: { kind: "person", readOnly: true, nullable: true },
  version: { kind: "integer", readOnly: true },
});

/**
 * Fields only administrators who are managers write (spec 02 §4 and §6, DOMAIN.md "Containers"): the container's
 * status and the tracking block of the form's administrators' block.
 */
export const CONTAINER_ADMINISTRATOR_FIELDS = ["status", "start_tracking_date", "tracking_done"] as const;

/** Fields only managers write (spec 01 §6, spec 02 §6): the customs declarations. */
export const CONTAINER_MANAGER_FIELDS = [
  "td_number",
  "td_date",
  "td_allowed_date",
  "td_end_date",
  "td_control",
  "dt_number",
  "dt_date",
  "dt_allowed_date",
  "dt_control",
] as const;

/**
 * A container as its order's containers grid shows it (spec 01 §3, "Order container"); the answer adds
 * `package_content`, the order's files in its package (schemas.ts).
 */
export const orderContainerFields = defineFields({
  id: containerFields.id,
  container: containerFields.container,
  is_number_valid: containerFields.is_number_valid,
  container_type: containerFields.container_type,
  pkg_pid: containerFields.pkg_pid,
  pkg_state: containerFields.pkg_state,
  pkg_message: containerFields.pkg_message,
  port_freight_forwarding_status: containerFields.port_freight_forwarding_status,
  port_freight_forwarding_status_date: containerFields.port_freight_forwarding_status_date,
  transit_decl_status: containerFields.transit_decl_status,
  transit_decl_status_date: containerFields.transit_decl_status_date,
  version: containerFields.version,
});
