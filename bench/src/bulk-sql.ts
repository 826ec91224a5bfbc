import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../apps/api/src/db/client.ts";

// SQL pieces for bulk loads of generated rows: lookup arrays and tables inlined into one
// `insert … select generate_series` statement, an even spread from a row's number, and loading with the secondary
// indexes built afterwards.

/** A PostgreSQL text array literal of the values, for `(array[…])[i]` inside a generate_series insert. */
export function textArray(values: readonly string[]): SQL {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}::text`),
    sql`, `,
  )}]`;
}

/** A number in [0, 1) spread evenly over the values of an integer expression (PostgreSQL's integer hash). */
export function uniform(value: SQL): SQL {
  return sql`((hashint4(${value})::bigint + 2147483648) / 4294967296.0)`;
}

/** `(values (0, …), (1, …))`: a small lookup table numbered from 0, joined by its `n` in the orders' insert. */
export function valuesTable(rows: readonly (readonly (string | number)[])[]): SQL {
  return sql`(values ${sql.join(
    rows.map(
      (row, n) =>
        sql`(${n}::int, ${sql.join(
          row.map((value) => (typeof value === "number" ? sql`${value}::int` : sql`${value}::text`)),
          sql`, `,
        )})`,
    ),
    sql`, `,
  )})`;
}

/**
 * Runs a bulk load with the tables' secondary indexes dropped and builds them again from their own definitions
 * afterwards: building an index once is several times cheaper than keeping it up to date row by row (the orders'
 * trigram index above all). Constraints' indexes (primary keys, unique constraints) stay.
 */
export async function withoutSecondaryIndexes(
  db: Db,
  tables: string[],
  load: () => Promise<void>,
): Promise<void> {
  const { rows } = (await db.execute(sql`
    select i.indexname as name, i.indexdef as definition from pg_indexes i
    where i.schemaname = current_schema() and i.tablename in ${tables}
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`)) as unknown as {
    rows: { name: string; definition: string }[];
  };
  for (const { name } of rows) await db.execute(sql`drop index ${sql.identifier(name)}`);
  try {
    await load();
  } finally {
    for (const { definition } of rows) await db.execute(sql.raw(definition));
  }
}

/**
 * Runs one bulk statement with JIT compilation off. A lateral `generate_series` is estimated at 1,000 rows a row,
 * so an insert of a few thousand orders' containers looks like millions of rows and PostgreSQL spent 13 s of a
 * 14 s insert compiling its expressions.
 */
export async function withoutJit(db: Db, statement: SQL): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    await tx.execute(statement);
  });
}
