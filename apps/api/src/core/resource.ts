import { type FieldDef, type FieldKind, type Fields, isFilterable, isSortable } from "@portal/domain";
import { type AnyColumn, getTableColumns, getTableName, is, SQL, sql } from "drizzle-orm";
import { PgDialect, type PgTable } from "drizzle-orm/pg-core";
import { searchDocument } from "../db/schema/search.ts";
import {
  isContains,
  type ListField,
  type ListFieldType,
  type ListJoin,
  type ListResource,
  type SearchTarget,
} from "./list-query.ts";

/** How the list query treats each kind of field; lists of ids are shown, not filtered. */
const LIST_TYPES: Record<FieldKind, ListFieldType | null> = {
  id: "integer",
  text: "text",
  integer: "integer",
  money: "number",
  boolean: "boolean",
  date: "date",
  timestamp: "timestamp",
  choice: "text",
  relation: "integer",
  relations: null,
  person: "text",
};

/** The drizzle column types that can hold each kind of field. */
const COLUMN_TYPES: Record<FieldKind, readonly string[]> = {
  id: ["PgSerial", "PgInteger"],
  text: ["PgVarchar", "PgText"],
  integer: ["PgInteger", "PgSmallInt", "PgSerial"],
  // Read as a number (`numeric(…, { mode: "number" })`): answers carry money as a JSON number, never as text
  money: ["PgNumericNumber"],
  boolean: ["PgBoolean"],
  date: ["PgDateString", "PgDate"],
  timestamp: ["PgTimestamp", "PgTimestampString"],
  choice: ["PgVarchar", "PgText"],
  relation: ["PgInteger"],
  relations: [],
  // A user's names, from the resource's `people`
  person: [],
};

/**
 * Refuses a definition its column cannot hold: a text field over a varchar of another length, an integer over a
 * text column. Run when a resource is declared, so a mismatch fails every test and the start-up, not a request.
 */
export function checkColumn(name: string, field: FieldDef, column: AnyColumn): void {
  const { columnType } = column as unknown as { columnType: string };
  if (!COLUMN_TYPES[field.kind].includes(columnType)) {
    throw new Error(`field ${name} (${field.kind}) does not fit its column ${column.name} (${columnType})`);
  }
  const length = (column as unknown as { length?: number }).length;
  if (field.kind === "text" && columnType === "PgVarchar" && length !== field.max) {
    throw new Error(`field ${name} allows ${field.max} characters, its column ${column.name} ${length}`);
  }
}

const dialect = new PgDialect();

/**
 * The table's stored search document, when it has one, after checking that it is generated from exactly the
 * resource's "contains" search targets in their order (db/schema/search.ts): a field made searchable without its
 * column in the document would never match. Run when a resource is declared, as `checkColumn` is.
 */
function storedSearchDocument(table: PgTable, search: readonly SearchTarget[]): AnyColumn | undefined {
  const column = (getTableColumns(table) as Record<string, AnyColumn>).search_document;
  if (!column) return undefined;
  const as = column.generated?.as;
  const generated = is(as, SQL) ? as : typeof as === "function" ? (as as () => SQL)() : undefined;
  const expected = sql`lower(${searchDocument(search.filter(isContains))})`;
  if (!generated || dialect.sqlToQuery(generated).sql !== dialect.sqlToQuery(expected).sql) {
    throw new Error(
      `${getTableName(table)}.search_document must be generated as ${dialect.sqlToQuery(expected).sql}`,
    );
  }
  return column;
}

/** The columns of a user a `person` field shows. */
export interface PersonColumns {
  first_name: AnyColumn;
  last_name: AnyColumn;
  username?: AnyColumn;
}

