import {
  type ContainerEventCode,
  type ContainerEventSource,
  type ContainerEventType,
  PKG_STATES,
  type PkgState,
} from "@portal/domain";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  varchar,
} from "drizzle-orm/pg-core";
import { users } from "./identity.ts";
import { freightOrderFiles, freightOrders } from "./orders.ts";
import { containerTypes } from "./reference.ts";

// Containers of shipping orders (spec 02 §3, limits of §5) and their packages for the customs declaration system
// (DOMAIN.md "Containers and the customs declaration system").

/** Text of a container's form: empty rather than null when not filled. */
const textOf = (name: string, length: number) => varchar(name, { length }).notNull().default("");

/**
 * The ids of packages sent to the customs declaration system (`pkg_pid`): a new one for every package made or
 * replaced, never reused. An integer sequence: at most 10 digits, as the form shows them (spec 02 §5).
 */
export const containerPackageIds = pgSequence("container_pkg_pid_seq", {
  startWith: 1,
  minValue: 1,
  maxValue: 2147483647,
});

export const containers = pgTable(
  "containers",
  {
    id: serial("id").primaryKey(),
    freight_order_id: integer("freight_order_id")
      .notNull()
      .references(() => freightOrders.id, { onDelete: "restrict" }),
    /** The number as typed (Latin letters upper-case, no spaces), valid or not (spec 01 §5: flagged, not refused). */
    container: varchar("container", { length: 15 }).notNull(),
    /** Whether `container` passes ISO 6346, worked out by the API on every write of it (packages/domain). */
    is_number_valid: boolean("is_number_valid").notNull().default(false),
    container_type: integer("container_type").references(() => containerTypes.id, { onDelete: "restrict" }),
    location: textOf("location", 1000),
    location_date: date("location_date"),
    prepare_to_ship_date: date("prepare_to_ship_date"),
    commercial_documents_upload_date: date("commercial_documents_upload_date"),
    arrival_at_border_date: date("arrival_at_border_date"),
    railway_bill_filing_date: date("railway_bill_filing_date"),
    railway_accept_date: date("railway_accept_date"),
    railway_loading_date: date("railway_loading_date"),
    railway_trip_start_date: date("railway_trip_start_date"),
    railway_trip_finish_date: date("railway_trip_finish_date"),
    final_release_date: date("final_release_date"),
    final_destination: textOf("final_destination", 1000),
    railway_transport_number: textOf("railway_transport_number", 20),
    railwaybill_number: textOf("railwaybill_number", 20),
    railway_note: textOf("railway_note", 1000),
    notes: textOf("notes", 1000),
    start_tracking_date: date("start_tracking_date"),
    tracking_done: boolean("tracking_done").notNull().default(false),
    /** 1 pending, 2 approved, 3 declined (spec 02 §4). */
    status: smallint("status").notNull().default(1),
    port_freight_forwarding_status: textOf("port_freight_forwarding_status", 1000),
    port_freight_forwarding_status_date: date("port_freight_forwarding_status_date"),
    transit_decl_status: textOf("transit_decl_status", 1000),
    transit_decl_status_date: date("transit_decl_status_date"),
    /** The package's id in the customs declaration system (`container_pkg_pid_seq`); null: no package yet. */
    pkg_pid: integer("pkg_pid"),
    pkg_state: varchar("pkg_state", { length: 20 }).$type<PkgState>(),
    pkg_message: textOf("pkg_message", 2000),
    td_number: textOf("td_number", 50),
    td_date: date("td_date"),
    td_allowed_date: date("td_allowed_date"),
    td_end_date: date("td_end_date"),
    td_control: textOf("td_control", 1000),
    dt_number: textOf("dt_number", 50),
    dt_date: date("dt_date"),
    dt_allowed_date: date("dt_allowed_date"),
    dt_control: textOf("dt_control", 1000),
    author_id: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    updated_by_id: integer("updated_by_id").references(() => users.id, { onDelete: "restrict" }),
    create_date: timestamp("create_date", { withTimezone: true }).notNull().defaultNow(),
    update_date: timestamp("update_date", { withTimezone: true }).notNull().defaultNow(),
    version: integer("version").notNull().default(1),
  },
  (table) => [
    index("containers_freight_order_idx").on(table.freight_order_id),
    index("containers_container_trgm_idx").using("gin", table.container.op("gin_trgm_ops")),
    index("containers_pkg_state_idx").on(table.pkg_state),
    index("containers_author_idx").on(table.author_id),
    index("containers_updated_by_idx").on(table.updated_by_id),
    // The containers list on large tables (docs/decisions.md, "Lists and filters"): the flagged numbers
    // (2 in 100) by an index of their own; the track dates the grid sorts by most, newest first as it sorts them
    // (nulls first), then the id as every ordering ends. Each holds the order's id, which the list's scope joins
    // by: a page is walked in the index alone, without reading the table's rows for it.
    index("containers_invalid_number_idx")
      .on(table.id, table.freight_order_id)
      .where(sql`${table.is_number_valid} = false`),
    index("containers_arrival_at_border_date_idx").on(
      table.arrival_at_border_date.desc().nullsFirst(),
      table.id,
      table.freight_order_id,
    ),
    index("containers_railway_trip_start_date_idx").on(
      table.railway_trip_start_date.desc().nullsFirst(),
      table.id,
      table.freight_order_id,
    ),
    check("containers_status_check", sql`${table.status} between 1 and 3`),
    check(
      "containers_pkg_state_check",
      sql`${table.pkg_state} in (${sql.raw(PKG_STATES.map((state) => `'${state}'`).join(", "))})`,
    ),
  ],
);

