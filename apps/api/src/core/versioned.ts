import { and, eq, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";

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
