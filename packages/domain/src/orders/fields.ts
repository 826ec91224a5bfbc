import { defineFields } from "../fields/define.ts";

// Shipping orders ("freight orders", spec 01 §3 and §5): the order, its statuses, its history and the
// consignor/consignee directory, as the API answers them and the forms limit them.

/** The status every new order starts in. */
export const DRAFT_STATUS = 1;
/** The status the specification fixes: approved (non-managers can neither edit nor delete such an order). */
export const APPROVED_STATUS = 2;
/** The statuses an order's work has ended in (completed, cancelled; DOMAIN.md): the others are active. */
export const ENDED_STATUSES: readonly number[] = [7, 8];
/**
 * The statuses an order may be marked paid in (DOMAIN.md's workflow): Approved, Signed, In progress and Completed,
 * where its cost has been approved; never a draft, one awaiting approval or correction, nor a cancelled one.
 */
export const PAYABLE_ORDER_STATUSES: readonly number[] = [APPROVED_STATUS, 5, 6, 7];

/** Which way an order's freight crosses the border (spec 01 §4: it decides the form's prefill of the parties). */
export const ORDER_DIRECTIONS = ["import", "export", "transshipment"] as const;
export type OrderDirection = (typeof ORDER_DIRECTIONS)[number];

/** The currencies of an order's declared freight cost; rubles by default. */
export const ORDER_CURRENCIES = ["RUB", "USD", "EUR", "CNY"] as const;

/** The suggestion picker's fields (directory/freight-order-suggestion). */
export const SUGGESTION_FIELDS = ["freight_description", "notes"] as const;
export type SuggestionField = (typeof SUGGESTION_FIELDS)[number];

/** The sections of the order form, in their order; the print follows them too. */
export const ORDER_SECTIONS = [
  "general",
  "consignor",
  "consignee",
  "route",
  "freight",
  "services",
  "contacts",
  "costs",
  "status",
] as const;
export type OrderSection = (typeof ORDER_SECTIONS)[number];

/**
 * A shipping order (spec 01 §3), in the order the form lays out each section, the grid offers its columns and the
 * print lists its rows. The searchable fields are, in this order, its stored search document. `consignor` and
 * `consignee` are the parties' names under the list's column names; `border_crossing_point_name`, `company_name`
 * and `status_name(_en)` name what the ids point to. Who may write which field, and when, is the order policy's
 * (policies/orders.ts), not these flags'.
 */
