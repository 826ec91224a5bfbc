import type { HistoryKind, OrderDirection, TransitionActor } from "@portal/domain";
import { type AnyColumn, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { companies, users } from "./identity.ts";
import {
  containerTypes,
  documentTypes,
  locations,
  services,
  shipmentKinds,
  transportKinds,
} from "./reference.ts";
import { searchDocumentColumn } from "./search.ts";

// Shipping orders (spec 01): the workflow's statuses and transitions (data, inserted by the migration), the
// orders with their link tables, their files, their history, and the consignor/consignee directory. Codes of the
// classifiers (ETSNG, GNG, countries) are text, empty when not given, checked by the API against their books.

/** A status of the order workflow; ids are fixed (2 is Approved, spec 01 §9). */
export const freightOrderStatuses = pgTable("freight_order_statuses", {
  id: integer("id").primaryKey(),
  name: varchar("name", { length: 100 }).notNull(),
  name_en: varchar("name_en", { length: 100 }).notNull(),
  /** The name of the move into this status (the form's choice: "Submit for approval"). */
  transition_name: varchar("transition_name", { length: 100 }).notNull(),
  transition_name_en: varchar("transition_name_en", { length: 100 }).notNull(),
  comment_required: boolean("comment_required").notNull().default(false),
  attachment_required: boolean("attachment_required").notNull().default(false),
  user_can_edit: boolean("user_can_edit").notNull().default(false),
  user_can_edit_containers: boolean("user_can_edit_containers").notNull().default(false),
  user_can_print: boolean("user_can_print").notNull().default(false),
  manager_can_approve_cost: boolean("manager_can_approve_cost").notNull().default(false),
  /** The place of the status in lists (the form's choices, the list's status filter). */
  order: smallint("order").notNull(),
});

/** The moves the workflow allows: from a status to another, for clients, managers or anyone. */
export const freightOrderTransitions = pgTable(
  "freight_order_transitions",
  {
    id: serial("id").primaryKey(),
    from_status: integer("from_status")
      .notNull()
      .references(() => freightOrderStatuses.id, { onDelete: "cascade" }),
    to_status: integer("to_status")
      .notNull()
      .references(() => freightOrderStatuses.id, { onDelete: "cascade" }),
    who: varchar("who", { length: 10 }).$type<TransitionActor>().notNull(),
  },
  (table) => [uniqueIndex("freight_order_transitions_pair_idx").on(table.from_status, table.to_status)],
);

/** Rubles with kopecks, read as a number: 12 digits of rubles (the `money` field kind's limit). */
const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: "number" });

/** Text of an order's form: empty rather than null when not filled. */
const textOf = (name: string, length: number) => varchar(name, { length }).notNull().default("");

/** A consignor's or consignee's details on the order (copied from the directory or typed; spec 01 §5 limits). */
function partyColumns<P extends string>(prefix: P) {
  return {
    name: textOf(`${prefix}_name`, 150),
    okpo: textOf(`${prefix}_okpo`, 10),
    rail_code: textOf(`${prefix}_rail_code`, 18),
    countrycode: textOf(`${prefix}_countrycode`, 2),
    country_name: textOf(`${prefix}_country_name`, 100),
    postalcode: textOf(`${prefix}_postalcode`, 9),
    city: textOf(`${prefix}_city`, 35),
    streethouse: textOf(`${prefix}_streethouse`, 50),
    contact_person: textOf(`${prefix}_contact_person`, 100),
    phone: textOf(`${prefix}_phone`, 100),
    email: textOf(`${prefix}_email`, 50),
    inn: textOf(`${prefix}_inn`, 12),
  };
}

const consignor = partyColumns("consignor");
const consignee = partyColumns("consignee");

/** The orders grid's text columns (packages/domain's `grid` fields of kind text, by their columns). */
const ORDER_GRID_TEXT_COLUMNS = [
  "company_name",
  "status_comment",
  "customer_order_number",
  "railway_transfer_subcode",
  "delivery_terms",
  "consignor_name",
  "consignee_name",
  "dispatch_location",
  "destination",
  "border_crossing_point_name",
  "freight_description",
  "notes",
  "order_contacts",
  "order_contacts_email",
  "order_contacts_phone",
] as const;