/**
 * The order's files in a container's package (`package_content`). Deleting a file takes it out of the package: the
 * customs system keeps what it was sent, and the package shows what the order still has.
 */
export const containerPackageFiles = pgTable(
  "container_package_files",
  {
    container_id: integer("container_id")
      .notNull()
      .references(() => containers.id, { onDelete: "cascade" }),
    freight_order_file_id: integer("freight_order_file_id")
      .notNull()
      .references(() => freightOrderFiles.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.container_id, table.freight_order_file_id] }),
    index("container_package_files_file_idx").on(table.freight_order_file_id),
  ],
);

/**
 * The labels the customs declaration system puts on a container's package (spec 02 §3 "Container label"), each
 * with its colour; kept with the package they came with (`pkg_pid`), so that a replaced package's labels are
 * no longer the container's.
 */
export const containerLabels = pgTable(
  "container_labels",
  {
    id: serial("id").primaryKey(),
    container_id: integer("container_id")
      .notNull()
      .references(() => containers.id, { onDelete: "cascade" }),
    pkg_pid: integer("pkg_pid").notNull(),
    name: varchar("name", { length: 255 }).notNull(),
    /** `#rrggbb` */
    color: varchar("color", { length: 7 }).notNull(),
    create_date: timestamp("create_date", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("container_labels_container_idx").on(table.container_id, table.pkg_pid),
    check("container_labels_color_check", sql`${table.color} ~ '^#[0-9a-f]{6}$'`),
  ],
);

/**
 * A container's own tracking events (packages/domain containers/events.ts): the milestones of its track dates and
 * the states its packages reach in the customs declaration system. Its order's status changes are the order's
 * history (`freight_order_history`), read beside these.
 */
export const containerEvents = pgTable(
  "container_events",
  {
    id: serial("id").primaryKey(),
    container_id: integer("container_id")
      .notNull()
      .references(() => containers.id, { onDelete: "cascade" }),
    event_type: varchar("event_type", { length: 12 }).$type<ContainerEventType>().notNull(),
    event_code: varchar("event_code", { length: 40 }).$type<ContainerEventCode>().notNull(),
    /** The day it happened (or is planned for: a day still to come is a planned event). */
    event_date: date("event_date").notNull(),
    recorded_at: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
    source: varchar("source", { length: 12 }).$type<ContainerEventSource>().notNull(),
    /** The user whose change recorded it; null for the customs system's answers. */
    user_id: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The package a customs event is about. */
    pkg_pid: integer("pkg_pid"),
    message: varchar("message", { length: 2000 }).notNull().default(""),
  },
  (table) => [index("container_events_container_idx").on(table.container_id, table.event_date)],
);
