import { and, eq, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import { Conflict, NotFound } from "./errors.ts";

/** A mutable table: every row has an integer `id` and a `version` bumped by each write. */
export type VersionedTable = PgTable & { id: PgColumn; version: PgColumn };

/**
 * Applies `changes` to one row when its stored `version` is `expectedVersion` (any version when undefined:
 * the specification's calls do not send it), bumping the version in the same statement. Answers false when the
 * row has moved on or is gone, so that the use case answers 409 with the current record (or 404).
 */
export async function updateVersioned(
  db: Db,
  table: VersionedTable,
  id: number,
  changes: Record<string, unknown>,
  expectedVersion: number | undefined,
): Promise<boolean> {
  const condition: SQL | undefined =
    expectedVersion === undefined
      ? eq(table.id, id)
      : and(eq(table.id, id), eq(table.version, expectedVersion));
  const updated = await db
    .update(table)
    .set({ ...changes, version: sql`${table.version} + 1` } as never)
    .where(condition)
    .returning({ id: table.id });
  return updated.length > 0;
}

/**
 * Locks one row for the rest of the transaction and checks the caller's `version` against the stored one (any
 * version when undefined), before anything of the write is decided: 404 when the row is gone (or outside
 * `where`), 409 with `current()` (the row as the API shows it) when it has moved on. Answers the stored version;
 * the write itself then goes through `updateVersioned`, which bumps it.
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
