import { count, eq, inArray, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import { ValidationFailed } from "./errors.ts";

// What a CrudResource's write checks and writes of the rows its fields name: single ids and codes in other tables
// (`references`), and many-to-many fields kept in link tables (`links`). Run in the write's transaction.

type Body = Record<string, unknown>;

/** A many-to-many field kept in a link table: the row's column and the linked row's column. */
export interface Link {
  table: PgTable;
  owner: PgColumn;
  target: PgColumn;
  /** The linked rows' table, to refuse ids that do not exist. */
  targetTable: PgTable & { id: PgColumn };
}

/** The link fields of a body, each with the ids it names (once each). */
type LinkValues = [Link, string, number[]][];

/** 400 "relation_not_found" on each field whose id or code names no row of its table. */
export async function checkReferences(
  db: Db,
  references: Record<string, PgColumn> | undefined,
  values: Body,
): Promise<void> {
  const errors: Record<string, { key: "relation_not_found" }[]> = {};
  for (const [field, column] of Object.entries(references ?? {})) {
    const value = Object.hasOwn(values, field) ? values[field] : undefined;
    if (value === undefined || value === null || value === "") continue;
    const [found] = await db.select({ found: sql`1` }).from(column.table).where(eq(column, value)).limit(1);
    if (!found) errors[field] = [{ key: "relation_not_found" }];
  }
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
}

/** The table's own values apart from the link fields. */
export function splitLinks(
  links: Record<string, Link> | undefined,
  body: Body,
): { values: Body; links: LinkValues } {
  const values: Body = {};
  const linked: LinkValues = [];
  for (const [name, value] of Object.entries(body)) {
    const link = links?.[name];
    if (link) linked.push([link, name, [...new Set(value as number[])]]);
    else if (value !== undefined) values[name] = value;
  }
  return { values, links: linked };
}

/** 400 "relation_not_found" on a link field naming an id that does not exist. */
export async function checkLinks(db: Db, links: LinkValues): Promise<void> {
  for (const [link, field, ids] of links) {
    if (ids.length === 0) continue;
    const [found] = await db
      .select({ count: count() })
      .from(link.targetTable)
      .where(inArray(link.targetTable.id, ids));
    if (Number(found?.count ?? 0) !== ids.length) {
      throw new ValidationFailed({ [field]: [{ key: "relation_not_found" }] });
    }
  }
}

/** Of the link fields given, those whose ids differ from the row's stored links (compared as sets). */
export async function changedLinks(db: Db, id: number, links: LinkValues): Promise<LinkValues> {
  const changed: LinkValues = [];
  for (const entry of links) {
    const [link, , ids] = entry;
    const stored = await db.select({ target: link.target }).from(link.table).where(eq(link.owner, id));
    const storedIds = new Set(stored.map((row) => Number(row.target)));
    if (storedIds.size !== ids.length || ids.some((target) => !storedIds.has(target))) changed.push(entry);
  }
  return changed;
}

/** Replaces the row's links with the ids given. */
export async function writeLinks(db: Db, id: number, links: LinkValues): Promise<void> {
  for (const [link, , ids] of links) {
    await db.delete(link.table).where(eq(link.owner, id));
    if (ids.length === 0) continue;
    await db
      .insert(link.table)
      .values(ids.map((target) => ({ [link.owner.name]: id, [link.target.name]: target })) as never);
  }
}
