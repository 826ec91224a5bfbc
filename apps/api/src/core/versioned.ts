import { and, eq, getTableColumns, is, or, SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import { Conflict, NotFound } from "./errors.ts";

/** A mutable table: every row has an integer `id` and a `version` bumped by each write. */
export type VersionedTable = PgTable & { id: PgColumn; version: PgColumn };

/**
 * What a versioned write did: changed the row (a new version), found every value already stored (the row and its
 * version as they were), or found no row at that key and version (gone, or moved on: the caller answers 404 or 409).
 */
export type WriteOutcome = "changed" | "unchanged" | "missing";

export interface VersionedWriteOptions {
  /** The column naming the row, when it is not `id` (one row a user: `user_id`). */
  key?: PgColumn;
  /**
   * What every real change writes besides its values (who made it and when): written with a change, never a change
   * by itself, so that a save of what is stored leaves the row as it was.
   */
  stamp?: Record<string, unknown>;
  /** The write changes rows of other tables too (a row's links): the row takes a new version whatever it holds. */
  changesElsewhere?: boolean;
  /** A further condition on the row (not deleted yet): a row failing it is `missing`. */
  where?: SQL;
}

/** Who changed a row last, and when (its `updated_by_id` and `update_date`): the `stamp` of a user's write. */
export function changeStamp(userId: number) {
  return { updated_by_id: userId, update_date: sql`now()` };
}

/**
 * Applies `changes` to one row when its stored `version` is `expectedVersion` (any version when undefined: the
 * specification's calls do not send it), bumping the version in the same statement, with the `stamp`. A write whose
 * values the row holds already is no change: the row keeps its version (and its stamp), so that every other open
 * form of it can still save, and the caller writes no history and announces nothing. PostgreSQL compares each value
 * with its column (`is distinct from`, in the column's type: 10.5 and 10.50 are one amount, a date one date, a JSON
 * one document, null and "" two values); a value the database computes (`sql`…) is always a change.
 */
export async function updateVersioned(
  db: Db,
  table: PgTable & { version: PgColumn },
  id: number,
  changes: Record<string, unknown>,
  expectedVersion: number | undefined,
  options: VersionedWriteOptions = {},
): Promise<WriteOutcome> {
  const key = options.key ?? (table as VersionedTable).id;
  const version = expectedVersion === undefined ? undefined : eq(table.version, expectedVersion);
  const row = and(eq(key, id), version, options.where);
  const differs = options.changesElsewhere ? undefined : differences(table, changes);
  if (differs === null) return (await exists(db, table, key, row)) ? "unchanged" : "missing";
  const updated = await db
    .update(table)
    .set({ ...changes, ...options.stamp, version: sql`${table.version} + 1` } as never)
    .where(and(row, differs))
    .returning({ key });
  if (updated.length > 0) return "changed";
  if (!differs) return "missing";
  return (await exists(db, table, key, row)) ? "unchanged" : "missing";
}

/**
 * The condition that a row differs from `changes` in a column: undefined when one of them is computed by the database
 * (known only once written, so always a change), null when there is nothing to compare (no value of a column).
 */
function differences(table: PgTable, changes: Record<string, unknown>): SQL | undefined | null {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const compared = Object.entries(changes).filter(([name, value]) => value !== undefined && columns[name]);
  if (compared.some(([, value]) => is(value, SQL))) return undefined;
  const conditions = compared.map(([name, value]) => {
    const column = columns[name] as PgColumn;
    return sql`${column} is distinct from ${sql.param(value, column)}`;
  });
  return conditions.length > 0 ? (or(...conditions) as SQL) : null;
}

async function exists(db: Db, table: PgTable, key: PgColumn, row: SQL | undefined): Promise<boolean> {
  const [found] = await db.select({ key }).from(table).where(row);
  return found !== undefined;
}

/**
 * Locks one row for the rest of the transaction and checks the caller's `version` against the stored one (any
 * version when undefined), before anything of the write is decided: 404 when the row is gone (or outside
 * `where`), 409 with `current()` (the row as the API shows it) when it has moved on. Answers the stored version;
 * the write itself then goes through `updateVersioned`, which bumps it when something changes.
 */
export async function lockVersioned(
  db: Db,
  table: VersionedTable,
  id: number,
  expectedVersion: number | undefined,
  options: { where?: SQL; current: () => Promise<unknown> },
): Promise<number> {
  const [locked] = await db
    .select({ version: table.version })
    .from(table)
    .where(and(eq(table.id, id), options.where))
    .for("update");
  if (!locked) throw new NotFound();
  if (expectedVersion !== undefined && expectedVersion !== locked.version) {
    throw new Conflict(await options.current());
  }
  return locked.version as number;
}
