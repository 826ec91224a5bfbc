import { EXPORT_TASK_STATES, type ExportTaskState, FORWARDER_TIME_ZONE } from "@portal/domain";
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  timestamp,
  varchar,
} from "drizzle-orm/pg-core";
import { containers } from "./containers.ts";
import { companies, users } from "./identity.ts";

// The forwarder's operations (spec 02 §2–§4, DOMAIN.md "Monitoring, terminal report, export"): the monitoring's and
// the terminal report's own columns, one row per container (its id is the container's, made with it by a trigger of
// migration 0018, so a cell's edit is a versioned change of a row that always exists), and the export tasks.

/** Text of a cell: empty rather than null when not filled. */
const textOf = (name: string, length: number) => varchar(name, { length }).notNull().default("");

/** Rubles (or the row's currency) with kopecks, read as a number: as the orders' costs. */
const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: "number" });

/** A currency of a cost: RUB unless chosen (packages/domain ORDER_CURRENCIES). */
const currency = (name: string) => varchar(name, { length: 3 }).notNull().default("RUB");

/** The monitoring's own columns of a container (the spec's `monitoring` sub-object). */
export const containerMonitoring = pgTable("container_monitoring", {
  id: integer("id")
    .primaryKey()
    .references(() => containers.id, { onDelete: "cascade" }),
  tk_order_number: textOf("tk_order_number", 50),
  foreign_forwarder: textOf("foreign_forwarder", 255),
  foreign_shipping_invoice_no: textOf("foreign_shipping_invoice_no", 50),
  foreign_shipping_cost: money("foreign_shipping_cost"),
  foreign_shipping_currency: currency("foreign_shipping_currency"),
  internal_shipping_invoice_no: textOf("internal_shipping_invoice_no", 50),
  internal_shipping_cost: money("internal_shipping_cost"),
  internal_shipping_currency: currency("internal_shipping_currency"),
  additional_expenses: money("additional_expenses"),
  updated_by_id: integer("updated_by_id").references(() => users.id, { onDelete: "restrict" }),
  update_date: timestamp("update_date", { withTimezone: true }).notNull().defaultNow(),
  version: integer("version").notNull().default(1),
});

/** The terminal report's own columns of a container. */
export const containerTerminal = pgTable("container_terminal", {
  id: integer("id")
    .primaryKey()
    .references(() => containers.id, { onDelete: "cascade" }),
  owner: textOf("owner", 100),
  package_count: integer("package_count"),
  tare_weight: integer("tare_weight"),
  net_weight: integer("net_weight"),
  gross_weight: integer("gross_weight"),
  seal_numbers: textOf("seal_numbers", 255),
  special_conditions: textOf("special_conditions", 1000),
  delivery_date: date("delivery_date"),
  waybill_number: textOf("waybill_number", 50),
  gu12_number: textOf("gu12_number", 50),
  dispatch_number: textOf("dispatch_number", 50),
  wagon_number: textOf("wagon_number", 20),
  platform_model: textOf("platform_model", 50),
  terminal_payment: money("terminal_payment"),
  updated_by_id: integer("updated_by_id").references(() => users.id, { onDelete: "restrict" }),
  update_date: timestamp("update_date", { withTimezone: true }).notNull().defaultNow(),
  version: integer("version").notNull().default(1),
});

/**
 * An export of a company's documents for a period: made PENDING with its job (in one transaction), then the job's
 * progress, and SUCCESS with its archive in the file storage (`file_key`) or FAILURE with the reason. The archive
 * and the task's file are removed when it expires (`expire_date`).
 */
export const exportTasks = pgTable(
  "export_tasks",
  {
    id: serial("id").primaryKey(),
    company_id: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    from_date: date("from_date").notNull(),
    to_date: date("to_date").notNull(),
    /** The IANA time zone whose days the period's are (its author's), the forwarder's by default. */
    time_zone: varchar("time_zone", { length: 64 }).notNull().default(FORWARDER_TIME_ZONE),
    status: varchar("status", { length: 10 }).$type<ExportTaskState>().notNull().default("PENDING"),
    progress: smallint("progress").notNull().default(0),
    reason: textOf("reason", 1000),
    /** The archive's key in the file storage, set with SUCCESS. */
    file_key: varchar("file_key", { length: 500 }),
    file_size: bigint("file_size", { mode: "number" }),
    document_count: integer("document_count"),
    author_id: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    create_date: timestamp("create_date", { withTimezone: true }).notNull().defaultNow(),
    finish_date: timestamp("finish_date", { withTimezone: true }),
    expire_date: timestamp("expire_date", { withTimezone: true }),
    version: integer("version").notNull().default(1),
  },
  (table) => [
    index("export_tasks_company_idx").on(table.company_id, table.id),
    index("export_tasks_author_idx").on(table.author_id),
    index("export_tasks_expire_date_idx").on(table.expire_date),
    check("export_tasks_period_check", sql`${table.from_date} <= ${table.to_date}`),
    check("export_tasks_progress_check", sql`${table.progress} between 0 and 100`),
    check(
      "export_tasks_status_check",
      sql`${table.status} in (${sql.raw(EXPORT_TASK_STATES.map((state) => `'${state}'`).join(", "))})`,
    ),
  ],
);