/** A timestamp as the API answers it: ISO 8601 in UTC (`2026-03-01T09:30:00.000Z`). */
export function isoTimestamp(expr: AnyColumn | SQL): SQL<string | null> {
  return sql<string | null>`to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

export interface ResourceSource {
  /** The resource's field definitions (packages/domain). */
  fields: Fields;
  table: PgTable;
  /** The primary key; default the table's `id`. */
  id?: AnyColumn;
  joins?: readonly ListJoin[];
  deletedAt?: AnyColumn;
  /** The SQL of fields that are not a column of the table by the same name (joined or computed values). */
  exprs?: Record<string, AnyColumn | SQL>;
  /** What fields sort and group by instead of their values (a status by its place in the workflow). */
  ranks?: Record<string, AnyColumn | SQL>;
  /** Further list-only fields (a joined company's name as `company__name`). */
  extraFields?: Record<string, ListField>;
  /** Further search targets (a copy of a related table's text, a related table's name through a subquery). */
  extraSearch?: SearchTarget[];
  /** The joined users (aliases of `users`) whose names the `person` fields answer (an order's `author`). */
  people?: Record<string, PersonColumns>;
  /**
   * The row selection, when a row is more than its fields (a user with company and roles): such a list answers
   * whole rows whatever its `fields` parameter asks.
   */
  columns?: Record<string, unknown>;
  defaultOrdering: string;
  /** `ListResource.changedBy`: the live resources whose changes change the list's rows. */
  changedBy?: ListResource["changedBy"];
}

/**
 * A list resource from field definitions: each field's SQL (its column unless `exprs` says otherwise), its
 * list type, ordering and filtering from its kind and flags, the search from its `searchable` (on the table's
 * stored search document when it has one), and the row selection of every field.
 */
export function resourceFrom(source: ResourceSource): ListResource {
  const columns = getTableColumns(source.table) as Record<string, AnyColumn>;
  const personOf = (name: string): PersonColumns => {
    const person = source.people?.[name];
    if (!person) throw new Error(`person field ${name} has no user in people`);
    return person;
  };
  const exprOf = (name: string): AnyColumn | SQL => {
    if (source.fields[name]?.kind === "person" && !source.exprs?.[name]) {
      const person = personOf(name);
      // Sorted, filtered and grouped as the name is read in lists: last name first
      return sql`(${person.last_name} || ' ' || ${person.first_name})`;
    }
    const expr = source.exprs?.[name] ?? columns[name];
    if (!expr) throw new Error(`field ${name} has no column or expression`);
    return expr;
  };
  /** What a row answers for the field: a person's names as an object, a timestamp as ISO text, else its SQL. */
  const selectionOf = (name: string, field: FieldDef): unknown => {
    if (field.kind === "person") {
      const { first_name, last_name, username } = personOf(name);
      return { first_name, last_name, ...(field.username && username ? { username } : {}) };
    }
    return field.kind === "timestamp" ? isoTimestamp(exprOf(name)) : exprOf(name);
  };
  const fields: Record<string, ListField> = {};
  const search: SearchTarget[] = [];
  for (const [name, field] of Object.entries(source.fields)) {
    const column = source.exprs?.[name] ? undefined : columns[name];
    if (column) checkColumn(name, field, column);
    const type = LIST_TYPES[field.kind];
    if (type) {
      fields[name] = {
        expr: exprOf(name),
        type,
        choices: field.kind === "choice" ? field.choices : undefined,
        rank: source.ranks?.[name],
        sortable: isSortable(field),
        filterable: isFilterable(field),
      };
    }
    if (field.searchable === "prefix") search.push({ prefix: exprOf(name) });
    else if (field.searchable) search.push(exprOf(name));
  }
  const id = source.id ?? columns.id;
  if (!id) throw new Error("a resource needs a primary key");
  search.push(...(source.extraSearch ?? []));
  return {
    table: source.table,
    id,
    joins: source.joins,
    deletedAt: source.deletedAt,
    columns:
      source.columns ??
      Object.fromEntries(
        Object.entries(source.fields).map(([name, field]) => [name, selectionOf(name, field)]),
      ),
    fields: { ...fields, ...source.extraFields },
    search,
    searchDocument: storedSearchDocument(source.table, search),
    defaultOrdering: source.defaultOrdering,
    answerFields: Object.keys(source.fields),
    isWholeRow: source.columns !== undefined,
    changedBy: source.changedBy,
  };
}

/**
 * The ids a row links to through a link table (a `relations` field), as a JSON array ordered by id: `target` the
 * link table's column of the linked ids, `owner` its column of the row's id, `id` the row's own id column.
 */
export function linkedIds(target: AnyColumn, owner: AnyColumn, id: AnyColumn): SQL<number[]> {
  return sql<
    number[]
  >`coalesce((select json_agg(${target} order by ${target}) from ${target.table} where ${owner} = ${id}), '[]'::json)`;
}
