import { createHash } from "node:crypto";
import { Column, getTableName, is, isSQLWrapper, SQL, sql, Table, View } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import type { CompiledListQuery, ListJoin, ListQuery, ListResource } from "./list-query.ts";

// What a list's statements select and join (findPage): the table with the joins its conditions, ordering and fields
// name, and the prepared statement that builds a page's rows from their ids.

/**
 * SELECT `columns` FROM the resource's table with its joins (all of them, or those given), ready for WHERE,
 * ORDER BY and paging.
 */
export function selectFrom(
  db: Db,
  resource: ListResource,
  columns: Record<string, unknown>,
  joins = resource.joins ?? [],
): PgSelect {
  let query = db
    .select(columns as never)
    .from(resource.table)
    .$dynamic() as unknown as PgSelect;
  for (const join of joins) query = query.leftJoin(join.table, join.on) as unknown as PgSelect;
  return query;
}

/** The names of the tables (or aliases) whose columns some SQL names, however deeply nested. */
function tablesNamed(chunks: readonly unknown[], names = new Set<string>(), seen = new Set<unknown>()) {
  for (const chunk of chunks) {
    if (chunk === null || typeof chunk !== "object" || seen.has(chunk)) continue;
    seen.add(chunk);
    if (is(chunk, Column)) names.add(getTableName(chunk.table));
    else if (is(chunk, SQL)) tablesNamed(chunk.queryChunks, names, seen);
    else if (is(chunk, SQL.Aliased)) tablesNamed([chunk.sql], names, seen);
    else if (Array.isArray(chunk)) tablesNamed(chunk, names, seen);
    else if (isSQLWrapper(chunk) && !is(chunk, Table) && !is(chunk, View)) {
      tablesNamed([chunk.getSQL()], names, seen); // a subquery
    }
  }
  return names;
}

/**
 * The joins that these parts of a query (conditions, ordering) need: those they name and those the needed ones'
 * own conditions name. The ids of a page and the count read only these. The joins of a list are left joins to at
 * most one row (a row's company, status or author), so leaving one out changes neither the rows nor their
 * number, and the planner reads the table alone: it keeps a removed join's column in the row it reads (PostgreSQL
 * 15), so a count read the whole table instead of an index that holds every column the count needs.
 */
export function joinsNamed(resource: ListResource, parts: readonly unknown[]): ListJoin[] {
  const joins = resource.joins ?? [];
  const names = tablesNamed(parts);
  const needed = new Set<ListJoin>();
  for (const join of [...joins].reverse()) {
    if (!names.has(getTableName(join.table))) continue;
    needed.add(join);
    tablesNamed([join.on], names);
  }
  return joins.filter((join) => needed.has(join));
}

/** Every value of a (nested) selection: the columns and expressions it names. */
function selectedValues(selection: Record<string, unknown>): unknown[] {
  return Object.values(selection).flatMap((value) =>
    value !== null && typeof value === "object" && value.constructor === Object
      ? selectedValues(value as Record<string, unknown>)
      : [value],
  );
}

/**
 * What a page's rows select for the fields asked (`fields`, compiled): those fields' selections and what the
 * resource selects beyond its fields (an order's containers' package files), with the joins they and the ordering
 * name; every field and every join when no fields are asked.
 */
export function pageSelection(
  resource: ListResource,
  answered: Set<string> | undefined,
  orderBy: readonly SQL[],
): { columns: Record<string, unknown>; joins: ListJoin[] | undefined; key: string } {
  if (!answered) return { columns: resource.columns, joins: undefined, key: "" };
  const fieldNames = new Set(resource.answerFields ?? []);
  const columns = Object.fromEntries(
    Object.entries(resource.columns).filter(([name]) => answered.has(name) || !fieldNames.has(name)),
  );
  return {
    columns,
    joins: joinsNamed(resource, [...selectedValues(columns), ...orderBy]),
    key: Object.keys(columns).sort().join(","),
  };
}

interface RowsStatement {
  execute(values: { ids: unknown[] }): Promise<unknown[]>;
}

/** The prepared statements of `rowsOf`: per database handle and resource, by ordering. */
const rowsStatements = new WeakMap<Db, WeakMap<ListResource, Map<string, RowsStatement>>>();
/**
 * Orderings (with the fields asked) a resource keeps a prepared statement for; others (rare combinations) are
 * planned each time.
 */
const PREPARED_ORDERINGS = 50;

/**
 * The full rows of the page's ids, in the list's order. The statement differs only by the list's ordering, so
 * it is a named prepared statement: parsed once a connection and, after a few runs, executed on a generic plan,
 * which costs nothing to plan and looks the page's few rows up through the joins' keys (planned for the ids it
 * was given, it hashed every row of the joined table, 2,000 companies for 20 users). It selects the fields asked
 * (`selection`) with only their joins, so it is kept by ordering and fields.
 */
export async function rowsOf(
  db: Db,
  resource: ListResource,
  query: ListQuery,
  compiled: CompiledListQuery,
  ids: (string | number)[],
  selection: ReturnType<typeof pageSelection>,
): Promise<unknown[]> {
  const byResource = rowsStatements.get(db) ?? new WeakMap<ListResource, Map<string, RowsStatement>>();
  rowsStatements.set(db, byResource);
  const byOrdering = byResource.get(resource) ?? new Map<string, RowsStatement>();
  byResource.set(resource, byOrdering);
  const ordering = `${query.ordering?.trim() || resource.defaultOrdering}|${selection.key}`;
  let statement = byOrdering.get(ordering);
  if (!statement) {
    const rows = selectFrom(db, resource, selection.columns, selection.joins)
      .where(sql`${resource.id} = any(${sql.placeholder("ids")})`)
      .orderBy(...compiled.orderBy);
    const hash = createHash("sha1").update(rows.toSQL().sql).digest("hex").slice(0, 24);
    // An empty name is the unnamed statement, planned each time: past the limit, nothing more is kept.
    const name = byOrdering.size < PREPARED_ORDERINGS ? `list_rows_${hash}` : "";
    statement = rows.prepare(name) as unknown as RowsStatement;
    if (name) byOrdering.set(ordering, statement);
  }
  return statement.execute({ ids });
}
