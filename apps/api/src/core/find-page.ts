import { count, type SQL, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import { NotFound } from "./errors.ts";
import { keptCounts, queryKey } from "./list-counts.ts";
import {
  type CompiledListQuery,
  compileFields,
  compileGroupField,
  compileListQuery,
  type ListJoin,
  type ListQuery,
  type ListResource,
} from "./list-query.ts";
import { joinsNamed, pageSelection, rowsOf, selectFrom } from "./list-select.ts";
import { type Companies, countAll, countAtTheEnd, estimateCountKept } from "./page-count.ts";

export type { Companies } from "./page-count.ts";

/**
 * A page of a list: the rows and the number of every row the query matches. A searched list, and a list whose
 * scope is another table's, counts up to `COUNT_CAP` rows past the page's start; `count_capped` says that more
 * match than `count` (it is there only then).
 */
export interface Page<Row> {
  results: Row[];
  count: number;
  count_capped?: true;
  /** `count` is the planner's estimate, past `ESTIMATE_FROM` rows (`estimateCount`). */
  count_estimated?: true;
}

/**
 * How many rows past the page's start a searched list counts: below it the count is exact; above it the answer
 * says `count: skip + COUNT_CAP, count_capped: true`. A broad search word then costs reading at most this many
 * matches instead of all of them (their text checked row by row), and the grid can still page this far beyond
 * where it is. So does a list whose scope is another table's (a container is the user's through its order): its
 * count joins that table row by row, 170 ms for 600,000 containers, where a capped one stops after 1,001 rows.
 * Other lists without a search count by index, exactly up to 10,000 rows and by the planner's estimate past them
 * (`page-count.ts`).
 */
export const COUNT_CAP = 1_000;

/** A grouped list: each value of the field with its row count over every filtered row, and how many values. */
export interface Groups {
  groups: { key: string | number | boolean | null; count: number }[];
  count: number;
}

/**
 * One page of any list resource: ordering, filters, search and the caller's scope compiled against the
 * resource's allow-list (400 on what it does not allow). The page's ids are found first and full rows built for
 * those ids only, so a deep page does not pay for the per-row subqueries of every row OFFSET skips.
 *
 * A searched list (or one scoped through a join) is counted first, up to the cap, and the count chooses how the
 * page's ids are found: few matches are all read through the search indexes and sorted; many are found by walking
 * the ordering, which meets the page's rows early. The planner, left to choose, walked the ordering for rare words too (14 ms instead
 * of 3 ms for a two-word search of 200,000 users): it cannot know that the search's text comparisons are dear.
 */
export async function findPage<Row>(
  db: Db,
  resource: ListResource,
  query: ListQuery,
  scope?: SQL,
  companies: Companies = null,
): Promise<Page<Row>> {
  const compiled = compileListQuery(resource, query, scope);
  const selection = pageSelection(resource, compileFields(resource, query.fields), compiled.orderBy);
  const joins = joinsNamed(resource, [compiled.where, compiled.orderBy]);
  const isScopeJoined = scope !== undefined && joinsNamed(resource, [scope]).length > 0;
  const walked = selectFrom(db, resource, { id: resource.id }, joins)
    .where(compiled.where)
    .orderBy(...compiled.orderBy)
    .limit(compiled.limit)
    .offset(compiled.offset);

  const counted = () => selectFrom(db, resource, { one: sql`1` }, joins).where(compiled.where);
  if (!compiled.matchesText && !isScopeJoined) {
    const [results, total] = await Promise.all([
      selectFrom(db, resource, selection.columns, selection.joins)
        .where(sql`${resource.id} in (${walked})`)
        .orderBy(...compiled.orderBy),
      query.count === "exact" ? countAll(db, counted) : estimateCountKept(db, resource, counted, companies),
    ]);
    return {
      results: results as Row[],
      ...(await countAtTheEnd(total, results.length, compiled, () => countAll(db, counted))),
    };
  }

  if (!compiled.matchesText && compiled.offset >= COUNT_CAP) {
    const deep = await findDeepPage<Row>(db, resource, query, compiled, joins, selection);
    if (deep) return deep;
  }

  // One statement counts at most one match past the cap and finds the page's ids: sorted from the matches when
  // they are all of them, else by walking the ordering. A second, prepared statement builds their rows. A list
  // filtered by text (an `icontains`) or scoped through a join comes this way too, with or without a search.
  const cap = compiled.offset + COUNT_CAP;
  const find = () => countAndFindPage(db, resource, compiled, cap, walked, joins);
  const { total, ids } = await findPageKept(db, resource, counted, companies, compiled, cap, walked, find);
  const count: Omit<Page<Row>, "results"> = total > cap
    ? { count: cap, count_capped: true }
    : { count: total };
  if (ids.length === 0) return { results: [], ...count };
  return { results: (await rowsOf(db, resource, query, compiled, ids, selection)) as Row[], ...count };
}

/**
 * `countAndFindPage` (`find`), with the number of matches kept between requests (`keptCounts`): when an earlier page
 * of the same rows found more than this page's cap, more still match, and the page's ids are found by walking the
 * ordering alone, without reading the matches again (a text filter's are read row by row: 8–13 ms of 200,000
 * orders, where the walk takes under 1 ms). A short page then says exactly how many match; an empty one, or a count
 * within the cap (the answer's exact figure), is counted anew.
 */
async function findPageKept(
  db: Db,
  resource: ListResource,
  rows: () => PgSelect,
  companies: Companies,
  { offset, limit }: CompiledListQuery,
  cap: number,
  walked: PgSelect,
  find: () => Promise<{ total: number; ids: (string | number)[] }>,
): Promise<{ total: number; ids: (string | number)[] }> {
  const kept = keptCounts(db, resource);
  if (!kept) return find();
  let fresh: ReturnType<typeof find> | undefined;
  const { total } = await kept.get(queryKey("capped", rows().toSQL()), companies, () => {
    fresh = find();
    return fresh;
  });
  if (fresh) return fresh;
  if (total <= cap) return find();
  const ids = ((await walked) as { id: string | number }[]).map((row) => row.id);
  if (ids.length === 0) return find();
  return { total: ids.length < limit ? offset + ids.length : total, ids };
}

/**
 * A deep page (`skip` past the cap) of a list scoped through a join, without a search: one walk of the ordering
 * finds its ids and counts up to `COUNT_CAP` rows past its start, as the count of such a list reads. Counting the
 * matches apart read every skipped row a second time: 100,000 containers each joined to its order, twice.
 * Undefined when the walk finds nothing (a page past the end, whose count the skipped rows do not tell).
 */
async function findDeepPage<Row>(
  db: Db,
  resource: ListResource,
  query: ListQuery,
  compiled: CompiledListQuery,
  joins: ListJoin[],
  selection: ReturnType<typeof pageSelection>,
): Promise<Page<Row> | undefined> {
  const ahead = (await selectFrom(db, resource, { id: resource.id }, joins)
    .where(compiled.where)
    .orderBy(...compiled.orderBy)
    .limit(COUNT_CAP + 1)
    .offset(compiled.offset)) as { id: string | number }[];
  if (ahead.length === 0) return undefined;
  const ids = ahead.slice(0, compiled.limit).map((row) => row.id);
  const results = (await rowsOf(db, resource, query, compiled, ids, selection)) as Row[];
  return ahead.length > COUNT_CAP
    ? { results, count: compiled.offset + COUNT_CAP, count_capped: true }
    : { results, count: compiled.offset + ahead.length };
}

/**
 * At most `cap + 1` matching rows (the scan stops there, whatever the plan), their number, and the page's ids in
 * the list's order: sorted from those matches when they are all of them, else found by `walked` (the ordering's
 * index, which meets the page's matches early); only the branch taken is run. The matches are a query of their
 * own (a materialized CTE), which the planner reads through the search's index (a bitmap scan) instead of
 * walking the ordering's index.
 */
async function countAndFindPage(
  db: Db,
  resource: ListResource,
  compiled: CompiledListQuery,
  cap: number,
  walked: PgSelect,
  joins: ListJoin[],
): Promise<{ total: number; ids: (string | number)[] }> {
  const keys = compiled.order.map((term, index) => sql`${term.key}`.as(`list_key_${index}`));
  const matches = selectFrom(
    db,
    resource,
    {
      list_id: sql`${resource.id}`.as("list_id"),
      ...Object.fromEntries(keys.map((key, index) => [`list_key_${index}`, key])),
    },
    joins,
  )
    .where(compiled.where)
    .limit(cap + 1);
  const order = compiled.order.map(
    (term, index) => sql`${sql.identifier(`list_key_${index}`)} ${sql.raw(term.descending ? "desc" : "asc")}`,
  );
  // `cap` passes the integer range when `skip` nears its end: compared as a bigint.
  const result = (await db.execute(sql`
    with "matches" as materialized (${matches})
    select "total", case when "total" > ${cap}::bigint then array(${walked})
      else array(select "list_id" from "matches" order by ${sql.join(order, sql`, `)}
        limit ${compiled.limit} offset ${compiled.offset}) end as "ids"
    from (select count(*)::int as "total" from "matches") as "counted"`)) as unknown as {
    rows: { total: number; ids: (string | number)[] }[];
  };
  const [row] = result.rows;
  return { total: Number(row?.total ?? 0), ids: row?.ids ?? [] };
}

/**
 * The values of one field with their row counts over every row the filters, search and scope match (not only a
 * loaded page), in the field's order; the grid's group panel shows them and opens a group as a filter.
 */
export async function findGroups(
  db: Db,
  resource: ListResource,
  query: ListQuery,
  scope?: SQL,
): Promise<Groups> {
  const { where } = compileListQuery(resource, query, scope);
  const { key, order } = compileGroupField(resource, query.group ?? "", query.tz);
  const joins = joinsNamed(resource, [where, key, order]);
  const rows = (await selectFrom(db, resource, { key: sql`${key}`.as("key"), count: count() }, joins)
    .where(where)
    .groupBy(key, order)
    .orderBy(sql`${order} nulls first`)
    .limit(1000)) as { key: unknown; count: number }[];
  const groups = rows.map((row) => ({ key: groupKey(row.key), count: Number(row.count) }));
  return { groups, count: groups.length };
}

function groupKey(value: unknown): string | number | boolean | null {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (value === null || typeof value === "number" || typeof value === "boolean") return value;
  return String(value);
}

/** A page, or the groups when the query names a field to group by. */
export function findList<Row>(
  db: Db,
  resource: ListResource,
  query: ListQuery,
  scope?: SQL,
  companies: Companies = null,
) {
  return query.group
    ? findGroups(db, resource, query, scope)
    : findPage<Row>(db, resource, query, scope, companies);
}

/** One row of a resource within the caller's scope; 404 outside it, as if it did not exist. */
export async function findOne<Row>(db: Db, resource: ListResource, id: number, scope?: SQL): Promise<Row> {
  const { where } = compileListQuery(resource, { skip: 0, take: 1 }, scope);
  const [row] = await selectFrom(db, resource, resource.columns).where(
    where ? sql`${resource.id} = ${id} and ${where}` : sql`${resource.id} = ${id}`,
  );
  if (!row) throw new NotFound();
  return row as Row;
}

/** Shapes the rows of a page for the wire; groups pass as they are. */
export function presentList<Row, Out>(
  list: Page<Row> | Groups,
  present: (row: Row) => Out,
): Page<Out> | Groups {
  if ("groups" in list) return list;
  const page: Page<Out> = { results: list.results.map(present), count: list.count };
  if (list.count_capped) page.count_capped = true;
  if (list.count_estimated) page.count_estimated = true;
  return page;
}