export const freightOrderFields = defineFields({
  id: { kind: "id", grid: "shown" },
  company: { kind: "relation", to: "company", section: "general" },
  company_name: { kind: "text", max: 255, readOnly: true, searchable: true, label: "company", grid: "shown" },
  status: {
    kind: "relation",
    to: "freight_order_status",
    changeOnly: true,
    section: "status",
    grid: "shown",
  },
  status_name: { kind: "text", max: 100, readOnly: true, label: "status" },
  status_name_en: { kind: "text", max: 100, readOnly: true, label: "status" },
  status_comment: {
    kind: "text",
    max: 1000,
    multiline: true,
    changeOnly: true,
    searchable: true,
    section: "status",
    grid: "shown",
  },
  freight_forwarding_contract: { kind: "text", max: 45, section: "general" },
  freight_forwarding_contract_date: { kind: "date", nullable: true, section: "general" },
  direction: { kind: "choice", choices: ORDER_DIRECTIONS, nullable: true, section: "general" },
  customer_order_number: { kind: "text", max: 50, searchable: true, section: "general", grid: "shown" },
  railway_transfer_subcode: {
    kind: "text",
    max: 13,
    digits: [7, 10, 13],
    searchable: true,
    section: "general",
    grid: "hidden",
  },
  delivery_terms: { kind: "text", max: 100, searchable: true, section: "general", grid: "hidden" },
  // The parties (limits of spec 01 §5): their details share their labels, and `<party>_country_name` is the
  // country's name as the order keeps it (the book's, in the language it was chosen in), set with the code
  consignor: { kind: "text", max: 150, readOnly: true, label: "consignor_name", grid: "hidden" },
  consignor_name: { kind: "text", max: 150, searchable: true, section: "consignor" },
  consignor_inn: { kind: "text", max: 12, section: "consignor", label: "inn" },
  consignor_okpo: { kind: "text", max: 10, section: "consignor", label: "okpo" },
  consignor_rail_code: { kind: "text", max: 18, section: "consignor", label: "rail_code" },
  consignor_countrycode: { kind: "text", max: 2, section: "consignor", label: "countrycode" },
  consignor_country_name: {
    kind: "text",
    max: 100,
    section: "consignor",
    label: "country_name",
    print: false,
  },
  consignor_postalcode: { kind: "text", max: 9, section: "consignor", label: "postalcode" },
  consignor_city: { kind: "text", max: 35, section: "consignor", label: "city" },
  consignor_streethouse: { kind: "text", max: 50, section: "consignor", label: "streethouse" },
  consignor_contact_person: { kind: "text", max: 100, section: "consignor", label: "contact_person" },
  consignor_phone: { kind: "text", max: 100, format: "phone", section: "consignor", label: "phone" },
  consignor_email: { kind: "text", max: 50, format: "email", section: "consignor", label: "email" },
  consignee: { kind: "text", max: 150, readOnly: true, label: "consignee_name", grid: "hidden" },
  consignee_name: { kind: "text", max: 150, searchable: true, section: "consignee" },
  consignee_inn: { kind: "text", max: 12, section: "consignee", label: "inn" },
  consignee_okpo: { kind: "text", max: 10, section: "consignee", label: "okpo" },
  consignee_rail_code: { kind: "text", max: 18, section: "consignee", label: "rail_code" },
  consignee_countrycode: { kind: "text", max: 2, section: "consignee", label: "countrycode" },
  consignee_country_name: {
    kind: "text",
    max: 100,
    section: "consignee",
    label: "country_name",
    print: false,
  },
  consignee_postalcode: { kind: "text", max: 9, section: "consignee", label: "postalcode" },
  consignee_city: { kind: "text", max: 35, section: "consignee", label: "city" },
  consignee_streethouse: { kind: "text", max: 50, section: "consignee", label: "streethouse" },
  consignee_contact_person: { kind: "text", max: 100, section: "consignee", label: "contact_person" },
  consignee_phone: { kind: "text", max: 100, format: "phone", section: "consignee", label: "phone" },
  consignee_email: { kind: "text", max: 50, format: "email", section: "consignee", label: "email" },
  dispatch_location: { kind: "text", max: 100, searchable: true, section: "route", grid: "hidden" },
  destination: { kind: "text", max: 100, searchable: true, section: "route", grid: "shown" },
  border_crossing_point: { kind: "relation", to: "location", nullable: true, section: "route" },
  border_crossing_point_name: {
    kind: "text",
    max: 100,
    readOnly: true,
    searchable: true,
    label: "border_crossing_point",
    grid: "hidden",
  },
  loading_unloading_address: { kind: "text", max: 100, section: "route" },
  forwarder_in_port: { kind: "text", max: 100, section: "route" },
  preferred_shipping_period_start: { kind: "date", nullable: true, section: "route" },
  preferred_shipping_period_end: { kind: "date", nullable: true, section: "route" },
  container_type: { kind: "relation", to: "container_type", nullable: true, section: "freight" },
  container_count: { kind: "integer", min: 0, max: 9999, section: "freight", grid: "hidden" },
  packing_kind: { kind: "text", max: 100, section: "freight" },
  etsng_code: { kind: "text", max: 6, section: "freight" },
  gng_code: { kind: "text", max: 8, section: "freight" },
  freight_cost: { kind: "money", nullable: true, section: "freight" },
  freight_cost_currency: { kind: "choice", choices: ORDER_CURRENCIES, section: "freight", print: false },
  /** Kilograms. */
  freight_gross_weight: { kind: "integer", min: 0, nullable: true, section: "freight" },
  /** Kilograms. */
  freight_net_weight: { kind: "integer", min: 0, nullable: true, section: "freight" },
  freight_description: {
    kind: "text",
    max: 1000,
    multiline: true,
    searchable: true,
    section: "freight",
    grid: "hidden",
  },
  notes: { kind: "text", max: 3000, multiline: true, searchable: true, section: "freight", grid: "hidden" },
  shipment_kind: { kind: "relation", to: "shipment_kind", nullable: true, section: "services" },
  transport_kinds: { kind: "relations", to: "transport_kind", section: "services" },
  ordered_services: { kind: "relations", to: "service", section: "services" },
  order_contacts: {
    kind: "text",
    max: 100,
    searchable: true,
    section: "contacts",
    label: "contact_person",
    grid: "hidden",
  },
  order_contacts_email: {
    kind: "text",
    max: 100,
    format: "email",
    searchable: true,
    section: "contacts",
    label: "email",
    grid: "hidden",
  },
  order_contacts_phone: {
    kind: "text",
    max: 100,
    format: "phone",
    searchable: true,
    section: "contacts",
    label: "phone",
    grid: "hidden",
  },
  approved_cost: { kind: "money", nullable: true, section: "costs" },
  vat_percent: { kind: "integer", min: 0, max: 100, nullable: true, section: "costs" },
  is_paid: { kind: "boolean", readOnly: true, section: "costs" },
  sign_file_id: { kind: "relation", to: "freight_order_file", nullable: true, changeOnly: true },
  /** The numbers of the order's containers, comma-separated in the order they were added (empty without any). */
  freightordercontainer: { kind: "text", max: 4000, readOnly: true, grid: "hidden" },
  create_date: { kind: "timestamp", readOnly: true, grid: "shown" },
  update_date: { kind: "timestamp", readOnly: true },
  author: { kind: "person", readOnly: true, grid: "hidden" },
  updated_by: { kind: "person", readOnly: true, nullable: true, grid: "hidden" },
  version: { kind: "integer", readOnly: true },
});

