import type { LocationKind } from "@portal/domain";
import { type AnyColumn, sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { searchDocumentColumn } from "./search.ts";

// Reference books: classifiers loaded from the files in ../reference-data (codes kept as text, leading zeros
// and all), and the dictionaries the forwarder edits (transport and shipment kinds, services).

/** ETSNG, the railway freight classifier (ЕТСНГ): 6-digit codes. */
export const etsng = pgTable(
  "etsng",
  {
    code: varchar("code", { length: 6 }).primaryKey(),
    description: text("description").notNull(),
    /** The GNG position linked to the code, when the classifier gives one. */
    gng_code: varchar("gng_code", { length: 8 }).notNull().default(""),
    tariff_class: smallint("tariff_class"),
    /** Minimum weight norm per wagon, tonnes (МВН). */
    mvn: numeric("mvn", { precision: 8, scale: 2 }),
  },
  (table) => [
    index("etsng_code_prefix_idx").on(table.code.op("varchar_pattern_ops")),
    index("etsng_description_trgm_idx").using("gin", table.description.op("gin_trgm_ops")),
  ],
);

/** GNG, the harmonised freight nomenclature (ГНГ): 4-digit headings and 8-digit positions. */
export const gng = pgTable(
  "gng",
  {
    code: varchar("code", { length: 8 }).primaryKey(),
    description: text("description").notNull(),
  },
  (table) => [
    index("gng_code_prefix_idx").on(table.code.op("varchar_pattern_ops")),
    index("gng_description_trgm_idx").using("gin", table.description.op("gin_trgm_ops")),
  ],
);

/** ISO 3166 countries with their Russian and English names. */
export const countries = pgTable(
  "countries",
  {
    abc2: varchar("abc2", { length: 2 }).primaryKey(),
    short_name: varchar("short_name", { length: 100 }).notNull(),
    name_eng: varchar("name_eng", { length: 100 }).notNull(),
    /** The list's search words are matched here: the searchable fields, in their order (db/schema/search.ts). */
    search_document: searchDocumentColumn((): AnyColumn[] => [countries.short_name, countries.name_eng]),
  },
  (table) => [
    index("countries_short_name_trgm_idx").using("gin", table.short_name.op("gin_trgm_ops")),
    index("countries_name_eng_trgm_idx").using("gin", table.name_eng.op("gin_trgm_ops")),
    index("countries_search_trgm_idx").using("gin", table.search_document.op("gin_trgm_ops")),
  ],
);

/** Railway stations of the 1520 network (ESR codes); border crossings and ports are marked by `kind`. */
export const locations = pgTable(
  "locations",
  {
    id: serial("id").primaryKey(),
    code: varchar("code", { length: 6 }).notNull(),
    location: varchar("location", { length: 100 }).notNull(),
    railway: varchar("railway", { length: 30 }).notNull().default(""),
    country: varchar("country", { length: 2 }).notNull().default(""),
    kind: varchar("kind", { length: 10 }).$type<LocationKind>().notNull().default("station"),
    /** Operation marks of the Tariff Guide No. 4 (`П 1,3,8,10`). */
    operations: varchar("operations", { length: 100 }).notNull().default(""),
  },
  (table) => [
    uniqueIndex("locations_code_idx").on(table.code),
    index("locations_code_prefix_idx").on(table.code.op("varchar_pattern_ops")),
    index("locations_location_trgm_idx").using("gin", table.location.op("gin_trgm_ops")),
    index("locations_kind_idx").on(table.kind),
  ],
);

/** Kinds of the documents attached to an order (invoice, SMGS waybill …). */
export const documentTypes = pgTable("document_types", {
  id: serial("id").primaryKey(),
  title: varchar("title", { length: 255 }).notNull(),
  title_en: varchar("title_en", { length: 255 }).notNull().default(""),
});

/** ISO 6346 size-type codes (22G1, 45R1 …). */
export const containerTypes = pgTable(
  "container_types",
  {
    id: serial("id").primaryKey(),
    code: varchar("code", { length: 4 }).notNull(),
    /** In Russian, as the other books' `description`; the list's own English words are `description_en`. */
    description: varchar("description", { length: 255 }).notNull(),
    description_en: varchar("description_en", { length: 255 }).notNull().default(""),
  },
  (table) => [uniqueIndex("container_types_code_idx").on(table.code)],
);

/**
 * A dictionary's names are its own: no two entries share a Russian name, nor a given English one, whatever their
 * letters' case (indexes `<table>_description_idx` and `<table>_description_en_idx`; the API names the field).
 */
function uniqueNames(table: string, names: { description: AnyColumn; description_en: AnyColumn }) {
  return [
    uniqueIndex(`${table}_description_idx`).on(sql`lower(${names.description})`),
    uniqueIndex(`${table}_description_en_idx`)
      .on(sql`lower(${names.description_en})`)
      .where(sql`${names.description_en} <> ''`),
  ];
}

/** Kinds of transport (rail, sea, road …): a dictionary the reference-book editors keep. */
export const transportKinds = pgTable(
  "transport_kinds",
  {
    id: serial("id").primaryKey(),
    description: varchar("description", { length: 255 }).notNull(),
    description_en: varchar("description_en", { length: 255 }).notNull().default(""),
    version: integer("version").notNull().default(1),
  },
  (table) => uniqueNames("transport_kinds", table),
);

/** Kinds of shipment (export, import, transit …): a dictionary the reference-book editors keep. */
export const shipmentKinds = pgTable(
  "shipment_kinds",
  {
    id: serial("id").primaryKey(),
    description: varchar("description", { length: 255 }).notNull(),
    description_en: varchar("description_en", { length: 255 }).notNull().default(""),
    version: integer("version").notNull().default(1),
  },
  (table) => uniqueNames("shipment_kinds", table),
);

/** The forwarder's services, offered for the transport and shipment kinds they are linked to. */
export const services = pgTable(
  "services",
  {
    id: serial("id").primaryKey(),
    description: varchar("description", { length: 255 }).notNull(),
    description_en: varchar("description_en", { length: 255 }).notNull().default(""),
    contact_email: varchar("contact_email", { length: 254 }).notNull().default(""),
    is_shipping: boolean("is_shipping").notNull().default(false),
    is_port_freight_forwarding: boolean("is_port_freight_forwarding").notNull().default(false),
    is_transit_decl: boolean("is_transit_decl").notNull().default(false),
    version: integer("version").notNull().default(1),
  },
  (table) => uniqueNames("services", table),
);

// A kind in use cannot be deleted (restrict): the API answers 400 before the database would refuse.
export const serviceTransportKinds = pgTable(
  "service_transport_kinds",
  {
    service_id: integer("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    transport_kind_id: integer("transport_kind_id")
      .notNull()
      .references(() => transportKinds.id, { onDelete: "restrict" }),
  },
  (table) => [
    primaryKey({ columns: [table.service_id, table.transport_kind_id] }),
    index("service_transport_kinds_kind_idx").on(table.transport_kind_id),
  ],
);

export const serviceShipmentKinds = pgTable(
  "service_shipment_kinds",
  {
    service_id: integer("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    shipment_kind_id: integer("shipment_kind_id")
      .notNull()
      .references(() => shipmentKinds.id, { onDelete: "restrict" }),
  },
  (table) => [
    primaryKey({ columns: [table.service_id, table.shipment_kind_id] }),
    index("service_shipment_kinds_kind_idx").on(table.shipment_kind_id),
  ],
);
