import type { OrderImportState } from "@portal/domain";
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import type { FieldErrors } from "../../core/errors.ts";
import type { Message } from "../../core/i18n.ts";
import { companies, users } from "./identity.ts";

// The import of shipping orders from a spreadsheet (docs/decisions.md, "Import of shipping orders").

/** A row of an uploaded file: its number as the file counts it, its cells as read, its errors once checked. */
export interface ImportRowData {
  row: number;
  /** The cells in the file's column order: a text, a number, a boolean, `{date}`, `{bad: Message}` or null. */
  cells: unknown[];
  /** The API's create's errors for this row (field → untranslated messages); null when valid, absent until checked. */
  errors?: FieldErrors | null;
}

/**
 * An uploaded file of orders for one company: its rows, checked by a job through the orders' create (a preview),
 * then imported all together by another, or not at all. `fingerprint` is the SHA-256 of the file's bytes: a company
 * imports the same file once (the unique index over the imports that are done).
 */
export const orderImports = pgTable(
  "order_imports",
  {
    id: serial("id").primaryKey(),
    company_id: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    author_id: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    file_name: varchar("file_name", { length: 255 }).notNull(),
    fingerprint: varchar("fingerprint", { length: 64 }).notNull(),
    state: varchar("state", { length: 10 }).$type<OrderImportState>().notNull().default("checking"),
    /** The file's header as read, and the order's field each column is (in the same order). */
    headers: jsonb("headers").$type<string[]>().notNull(),
    columns: jsonb("columns").$type<string[]>().notNull(),
    rows: jsonb("rows").$type<ImportRowData[]>().notNull(),
    total: integer("total").notNull(),
    /** How many rows the check has done, and how many of them are valid. */
    checked: integer("checked").notNull().default(0),
    valid: integer("valid").notNull().default(0),
    /** The orders the import created (done). */
    created: integer("created").notNull().default(0),
    /** Why a failed import failed: a message kept in no language. */
    failure: jsonb("failure").$type<Message>(),
    create_date: timestamp("create_date", { withTimezone: true }).notNull().defaultNow(),
    finish_date: timestamp("finish_date", { withTimezone: true }),
  },
  (table) => [
    index("order_imports_company_idx").on(table.company_id, table.id),
    index("order_imports_author_idx").on(table.author_id),
    uniqueIndex("order_imports_done_file_idx")
      .on(table.company_id, table.fingerprint)
      .where(sql`${table.state} = 'done'`),
  ],
);