/** Fields only managers write, in any status: the forwarding contract of the order. */
export const ORDER_CONTRACT_FIELDS = [
  "freight_forwarding_contract",
  "freight_forwarding_contract_date",
] as const;
/** Fields only managers write, and only in a status with `manager_can_approve_cost`. */
export const ORDER_COST_FIELDS = ["approved_cost", "vat_percent"] as const;
/** Fields of the workflow: a client changes them with a status change even where the order is not editable. */
export const ORDER_WORKFLOW_FIELDS = ["status", "status_comment", "sign_file_id"] as const;

/** The flags of a status (spec 01 §4). */
export const STATUS_FLAGS = [
  "comment_required",
  "attachment_required",
  "user_can_edit",
  "user_can_edit_containers",
  "user_can_print",
  "manager_can_approve_cost",
] as const;
export type StatusFlag = (typeof STATUS_FLAGS)[number];
export type StatusFlags = Record<StatusFlag, boolean>;

/** A status of the order workflow (freight-order-statuses): names in both languages, flags, place in lists. */
export const freightOrderStatusFields = defineFields({
  id: { kind: "id" },
  name: { kind: "text", max: 100, readOnly: true },
  name_en: { kind: "text", max: 100, readOnly: true },
  transition_name: { kind: "text", max: 100, readOnly: true },
  transition_name_en: { kind: "text", max: 100, readOnly: true },
  comment_required: { kind: "boolean", readOnly: true },
  attachment_required: { kind: "boolean", readOnly: true },
  user_can_edit: { kind: "boolean", readOnly: true },
  user_can_edit_containers: { kind: "boolean", readOnly: true },
  user_can_print: { kind: "boolean", readOnly: true },
  manager_can_approve_cost: { kind: "boolean", readOnly: true },
  order: { kind: "integer", readOnly: true },
});

/** Who may take a transition of the workflow. */
export const TRANSITION_ACTORS = ["client", "manager", "any"] as const;
export type TransitionActor = (typeof TRANSITION_ACTORS)[number];

/** Kinds of history entries: a status change, or one field's change. */
export const HISTORY_KINDS = ["status", "field"] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/**
 * An entry of an order's history as its list sorts and filters it: a status change (`status` with its names, the
 * comment, the signed file) or one field's change (`field`, its old and new value as text). The answer nests the
 * status as `status: {id, name, name_en}` (schemas.ts).
 */
export const freightOrderHistoryFields = defineFields({
  id: { kind: "id" },
  kind: { kind: "choice", choices: HISTORY_KINDS, readOnly: true },
  modify_date: { kind: "timestamp", readOnly: true },
  user: { kind: "person", username: true, readOnly: true, nullable: true },
  // The order's status and its fields, labelled as the order labels them
  status: {
    kind: "relation",
    to: "freight_order_status",
    readOnly: true,
    nullable: true,
    label: "freight_order.status",
  },
  status_name: { kind: "text", max: 100, readOnly: true, nullable: true, label: "freight_order.status" },
  status_name_en: { kind: "text", max: 100, readOnly: true, nullable: true, label: "freight_order.status" },
  status_comment: { kind: "text", max: 1000, readOnly: true, label: "freight_order.status_comment" },
  sign_file_id: {
    kind: "relation",
    to: "freight_order_file",
    readOnly: true,
    nullable: true,
    label: "freight_order.sign_file_id",
  },
  field: { kind: "text", max: 64, readOnly: true, nullable: true },
  old_value: { kind: "text", max: 4000, readOnly: true, nullable: true },
  new_value: { kind: "text", max: 4000, readOnly: true, nullable: true },
});

/**
 * An entry of the consignor/consignee directory (spec 01 §3, limits of §5): the owning company's, or public
 * (entered by managers, seen by everyone).
 */
export const directoryCompanyFields = defineFields({
  id: { kind: "id" },
  company: { kind: "relation", to: "company" },
  company_name: { kind: "text", max: 255, readOnly: true, label: "company" },
  public: { kind: "boolean" },
  short_name: { kind: "text", max: 150, required: true, searchable: true },
  // A party's details, labelled as the order's consignor and consignee, which an entry fills in
  inn: { kind: "text", max: 12, searchable: true, label: "freight_order.inn" },
  okpo: { kind: "text", max: 10, label: "freight_order.okpo" },
  rail_code: { kind: "text", max: 18, label: "freight_order.rail_code" },
  countrycode: { kind: "text", max: 2, label: "freight_order.countrycode" },
  postalcode: { kind: "text", max: 9, label: "freight_order.postalcode" },
  city: { kind: "text", max: 35, searchable: true, label: "freight_order.city" },
  streethouse: { kind: "text", max: 50, label: "freight_order.streethouse" },
  contact_person: { kind: "text", max: 100, searchable: true, label: "freight_order.contact_person" },
  phone: { kind: "text", max: 100, label: "freight_order.phone" },
  email: { kind: "text", max: 50, format: "email", label: "freight_order.email" },
  version: { kind: "integer", readOnly: true },
});
