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
 * The sections of the container form (spec 02 §2 "Container form"), in their order: the order it belongs to and its
 * number, the two tracking statuses the forwarder's systems report, where it is, the railway transport, the track
 * dates a manager sets, the package for the customs declaration system, the transit (and import) declaration, and
 * the administrators' block.
 */
export const CONTAINER_SECTIONS = [
  "order",
  "tracking_status",
  "location",
  "railway",
  "track_dates",
  "package",
  "customs",
  "admin",
] as const;
export type ContainerSection = (typeof CONTAINER_SECTIONS)[number];

/**
 * A container (spec 02 §3, limits of §5). `freight_order` is given when it is created and never changes;
 * `company`, `company_name` and `freight_order_status(_name)` are its order's. The number is stored as typed
 * (Latin letters upper-case, spaces dropped) whether or not it passes ISO 6346; `is_number_valid` says whether it
 * does. The package's fields and the exchange's answers (`pkg_*`, the two tracking statuses) are the server's.
 * Which user writes which field is the container policy's (policies/containers.ts), not these flags'. The order of
 * the definitions is the order of the form's fields within a section and of the list's columns (spec 02 §2 "Containers
 * list" names the columns; the default ones fit a 1366 px screen).
 */
export const containerFields = defineFields({
  id: { kind: "id", grid: "hidden" },
  container: {
    kind: "text",
    max: CONTAINER_NUMBER_MAX,
    required: true,
    searchable: true,
    section: "order",
    grid: "shown",
  },
  is_number_valid: { kind: "boolean", readOnly: true, grid: "hidden" },
  container_type: { kind: "relation", to: "container_type", nullable: true, section: "order" },
  freight_order: {
    kind: "relation",
    to: "freight_order",
    required: true,
    createOnly: true,
    section: "order",
    grid: "shown",
  },
  company: { kind: "relation", to: "company", readOnly: true },
  company_name: { kind: "text", max: 255, readOnly: true, label: "company", grid: "shown" },
  freight_order_status: { kind: "relation", to: "freight_order_status", readOnly: true, grid: "shown" },
  freight_order_status_name: { kind: "text", max: 100, readOnly: true, label: "freight_order_status" },
  freight_order_status_name_en: { kind: "text", max: 100, readOnly: true, label: "freight_order_status" },
  location: { kind: "text", max: 1000, section: "location", grid: "shown" },
  location_date: { kind: "date", nullable: true, section: "location", grid: "hidden" },
  prepare_to_ship_date: { kind: "date", nullable: true, section: "track_dates", grid: "hidden" },
  commercial_documents_upload_date: { kind: "date", nullable: true, section: "track_dates", grid: "hidden" },
  arrival_at_border_date: { kind: "date", nullable: true, section: "track_dates", grid: "shown" },
  railway_bill_filing_date: { kind: "date", nullable: true, section: "track_dates", grid: "hidden" },
  railway_accept_date: { kind: "date", nullable: true, section: "track_dates", grid: "hidden" },
  railway_loading_date: { kind: "date", nullable: true, section: "track_dates", grid: "hidden" },
  railway_trip_start_date: { kind: "date", nullable: true, section: "track_dates", grid: "hidden" },
  railway_trip_finish_date: { kind: "date", nullable: true, section: "track_dates", grid: "hidden" },
  final_release_date: { kind: "date", nullable: true, section: "track_dates", grid: "hidden" },
  final_destination: { kind: "text", max: 1000, section: "location", grid: "hidden" },
  railway_transport_number: { kind: "text", max: 20, section: "railway", grid: "hidden" },
  railwaybill_number: { kind: "text", max: 20, section: "railway", grid: "hidden" },
  railway_note: { kind: "text", max: 1000, multiline: true, section: "railway" },
  notes: { kind: "text", max: 1000, multiline: true, section: "location", grid: "hidden" },
  start_tracking_date: { kind: "date", nullable: true, section: "admin", grid: "hidden" },
  tracking_done: { kind: "boolean", section: "admin", grid: "hidden" },
  status: { kind: "integer", min: 1, max: 3, section: "admin" },
  port_freight_forwarding_status: { kind: "text", max: 1000, readOnly: true, section: "tracking_status" },
  // The two statuses' dates share a label: each stands beside its status
  port_freight_forwarding_status_date: {
    kind: "date",
    readOnly: true,
    nullable: true,
    section: "tracking_status",
    label: "status_date",
  },
  transit_decl_status: { kind: "text", max: 1000, readOnly: true, section: "tracking_status" },
  transit_decl_status_date: {
    kind: "date",
    readOnly: true,
    nullable: true,
    section: "tracking_status",
    label: "status_date",
  },
  pkg_pid: { kind: "integer", readOnly: true, nullable: true, section: "package" },
  pkg_state: {
    kind: "choice",
    choices: PKG_STATES,
    readOnly: true,
    nullable: true,
    section: "package",
    grid: "shown",
  },
  pkg_message: { kind: "text", max: 2000, multiline: true, readOnly: true, section: "package" },
  // The transit declaration (TD) and the import customs declaration (DT): the customs system's, or a manager's
  td_number: { kind: "text", max: 50, section: "customs", grid: "shown" },
  td_date: { kind: "date", nullable: true, section: "customs", grid: "hidden" },
  td_allowed_date: { kind: "date", nullable: true, section: "customs", grid: "hidden" },
  td_end_date: { kind: "date", nullable: true, section: "customs", grid: "hidden" },
  td_control: { kind: "text", max: 1000, multiline: true, section: "customs", grid: "hidden" },
  dt_number: { kind: "text", max: 50, section: "customs", grid: "hidden" },
  dt_date: { kind: "date", nullable: true, section: "customs", grid: "hidden" },
  dt_allowed_date: { kind: "date", nullable: true, section: "customs", grid: "hidden" },
  dt_control: { kind: "text", max: 1000, multiline: true, section: "customs", grid: "hidden" },
  create_date: { kind: "timestamp", readOnly: true, grid: "hidden" },
  update_date: { kind: "timestamp", readOnly: true },
  author: { kind: "person", readOnly: true, grid: "hidden" },
  updated_by: { kind: "person", readOnly: true, nullable: true, grid: "hidden" },
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
