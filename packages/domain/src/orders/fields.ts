import { defineFields } from "../fields/define.ts";

// Shipping orders ("freight orders", spec 01 §3 and §5): the order, its statuses, its history and the
// consignor/consignee directory, as the API answers them and the forms limit them.

/** The status every new order starts in. */
export const DRAFT_STATUS = 1;
/** The status the specification fixes: approved (non-managers can neither edit nor delete such an order). */
export const APPROVED_STATUS = 2;

/** Which way an order's freight crosses the border (spec 01 §4: it decides the form's prefill of the parties). */
export const ORDER_DIRECTIONS = ["import", "export", "transshipment"] as const;
export type OrderDirection = (typeof ORDER_DIRECTIONS)[number];

/** The currencies of an order's declared freight cost; rubles by default. */
export const ORDER_CURRENCIES = ["RUB", "USD", "EUR", "CNY"] as const;

/** The suggestion picker's fields (directory/freight-order-suggestion). */
export const SUGGESTION_FIELDS = ["freight_description", "notes"] as const;
export type SuggestionField = (typeof SUGGESTION_FIELDS)[number];

/**
 * A shipping order (spec 01 §3). The searchable fields are, in this order, its stored search document. `consignor`
 * and `consignee` are the parties' names under the list's column names; `border_crossing_point_name`,
 * `company_name` and `status_name(_en)` name what the ids point to. Who may write which field, and when, is the
 * order policy's (policies/orders.ts), not these flags'.
 */
export const freightOrderFields = defineFields({
  id: { kind: "id" },
  company: { kind: "relation", to: "company" },
  company_name: { kind: "text", max: 255, readOnly: true, searchable: true },
  status: { kind: "relation", to: "freight_order_status", changeOnly: true },
  status_name: { kind: "text", max: 100, readOnly: true },
  status_name_en: { kind: "text", max: 100, readOnly: true },
  status_comment: { kind: "text", max: 1000, changeOnly: true, searchable: true },
  direction: { kind: "choice", choices: ORDER_DIRECTIONS, nullable: true },
  customer_order_number: { kind: "text", max: 50, searchable: true },
  railway_transfer_subcode: { kind: "text", max: 13, digits: [7, 10, 13], searchable: true },
  delivery_terms: { kind: "text", max: 100, searchable: true },
  // The parties (limits of spec 01 §5); `consignor` and `consignee` are their names under the list's column names
  consignor: { kind: "text", max: 150, readOnly: true },
  consignor_name: { kind: "text", max: 150, searchable: true },
  consignor_okpo: { kind: "text", max: 10 },
  consignor_rail_code: { kind: "text", max: 18 },
  consignor_countrycode: { kind: "text", max: 2 },
  consignor_country_name: { kind: "text", max: 100 },
  consignor_postalcode: { kind: "text", max: 9 },
  consignor_city: { kind: "text", max: 35 },
  consignor_streethouse: { kind: "text", max: 50 },
  consignor_contact_person: { kind: "text", max: 100 },
  consignor_phone: { kind: "text", max: 100 },
  consignor_email: { kind: "text", max: 50, format: "email" },
  consignor_inn: { kind: "text", max: 12 },
  consignee: { kind: "text", max: 150, readOnly: true },
  consignee_name: { kind: "text", max: 150, searchable: true },
  consignee_okpo: { kind: "text", max: 10 },
  consignee_rail_code: { kind: "text", max: 18 },
  consignee_countrycode: { kind: "text", max: 2 },
  consignee_country_name: { kind: "text", max: 100 },
  consignee_postalcode: { kind: "text", max: 9 },
  consignee_city: { kind: "text", max: 35 },
  consignee_streethouse: { kind: "text", max: 50 },
  consignee_contact_person: { kind: "text", max: 100 },
  consignee_phone: { kind: "text", max: 100 },
  consignee_email: { kind: "text", max: 50, format: "email" },
  consignee_inn: { kind: "text", max: 12 },
  forwarder_in_port: { kind: "text", max: 100 },
  dispatch_location: { kind: "text", max: 100, searchable: true },
  destination: { kind: "text", max: 100, searchable: true },
  border_crossing_point: { kind: "relation", to: "location", nullable: true },
  border_crossing_point_name: { kind: "text", max: 100, readOnly: true, searchable: true },
  loading_unloading_address: { kind: "text", max: 100 },
  preferred_shipping_period_start: { kind: "date", nullable: true },
  preferred_shipping_period_end: { kind: "date", nullable: true },
  container_type: { kind: "relation", to: "container_type", nullable: true },
  container_count: { kind: "integer", min: 0, max: 9999 },
  etsng_code: { kind: "text", max: 6 },
  gng_code: { kind: "text", max: 8 },
  freight_cost: { kind: "money", nullable: true },
  freight_cost_currency: { kind: "choice", choices: ORDER_CURRENCIES },
  /** Kilograms. */
  freight_gross_weight: { kind: "integer", min: 0, nullable: true },
  /** Kilograms. */
  freight_net_weight: { kind: "integer", min: 0, nullable: true },
  packing_kind: { kind: "text", max: 100 },
  freight_description: { kind: "text", max: 1000, searchable: true },
  notes: { kind: "text", max: 3000, searchable: true },
  shipment_kind: { kind: "relation", to: "shipment_kind", nullable: true },
  transport_kinds: { kind: "relations", to: "transport_kind" },
  ordered_services: { kind: "relations", to: "service" },
  order_contacts: { kind: "text", max: 100, searchable: true },
  order_contacts_email: { kind: "text", max: 100, format: "email", searchable: true },
  order_contacts_phone: { kind: "text", max: 100, searchable: true },
  freight_forwarding_contract: { kind: "text", max: 45 },
  freight_forwarding_contract_date: { kind: "date", nullable: true },
  approved_cost: { kind: "money", nullable: true },
  vat_percent: { kind: "integer", min: 0, max: 100, nullable: true },
  is_paid: { kind: "boolean", readOnly: true },
  sign_file_id: { kind: "relation", to: "freight_order_file", nullable: true, changeOnly: true },
  /** The numbers of the order's containers, comma-separated in the order they were added (empty without any). */
  freightordercontainer: { kind: "text", max: 4000, readOnly: true },
  create_date: { kind: "timestamp", readOnly: true },
  update_date: { kind: "timestamp", readOnly: true },
  author: { kind: "person", readOnly: true },
  updated_by: { kind: "person", readOnly: true, nullable: true },
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
  status: { kind: "relation", to: "freight_order_status", readOnly: true, nullable: true },
  status_name: { kind: "text", max: 100, readOnly: true, nullable: true },
  status_name_en: { kind: "text", max: 100, readOnly: true, nullable: true },
  status_comment: { kind: "text", max: 1000, readOnly: true },
  sign_file_id: { kind: "relation", to: "freight_order_file", readOnly: true, nullable: true },
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
  company_name: { kind: "text", max: 255, readOnly: true },
  public: { kind: "boolean" },
  short_name: { kind: "text", max: 150, required: true, searchable: true },
  inn: { kind: "text", max: 12, searchable: true },
  okpo: { kind: "text", max: 10 },
  rail_code: { kind: "text", max: 18 },
  countrycode: { kind: "text", max: 2 },
  postalcode: { kind: "text", max: 9 },
  city: { kind: "text", max: 35, searchable: true },
  streethouse: { kind: "text", max: 50 },
  contact_person: { kind: "text", max: 100, searchable: true },
  phone: { kind: "text", max: 100 },
  email: { kind: "text", max: 50, format: "email" },
  version: { kind: "integer", readOnly: true },
});