export const freightOrders = pgTable(
  "freight_orders",
  {
    id: serial("id").primaryKey(),
    company_id: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    /** The company's name, copied by triggers (as the users' is) so that the search document can hold it. */
    company_name: varchar("company_name", { length: 255 }).notNull().default(""),
    status: integer("status")
      .notNull()
      .references(() => freightOrderStatuses.id, { onDelete: "restrict" }),
    status_comment: varchar("status_comment", { length: 1000 }).notNull().default(""),
    direction: varchar("direction", { length: 15 }).$type<OrderDirection>(),
    customer_order_number: textOf("customer_order_number", 50),
    railway_transfer_subcode: textOf("railway_transfer_subcode", 13),
    delivery_terms: textOf("delivery_terms", 100),
    consignor_name: consignor.name,
    consignor_okpo: consignor.okpo,
    consignor_rail_code: consignor.rail_code,
    consignor_countrycode: consignor.countrycode,
    consignor_country_name: consignor.country_name,
    consignor_postalcode: consignor.postalcode,
    consignor_city: consignor.city,
    consignor_streethouse: consignor.streethouse,
    consignor_contact_person: consignor.contact_person,
    consignor_phone: consignor.phone,
    consignor_email: consignor.email,
    consignor_inn: consignor.inn,
    consignee_name: consignee.name,
    consignee_okpo: consignee.okpo,
    consignee_rail_code: consignee.rail_code,
    consignee_countrycode: consignee.countrycode,
    consignee_country_name: consignee.country_name,
    consignee_postalcode: consignee.postalcode,
    consignee_city: consignee.city,
    consignee_streethouse: consignee.streethouse,
    consignee_contact_person: consignee.contact_person,
    consignee_phone: consignee.phone,
    consignee_email: consignee.email,
    consignee_inn: consignee.inn,
    forwarder_in_port: textOf("forwarder_in_port", 100),
    dispatch_location: textOf("dispatch_location", 100),
    destination: textOf("destination", 100),
    border_crossing_point: integer("border_crossing_point").references(() => locations.id, {
      onDelete: "restrict",
    }),
    /** The border crossing's name, copied by a trigger for the search document (locations are never renamed). */
    border_crossing_point_name: varchar("border_crossing_point_name", { length: 100 }).notNull().default(""),
    loading_unloading_address: textOf("loading_unloading_address", 100),
    preferred_shipping_period_start: date("preferred_shipping_period_start"),
    preferred_shipping_period_end: date("preferred_shipping_period_end"),
    container_type: integer("container_type").references(() => containerTypes.id, { onDelete: "restrict" }),
    container_count: integer("container_count").notNull().default(1),
    etsng_code: textOf("etsng_code", 6),
    gng_code: textOf("gng_code", 8),
    freight_cost: money("freight_cost"),
    freight_cost_currency: varchar("freight_cost_currency", { length: 3 }).notNull().default("RUB"),
    freight_gross_weight: integer("freight_gross_weight"),
    freight_net_weight: integer("freight_net_weight"),
    packing_kind: textOf("packing_kind", 100),
    freight_description: varchar("freight_description", { length: 1000 }).notNull().default(""),
    notes: varchar("notes", { length: 3000 }).notNull().default(""),
    shipment_kind: integer("shipment_kind").references(() => shipmentKinds.id, { onDelete: "restrict" }),
    order_contacts: textOf("order_contacts", 100),
    order_contacts_email: textOf("order_contacts_email", 100),
    order_contacts_phone: textOf("order_contacts_phone", 100),
    freight_forwarding_contract: textOf("freight_forwarding_contract", 45),
    freight_forwarding_contract_date: date("freight_forwarding_contract_date"),
    approved_cost: money("approved_cost"),
    vat_percent: integer("vat_percent"),
    is_paid: boolean("is_paid").notNull().default(false),
    sign_file_id: integer("sign_file_id").references((): AnyPgColumn => freightOrderFiles.id, {
      onDelete: "set null",
    }),
    author_id: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    updated_by_id: integer("updated_by_id").references(() => users.id, { onDelete: "restrict" }),
    create_date: timestamp("create_date", { withTimezone: true }).notNull().defaultNow(),
    update_date: timestamp("update_date", { withTimezone: true }).notNull().defaultNow(),
    /** Set when the order is deleted: it leaves every list and answers 404, and staff can restore it. */
    deleted_at: timestamp("deleted_at", { withTimezone: true }),
    version: integer("version").notNull().default(1),
    /** The list's search words are matched here: the searchable fields, in their order (db/schema/search.ts). */
    search_document: searchDocumentColumn((): AnyColumn[] => [
      freightOrders.company_name,
      freightOrders.status_comment,
      freightOrders.customer_order_number,
      freightOrders.railway_transfer_subcode,
      freightOrders.delivery_terms,
      freightOrders.consignor_name,
      freightOrders.consignee_name,
      freightOrders.dispatch_location,
      freightOrders.destination,
      freightOrders.border_crossing_point_name,
      freightOrders.freight_description,
      freightOrders.notes,
      freightOrders.order_contacts,
      freightOrders.order_contacts_email,
      freightOrders.order_contacts_phone,
    ]),
  },
  (table) => [
    index("freight_orders_company_idx").on(table.company_id),
    // The list reads live orders only: on these partial indexes a page's ids and the count are read from the
    // index alone (a client's orders by company, every order newest first, the count by status filter).
    index("freight_orders_live_idx").on(table.id).where(sql`${table.deleted_at} is null`),
    index("freight_orders_live_company_idx")
      .on(table.company_id, table.id)
      .where(sql`${table.deleted_at} is null`),
    // A client's orders newest first (the grid's usual sort), walked with a text filter's condition row by row
    index("freight_orders_live_company_created_idx")
      .on(table.company_id, table.create_date, table.id)
      .where(sql`${table.deleted_at} is null`),
    index("freight_orders_live_status_idx").on(table.status).where(sql`${table.deleted_at} is null`),
    index("freight_orders_create_date_idx").on(table.create_date),
    index("freight_orders_update_date_idx").on(table.update_date),
    index("freight_orders_author_idx").on(table.author_id),
    index("freight_orders_updated_by_idx").on(table.updated_by_id),
    // A sort column's index ends with the id, as every ordering does: many orders share a value (no number,
    // one company), and the list's page is then the index's first entries, not a sort of all of them.
    index("freight_orders_customer_order_number_idx").on(table.customer_order_number, table.id),
    index("freight_orders_border_crossing_point_idx").on(table.border_crossing_point),
    index("freight_orders_company_name_idx").on(table.company_name, table.id),
    index("freight_orders_search_trgm_idx").using("gin", table.search_document.op("gin_trgm_ops")),
    // The grid's text columns, shown and hidden, each with its trigram index: a "contains" filter of one column is
    // found through it (a column of the search document through the document read 2–3 times the rows: docs/decisions.md)
    ...ORDER_GRID_TEXT_COLUMNS.map((name) =>
      index(`freight_orders_${name}_trgm_idx`).using("gin", table[name].op("gin_trgm_ops")),
    ),
  ],
);

