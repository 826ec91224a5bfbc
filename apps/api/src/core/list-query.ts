import {
  type FilterNode,
  FilterSyntaxError,
  FORWARDER_TIME_ZONE,
  INT4_MAX,
  INT4_MIN,
  isIsoDate,
  isTimeZone,
  type LiveResource,
  nextDay,
  parseFilter,
  startOfDayIn,
  timeZone,
} from "@portal/domain";
import { type AnyColumn, and, asc, desc, isNull, not, or, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import { searchDocument } from "../db/schema/search.ts";
import { ValidationFailed } from "./errors.ts";
import type { Message } from "./i18n.ts";

/** Query parameters of every grid resource (the list pattern). */
export const listQuery = z.object({
  ordering: z.string().max(500).optional(),
  skip: z.coerce.number().int().min(0).max(INT4_MAX).default(0),
  take: z.coerce.number().int().min(1).max(1000).default(20),
  search: z.string().max(200).optional(),
  filters: z.string().optional(),
  /** A field to group by: the answer is its values with their row counts over every filtered row. */
  group: z.string().max(100).optional(),
  /**
   * The fields a row answers, comma-separated (a grid's visible columns): only their columns are selected and only
   * the joins they need made; `id` and `version` always come. Without it a row answers every field.
   */
  fields: z.string().max(2000).optional(),
  /** `exact`: count every matching row even where the list would estimate a large count (`count_estimated`). */
  count: z.enum(["exact"]).optional(),
  /**
   * The IANA time zone whose days a timestamp's day filters and groups mean (the web sends the browser's, the zone
   * its screens show times in); without it, the forwarder's.
   */
  tz: timeZone()
    .optional()
    .meta({
      description: `IANA time zone of the days in timestamp filters, e.g. Asia/Vladivostok (default ${FORWARDER_TIME_ZONE})`,
    }),
});
export type ListQuery = z.infer<typeof listQuery>;

export type ListFieldType = "text" | "integer" | "number" | "boolean" | "date" | "timestamp";

/** A field a grid may sort and filter on, and the SQL expression behind it. */
export interface ListField {
  expr: AnyColumn | SQL;
  type: ListFieldType;
  /** Allowed values of a text field (states, statuses), in their logical order: others are refused. */
  choices?: readonly string[];
  /**
   * What the field's values sort and group by when not the values themselves: a relation's place in its
   * table's own order (an order's status by the workflow's order, not by its id).
   */
  rank?: AnyColumn | SQL;
  sortable?: boolean;
  filterable?: boolean;
}

export type SearchTarget = AnyColumn | SQL | { prefix: AnyColumn | SQL } | ((pattern: string) => SQL);

/** A table joined into a list for its fields, filters and search (left join: the row stays without a match). */
export interface ListJoin {
  table: PgTable;
  on: SQL;
}

/**
 * A list as one declaration: where its rows come from, what a row holds, and the allow-list of fields a query
 * may sort, filter, search and group by. Only these fields reach SQL, whatever the query says.
 */
export interface ListResource {
  /** The main table and its primary key (paging by ids, the tiebreaker of every ordering). */
  table: PgTable;
  id: AnyColumn;
  joins?: readonly ListJoin[];
  /** The selection of one full row (drizzle's nested selection shape), built for the page's ids only. */
  columns: Record<string, unknown>;
  /** Soft-deleted rows (`deleted_at` set) are outside every list and every scope. */
  deletedAt?: AnyColumn;
  fields: Record<string, ListField>;
  /**
   * What the `search` words are matched against: text expressions (the word anywhere), `{ prefix }` (a code that
   * starts with the word, leading zeros and all), or functions that build the condition for a `%word%` pattern
   * themselves (to search a related table through a subquery).
   */
  search: SearchTarget[];
  /**
   * The table's stored search document (`search_document`, db/schema/search.ts): every "contains" target above,
   * lowercased, in one column with one trigram index. When there is one, the words are matched on it alone.
   */
  searchDocument?: AnyColumn;
  defaultOrdering: string;
  /**
   * The names a `fields` parameter may ask for: the resource's field definitions (`resourceFrom`). A list without
   * them takes no `fields` (400 on any name).
   */
  answerFields?: readonly string[];
  /**
   * A row is more than its fields (a user with company, roles and derived flags, shaped by a presenter): `fields`
   * is checked, and the whole row answered.
   */
  isWholeRow?: boolean;
  /**
   * The live resources whose announced changes can change which rows the list holds (its own, and those of the
   * tables its filters read through joins): its broad counts are kept between requests until one of them changes in
   * the list's companies (core/list-counts.ts). A list without them counts on every request.
   */
  changedBy?: readonly LiveResource[];
}

/** One term of an ordering: the value rows sort by and its direction. */
export interface OrderTerm {
  key: AnyColumn | SQL;
  descending: boolean;
}

export interface CompiledListQuery {
  where: SQL | undefined;
  orderBy: SQL[];
  /** The same ordering as terms, to sort by them outside the query that selects them. */
  order: OrderTerm[];
  limit: number;
  offset: number;
  /**
   * The conditions match text by part (a search, an `icontains` filter): no index counts them, so the list counts
   * up to a cap (`findPage`) instead of every match.
   */
  matchesText: boolean;
}

const OPERATORS_BY_TYPE: Record<ListFieldType, readonly string[]> = {
  text: ["exact", "iexact", "icontains", "startswith", "in", "isnull"],
  integer: ["exact", "icontains", "lt", "lte", "gt", "gte", "in", "isnull"],
  number: ["exact", "lt", "lte", "gt", "gte", "in", "isnull"],
  boolean: ["exact", "isnull"],
  date: ["exact", "lt", "lte", "gt", "gte", "in", "isnull"],
  timestamp: ["exact", "lt", "lte", "gt", "gte", "isnull"],
};

const INTEGER = /^-?\d{1,10}$/;
const NUMBER = /^-?\d{1,15}(\.\d{1,10})?$/;

class BadValue extends Error {}

/** Converts one filter value to the field's type; throws BadValue when it does not fit. */
function coerce(field: ListField, value: string): string | number | boolean {
  switch (field.type) {
    case "integer": {
      // Integer fields are PostgreSQL `integer` columns: a value past their range would fail the query.
      const number = Number(value);
      if (!INTEGER.test(value) || number < INT4_MIN || number > INT4_MAX) throw new BadValue();
      return number;
    }
    case "number":
      if (!NUMBER.test(value)) throw new BadValue();
      return Number(value);
    case "boolean":
      if (value !== "true" && value !== "false") throw new BadValue();
      return value === "true";
    case "date":
    case "timestamp":
      if (!isIsoDate(value)) throw new BadValue();
      return value;
    case "text":
      if (field.choices && !field.choices.includes(value)) throw new BadValue();
      return value;
  }
}

/** `%` and `_` in a user's text are literal characters, not wildcards. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** What the filters of a query compile with: the zone of its days, and whether a condition matches text by part. */
interface FilterContext {
  timeZone: string;
  matchesText: boolean;
}

/**
 * A field's values as a grouping takes them: a timestamp by its calendar day in the reader's time zone. The zone is
 * written into the SQL, not sent as a parameter: the key is selected and grouped by, and PostgreSQL sees two
 * parameters as two expressions. A zone is a checked IANA name (`isTimeZone`: letters, digits, `_+-/`).
 */
function comparable(field: ListField, timeZone: string): SQL {
  if (field.type !== "timestamp") return sql`${field.expr}`;
  if (!isTimeZone(timeZone)) throw new Error(`not a time zone: ${timeZone}`);
  return sql`(${field.expr} at time zone ${sql.raw(`'${timeZone}'`)})::date`;
}

/** The instant a day starts in the zone, as SQL: a constant a timestamp's index can range over. */
export function dayStart(day: string, timeZone: string): SQL {
  return sql`to_timestamp(${startOfDayIn(day, timeZone) / 1000}::double precision)`;
}

/**
 * A timestamp's condition on a day (a grid's date filters mean whole days): the reader's day runs from its start in
 * their zone to the next day's start, so "on 27 November" in New York is 05:00 UTC on the 27th to 05:00 on the 28th.
 */
function dayCondition(expr: AnyColumn | SQL, op: string, day: string, timeZone: string): SQL {
  const start = () => dayStart(day, timeZone);
  const end = () => dayStart(nextDay(day), timeZone);
  switch (op) {
    case "exact":
      return sql`${expr} >= ${start()} and ${expr} < ${end()}`;
    case "lt":
      return sql`${expr} < ${start()}`;
    case "lte":
      return sql`${expr} < ${end()}`;
    case "gt":
      return sql`${expr} >= ${end()}`;
    default:
      return sql`${expr} >= ${start()}`;
  }
}

/** The resource's field of that name: own properties only, so `constructor` or `__proto__` are unknown fields. */
function fieldOf(resource: ListResource, name: string): ListField | undefined {
  return Object.hasOwn(resource.fields, name) ? resource.fields[name] : undefined;
}

function compileCondition(
  resource: ListResource,
  node: Extract<FilterNode, { kind: "cond" }>,
  context: FilterContext,
): SQL {
  const field = fieldOf(resource, node.field);
  if (!field || field.filterable === false) {
    throw filterError({ key: "filter_unknown_field", params: { field: node.field } });
  }
  if (!OPERATORS_BY_TYPE[field.type].includes(node.op)) {
    throw filterError({ key: "filter_bad_operator", params: { field: node.field, op: node.op } });
  }
  try {
    if (field.type === "timestamp" && ["exact", "lt", "lte", "gt", "gte"].includes(node.op)) {
      return dayCondition(field.expr, node.op, coerce(field, node.value) as string, context.timeZone);
    }
    switch (node.op) {
      case "isnull": {
        if (node.value !== "true" && node.value !== "false") throw new BadValue();
        return node.value === "true" ? sql`${field.expr} is null` : sql`${field.expr} is not null`;
      }
      case "icontains": {
        context.matchesText = true;
        // Text columns keep their own type so that their trigram indexes apply; numbers are searched as text.
        const text = field.type === "text" ? sql`${field.expr}` : sql`${field.expr}::text`;
        return sql`${text} ilike ${`%${escapeLike(node.value)}%`}`;
      }
      case "startswith":
        return sql`${field.expr} like ${`${escapeLike(node.value)}%`}`;
      case "iexact":
        return sql`lower(${field.expr}) = lower(${node.value})`;
      case "in": {
        const values = node.value.split(",").map((v) => coerce(field, v.trim()));
        if (values.length === 0 || values.length > 100) throw new BadValue();
        return sql`${field.expr} in (${sql.join(
          values.map((v) => sql`${v}`),
          sql`, `,
        )})`;
      }
      case "exact":
        return sql`${field.expr} = ${coerce(field, node.value)}`;
      case "lt":
        return sql`${field.expr} < ${coerce(field, node.value)}`;
      case "lte":
        return sql`${field.expr} <= ${coerce(field, node.value)}`;
      case "gt":
        return sql`${field.expr} > ${coerce(field, node.value)}`;
      case "gte":
        return sql`${field.expr} >= ${coerce(field, node.value)}`;
    }
  } catch (error) {
    if (error instanceof BadValue) {
      throw filterError({ key: "filter_bad_value", params: { field: node.field, value: node.value } });
    }
    throw error;
  }
}

/**
 * The SQL of a field a list may group by, and how its values sort: choices in their declared order, timestamps
 * by their calendar day in the reader's zone (`tz`), as their filters compare them.
 */
export function compileGroupField(
  resource: ListResource,
  name: string,
  timeZone: string = FORWARDER_TIME_ZONE,
): { key: SQL; order: SQL } {
  const field = fieldOf(resource, name);
  if (!field || field.filterable === false) {
    throw new ValidationFailed({ group: [{ key: "group_unknown_field", params: { field: name } }] });
  }
  const key = comparable(field, timeZone);
  const rank = sortKey(field);
  return { key, order: rank === undefined ? key : sql`${rank}` };
}

/**
 * Compiles a filter tree into a parameterised condition: values only ever travel as parameters. `context` gives the
 * zone of the days and learns whether a condition matches text by part.
 */
function compileFilter(resource: ListResource, node: FilterNode, context: FilterContext): SQL {
  switch (node.kind) {
    case "cond":
      return compileCondition(resource, node, context);
    case "not":
      return not(compileFilter(resource, node.item, context));
    case "and":
      return and(...node.items.map((item) => compileFilter(resource, item, context))) as SQL;
    case "or":
      return or(...node.items.map((item) => compileFilter(resource, item, context))) as SQL;
  }
}

function filterError(message: Message): ValidationFailed {
  return new ValidationFailed({ filters: [message] });
}

function parseFilters(text: string): FilterNode | null {
  try {
    return parseFilter(text);
  } catch (error) {
    if (!(error instanceof FilterSyntaxError)) throw error;
    if (error.code === "too_long") throw filterError({ key: "filter_too_long" });
    if (error.code === "too_deep") throw filterError({ key: "filter_too_deep" });
    throw filterError({ key: "filter_syntax", params: { position: error.position + 1 } });
  }
}

/** The shortest word a trigram index finds anywhere in a text: pg_trgm needs three characters. */
const TRIGRAM = 3;

/** A target matched by containing the word: a text column or expression (not a prefix, not a function). */
export function isContains(target: SearchTarget): target is AnyColumn | SQL {
  return typeof target !== "function" && !("prefix" in target);
}

/**
 * The search: every word must match (AND); a word matches when any search target does (OR). The "contains"
 * targets are matched as one document: the table's stored `search_document` when it has one (already lowercased,
 * so `like lower(pattern)` finds what `ilike` would without lowercasing every row it reads), else the
 * `searchDocument` expression of them. Either way each word is one condition on one trigram index instead of an
 * OR over one index a column. A word of one or two characters holds no trigram, so it matches where a word starts
 * (the start of the document, or after a space): the index finds that by the word's leading blanks, where
 * "anywhere" would read every row.
 */
function compileSearch(resource: ListResource, search: string): SQL | undefined {
  const words = search.trim().split(/\s+/).filter(Boolean).slice(0, 10);
  if (words.length === 0 || resource.search.length === 0) return undefined;
  const contains = resource.search.filter(isContains);
  const document = contains.length > 1 ? searchDocument(contains) : contains[0];
  const matchDocument = (pattern: string): SQL | undefined => {
    if (resource.searchDocument) return sql`${resource.searchDocument} like lower(${pattern})`;
    return document ? sql`${document} ilike ${pattern}` : undefined;
  };
  return and(
    ...words.map((word) => {
      const escaped = escapeLike(word);
      const patterns = [...word].length < TRIGRAM ? [`${escaped}%`, `% ${escaped}%`] : [`%${escaped}%`];
      return or(
        ...patterns.map(matchDocument),
        ...resource.search.map((target) => {
          if (typeof target === "function") return or(...patterns.map((pattern) => target(pattern)));
          if ("prefix" in target) return sql`${target.prefix} like ${`${escaped}%`}`;
          return undefined;
        }),
      );
    }),
  );
}

/** What a field sorts by instead of its value: its rank, or a choice's place in its list; undefined for the value. */
function sortKey(field: ListField): AnyColumn | SQL | undefined {
  return field.rank ?? (field.choices ? choiceRank(field.expr, field.choices) : undefined);
}

/** A choice sorts by its place in the declared list (new, pending, approved…), not by its code's spelling. */
function choiceRank(expr: AnyColumn | SQL, choices: readonly string[]): SQL {
  const ranks = choices.map((choice, index) => sql`when ${choice} then ${index}`);
  return sql`case ${expr} ${sql.join(ranks, sql` `)} end`;
}

function compileOrdering(resource: ListResource, ordering: string | undefined): OrderTerm[] {
  const terms = (ordering?.trim() ? ordering : resource.defaultOrdering)
    .split(",")
    .map((term) => term.trim())
    .filter(Boolean);
  const order = terms.map((term) => {
    const name = term.startsWith("-") ? term.slice(1) : term;
    const field = fieldOf(resource, name);
    if (!field || field.sortable === false) {
      throw new ValidationFailed({ ordering: [{ key: "ordering_unknown_field", params: { field: name } }] });
    }
    return { key: sortKey(field) ?? field.expr, descending: term.startsWith("-") };
  });
  // The primary key last, so that pages never overlap or skip rows.
  return [...order, { key: resource.id, descending: false }];
}

/**
 * Turns the list pattern's parameters into a WHERE condition, an ORDER BY and the page bounds, against the
 * resource's allow-list. Refuses unknown fields, bad operators and ill-typed values with 400 on the parameter.
 */
export function compileListQuery(resource: ListResource, query: ListQuery, scope?: SQL): CompiledListQuery {
  const filterTree = query.filters ? parseFilters(query.filters) : null;
  const context: FilterContext = { timeZone: query.tz ?? FORWARDER_TIME_ZONE, matchesText: false };
  const searched = query.search ? compileSearch(resource, query.search) : undefined;
  const where = and(
    resource.deletedAt ? isNull(resource.deletedAt) : undefined,
    scope,
    filterTree ? compileFilter(resource, filterTree, context) : undefined,
    searched,
  );
  const order = compileOrdering(resource, query.ordering);
  return {
    where,
    orderBy: order.map((term) => (term.descending ? desc(term.key) : asc(term.key))),
    order,
    limit: query.take,
    offset: query.skip,
    matchesText: context.matchesText || searched !== undefined,
  };
}

/**
 * The fields a row answers for a list's `fields` parameter: the names asked for (each one of the resource's
 * field definitions, else 400 on `fields`) with `id` and `version` (where the resource has them); undefined for
 * every field (no `fields`, or a resource whose rows are more than their fields).
 */
export function compileFields(resource: ListResource, fields: string | undefined): Set<string> | undefined {
  if (fields === undefined) return undefined;
  const known = new Set(resource.answerFields ?? []);
  const names = fields
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!known.has(name)) {
      throw new ValidationFailed({ fields: [{ key: "fields_unknown_field", params: { field: name } }] });
    }
  }
  if (resource.isWholeRow) return undefined;
  return new Set([...names, ...["id", "version"].filter((name) => known.has(name))]);
}
