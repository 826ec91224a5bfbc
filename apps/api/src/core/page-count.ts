import { sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import { keptCounts, queryKey } from "./list-counts.ts";
import type { CompiledListQuery, ListResource } from "./list-query.ts";

// How a page of a list of exact conditions counts its rows (findPage): exactly up to `ESTIMATE_FROM`, the planner's
// estimate past it, kept between requests until a change of the rows is announced, and checked against the page.

/**
 * How many rows a list of exact conditions counts before it estimates: past it, the count is the planner's
 * estimate of the rows (`count_estimated`), unless the query asks for `count=exact`. Counting every order newest
 * first read 198,936 index entries a request (20–50 ms, the dearest part of the first page and of a deep page);
 * counting up to this many reads at most 10,001.
 */
export const ESTIMATE_FROM = 10_000;

/**
 * The companies whose rows a list's scope holds (`companiesOf`): a kept count is dropped when a row of one of them
 * changes. Null: every company's (staff), dropped by any change.
 */
export type Companies = readonly number[] | null;

/**
 * `estimateCount`, an estimate kept between requests (`keptCounts`) until a change of the list's rows is announced
 * in `companies`. An exact count (at most `ESTIMATE_FROM`) is counted on every request: the answer gives it as a
 * figure, which a write the live feed has yet to announce must not leave stale.
 */
export async function estimateCountKept(
  db: Db,
  resource: ListResource,
  rows: () => PgSelect,
  companies: Companies,
): Promise<{ count: number; count_estimated?: true }> {
  const kept = keptCounts(db, resource);
  if (!kept) return estimateCount(db, rows);
  let fresh: ReturnType<typeof estimateCount> | undefined;
  const total = await kept.get(queryKey("estimated", rows().toSQL()), companies, () => {
    fresh = estimateCount(db, rows);
    return fresh;
  });
  return total.count_estimated || fresh ? total : estimateCount(db, rows);
}

/**
 * An estimated count checked against the page it came with, so that the pager's last page is never empty and its
 * next page never missing: a short page ends the list (the count is the rows before it and on it); an empty page
 * past the end counts the rows (the pager's "last page" of an estimate above the real count lands there, rarely);
 * a full page at or past the estimate means more rows than it said.
 */
export async function countAtTheEnd(
  total: { count: number; count_estimated?: true },
  rowsOnPage: number,
  { offset, limit }: CompiledListQuery,
  countExactly: () => Promise<{ count: number }>,
): Promise<{ count: number; count_estimated?: true }> {
  if (!total.count_estimated) return total;
  if (rowsOnPage > 0 && rowsOnPage < limit) return { count: offset + rowsOnPage };
  if (rowsOnPage === 0) return offset === 0 ? { count: 0 } : countExactly();
  if (total.count <= offset + rowsOnPage) return { count: offset + rowsOnPage + 1, count_estimated: true };
  return total;
}

/** Every row of `rows` counted. */
export async function countAll(db: Db, rows: () => PgSelect): Promise<{ count: number }> {
  const result = (await db.execute(
    sql`select count(*)::int as "total" from (${rows()}) as "rows"`,
  )) as unknown as {
    rows: { total: number }[];
  };
  return { count: Number(result.rows[0]?.total ?? 0) };
}

/**
 * The rows of a list of exact conditions, counted up to `ESTIMATE_FROM` (exact below it); past it, the planner's
 * estimate of them (from EXPLAIN, planned and not run), rounded to three significant digits and never below the
 * threshold (`count_estimated`: the grid says "about"). Its estimates of equalities, ranges and `in` come
 * from the table's statistics; counting past the threshold read every matching index entry (198,936 orders).
 */
async function estimateCount(
  db: Db,
  rows: () => PgSelect,
): Promise<{ count: number; count_estimated?: true }> {
  const counted = (await db.execute(
    sql`select count(*)::int as "total" from (${rows().limit(ESTIMATE_FROM + 1)}) as "rows"`,
  )) as unknown as { rows: { total: number }[] };
  const total = Number(counted.rows[0]?.total ?? 0);
  if (total <= ESTIMATE_FROM) return { count: total };
  const explained = (await db.execute(sql`explain (format json) ${rows()}`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const planned = Number(planRows(explained.rows[0]) ?? 0);
  return { count: Math.max(roundEstimate(planned), ESTIMATE_FROM), count_estimated: true };
}

/** The estimated rows of an EXPLAIN (format json) answer's plan (a JSON value or its text, as the driver gives). */
function planRows(row: Record<string, unknown> | undefined): number | undefined {
  const value = row ? Object.values(row)[0] : undefined;
  const plans = (typeof value === "string" ? JSON.parse(value) : value) as {
    Plan?: { "Plan Rows"?: number };
  }[];
  return plans?.[0]?.Plan?.["Plan Rows"];
}

/** An estimate to three significant digits: 198,896 → 199,000, 28,818 → 28,800. */
export function roundEstimate(value: number): number {
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(value)) - 2);
  return Math.round(value / unit) * unit;
}