// The order's transport kinds and ordered services; a kind or service an order uses cannot be deleted.
export const freightOrderTransportKinds = pgTable(
  "freight_order_transport_kinds",
  {
    freight_order_id: integer("freight_order_id")
      .notNull()
      .references(() => freightOrders.id, { onDelete: "cascade" }),
    transport_kind_id: integer("transport_kind_id")
      .notNull()
      .references(() => transportKinds.id, { onDelete: "restrict" }),
  },
  (table) => [
    primaryKey({ columns: [table.freight_order_id, table.transport_kind_id] }),
    index("freight_order_transport_kinds_kind_idx").on(table.transport_kind_id),
  ],
);

export const freightOrderServices = pgTable(
  "freight_order_services",
  {
    freight_order_id: integer("freight_order_id")
      .notNull()
      .references(() => freightOrders.id, { onDelete: "cascade" }),
    service_id: integer("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "restrict" }),
  },
  (table) => [
    primaryKey({ columns: [table.freight_order_id, table.service_id] }),
    index("freight_order_services_service_idx").on(table.service_id),
  ],
);

export type OrderFileKind = "document" | "signed";

/**
 * A file of an order: an uploaded document (`document`) or a signed order (`signed`, named by `sign_file_id` when
 * the order moves into a status with `attachment_required`). The bytes live in the file storage under
 * `storage_key`; the upload and download calls come with the order's files.
 */
export const freightOrderFiles = pgTable(
  "freight_order_files",
  {
    id: serial("id").primaryKey(),
    freight_order_id: integer("freight_order_id")
      .notNull()
      .references((): AnyPgColumn => freightOrders.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 10 }).$type<OrderFileKind>().notNull(),
    storage_key: varchar("storage_key", { length: 255 }).notNull(),
    filename: varchar("filename", { length: 255 }).notNull(),
    content_type: varchar("content_type", { length: 100 }).notNull(),
    size: integer("size").notNull(),
    document_number: varchar("document_number", { length: 50 }).notNull().default(""),
    document_date: date("document_date"),
    document_type: integer("document_type").references(() => documentTypes.id, { onDelete: "restrict" }),
    document_title: varchar("document_title", { length: 255 }).notNull().default(""),
    is_original: boolean("is_original").notNull().default(false),
    create_date: timestamp("create_date", { withTimezone: true }).notNull().defaultNow(),
    author_id: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** The document's details (number, date, type, title, original) change versioned, as every mutable row. */
    version: integer("version").notNull().default(1),
  },
  (table) => [index("freight_order_files_order_idx").on(table.freight_order_id, table.kind)],
);

/**
 * What happened to an order, written in the transaction of the change: status changes (`status`, with the
 * comment and the signed file) and changes of one field (`field`, with the old and the new value as text).
 */
export const freightOrderHistory = pgTable(
  "freight_order_history",
  {
    id: serial("id").primaryKey(),
    freight_order_id: integer("freight_order_id")
      .notNull()
      .references(() => freightOrders.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 10 }).$type<HistoryKind>().notNull(),
    user_id: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    modify_date: timestamp("modify_date", { withTimezone: true }).notNull().defaultNow(),
    status: integer("status").references(() => freightOrderStatuses.id, { onDelete: "restrict" }),
    status_comment: varchar("status_comment", { length: 1000 }).notNull().default(""),
    sign_file_id: integer("sign_file_id").references(() => freightOrderFiles.id, { onDelete: "set null" }),
    field: varchar("field", { length: 64 }),
    old_value: text("old_value"),
    new_value: text("new_value"),
  },
  (table) => [index("freight_order_history_order_idx").on(table.freight_order_id, table.modify_date)],
);

/**
 * The consignor/consignee directory: entries a company keeps for its orders' parties (`company`), and public
 * ones managers keep for everyone (`public`).
 */
export const directoryCompanies = pgTable(
  "directory_companies",
  {
    id: serial("id").primaryKey(),
    company_id: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    public: boolean("public").notNull().default(false),
    short_name: varchar("short_name", { length: 150 }).notNull(),
    inn: textOf("inn", 12),
    okpo: textOf("okpo", 10),
    rail_code: textOf("rail_code", 18),
    countrycode: textOf("countrycode", 2),
    postalcode: textOf("postalcode", 9),
    city: textOf("city", 35),
    streethouse: textOf("streethouse", 50),
    contact_person: textOf("contact_person", 100),
    phone: textOf("phone", 100),
    email: textOf("email", 50),
    version: integer("version").notNull().default(1),
    /** The list's search words are matched here: the searchable fields, in their order (db/schema/search.ts). */
    search_document: searchDocumentColumn((): AnyColumn[] => [
      directoryCompanies.short_name,
      directoryCompanies.inn,
      directoryCompanies.city,
      directoryCompanies.contact_person,
    ]),
  },
  (table) => [
    index("directory_companies_company_idx").on(table.company_id),
    index("directory_companies_public_idx").on(table.public),
    index("directory_companies_short_name_idx").on(table.short_name),
    index("directory_companies_search_trgm_idx").using("gin", table.search_document.op("gin_trgm_ops")),
  ],
);

/**
 * A public tracking link of an order (docs/decisions.md "Public tracking links"): anyone holding its token sees the
 * order's route, status and containers' milestones without signing in, until it expires or is revoked. Only the
 * token's SHA-256 is stored: the token is shown once, when the link is made.
 */
export const orderTrackingLinks = pgTable(
  "order_tracking_links",
  {
    id: serial("id").primaryKey(),
    freight_order_id: integer("freight_order_id")
      .notNull()
      .references(() => freightOrders.id, { onDelete: "cascade" }),
    token_hash: varchar("token_hash", { length: 64 }).notNull().unique(),
    created_by: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    revoked_at: timestamp("revoked_at", { withTimezone: true }),
    revoked_by: integer("revoked_by").references(() => users.id, { onDelete: "set null" }),
    last_opened_at: timestamp("last_opened_at", { withTimezone: true }),
  },
  (table) => [index("order_tracking_links_order_idx").on(table.freight_order_id)],
);
