/**
 * The grid's state as the list pattern's query (`ordering`, `skip`, `take`, `filters`, `search`).
 * Pure: no React, no MUI; the column filter values are taken as the table holds them (strings, `[min, max]`
 * pairs, string arrays; a day as `yyyy-MM-dd`, or a dayjs object or Date from a date picker).
 */
import { and, cond, type FilterNode, printFilter } from "@portal/domain";
import i18next from "i18next";
import { readerTimeZone } from "../../app/time-zone";
import { parseNumber } from "../form/input-rules";
import type { GridColumnSpec, GridFilterKind, GridSort } from "./types";

/** A column filter as the table keeps it in `columnFilters`. */
export interface ColumnFilterValue {
  id: string;
  value: unknown;
}

/** The server-relevant part of a grid's state. */
export interface ListState {
  pageIndex: number;
  pageSize: number;
  sorting: readonly GridSort[];
  columnFilters: readonly ColumnFilterValue[];
  /** The (already debounced) search text. */
  search: string;
}

/** Query parameters of a list call; absent ones are left out of the URL. */
export interface ListParams {
  ordering?: string;
  skip: number;
  take: number;
  filters?: string;
  search?: string;
  /** Answer the values of this field with their counts instead of rows (the group panel). */
  group?: string;
  /** The fields the rows answer (comma list): the visible columns and what the page reads of a row. */
  fields?: string;
  /** The zone whose days the filters' and groups' days are (`readerTimeZone`): sent with filters and groups. */
  tz?: string;
}

/** A filter value reduced to plain text: what goes into the URL and into conditions. */
export type PlainFilterValue = string | readonly [string, string] | readonly string[];

/** The filter editor of a column: its own `filter`, else the default for its type. */
export function filterKindOf(column: GridColumnSpec): GridFilterKind | null {
  if (column.filter === false) return null;
  if (column.filter) return column.filter;
  switch (column.type ?? "text") {
    case "number":
    case "money":
      return "number-range";
    case "date":
    case "datetime":
      return "date-range";
    case "boolean":
      return "boolean";
    case "select":
      return "select";
    default:
      return "text";
  }
}

/**
 * `ordering`: comma list, `-` for descending (a column's `sortField` for its id); undefined when unsorted.
 */
export function buildOrdering(
  sorting: readonly GridSort[],
  columns: readonly GridColumnSpec[] = [],
): string | undefined {
  if (sorting.length === 0) return undefined;
  const fields = new Map(columns.map((column) => [column.field, column.sortField ?? column.field]));
  return sorting
    .map((sort) => {
      const field = fields.get(sort.id) ?? sort.id;
      return sort.desc ? `-${field}` : field;
    })
    .join(",");
}

/**
 * A day as `yyyy-MM-dd`, from a dayjs object, a Date (its local day, as the pickers produce) or a string
 * that starts with one; null for empty or invalid input.
 */
export function toIsoDate(value: unknown): string | null {
  if (value == null || value === "") return null;
  if (typeof value === "string") return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  }
  if (isDayjsLike(value)) return value.isValid() ? value.format("YYYY-MM-DD") : null;
  return null;
}

/**
 * Reduces a column filter value to plain text for `kind`; undefined when the filter is
 * empty (cleared fields leave `""`, `["", ""]`, NaN or invalid dates behind).
 */
export function plainFilterValue(kind: GridFilterKind, value: unknown): PlainFilterValue | undefined {
  switch (kind) {
    case "text":
    case "number":
    case "boolean":
    case "select": {
      const text = scalarText(value);
      return text === "" ? undefined : text;
    }
    case "date":
      return toIsoDate(value) ?? undefined;
    case "number-range":
    case "date-range": {
      if (!Array.isArray(value)) return undefined;
      const read = kind === "date-range" ? (item: unknown) => toIsoDate(item) ?? "" : scalarText;
      const pair = [read(value[0]), read(value[1])] as const;
      return pair[0] === "" && pair[1] === "" ? undefined : pair;
    }
    case "multi-select": {
      const items = (Array.isArray(value) ? value : []).map(scalarText).filter((item) => item !== "");
      return items.length ? items : undefined;
    }
  }
}

/**
 * The `filters` condition of one column; null when its filter is empty or cannot be sent. Numbers are read as the
 * interface's language writes them (`1,500` is fifteen hundred in English, one and a half in Russian).
 */
export function buildColumnFilter(
  column: GridColumnSpec,
  value: unknown,
  language = "ru",
): FilterNode | null {
  const kind = filterKindOf(column);
  if (!kind) return null;
  const plain = plainFilterValue(kind, value);
  if (plain === undefined) return null;
  const { field } = column;
  switch (kind) {
    case "text":
      return cond(field, "icontains", plain as string);
    case "number": {
      const number = apiNumber(plain as string, language);
      return number === null ? null : cond(field, "exact", number);
    }
    case "boolean":
    case "select":
      return cond(field, "exact", plain as string);
    case "multi-select":
      return cond(field, "in", (plain as readonly string[]).join(","));
    case "number-range": {
      const [min, max] = (plain as readonly [string, string]).map((text) => apiNumber(text, language));
      return and(min == null ? null : cond(field, "gte", min), max == null ? null : cond(field, "lte", max));
    }
    // The API compares timestamps by their calendar day in the reader's zone (`tz`): a day means the whole day
    case "date":
      return cond(field, "exact", plain as string);
    case "date-range": {
      const [from, to] = plain as readonly [string, string];
      return and(from === "" ? null : cond(field, "gte", from), to === "" ? null : cond(field, "lte", to));
    }
  }
}

/** The `filters` expression of all column filters (and an always-applied `fixed` filter), or undefined. */
export function buildFilters(
  columnFilters: readonly ColumnFilterValue[],
  columns: readonly GridColumnSpec[],
  fixed?: FilterNode | null,
  language?: string,
): string | undefined {
  const byField = new Map(columns.map((column) => [column.field, column]));
  const nodes = columnFilters.map((filter) => {
    const column = byField.get(filter.id);
    return column ? buildColumnFilter(column, filter.value, language) : null;
  });
  const node = and(fixed, ...nodes);
  return node ? printFilter(node) : undefined;
}

/**
 * The `fields` a grid asks its list for: its visible columns' fields (a column is visible unless `visibility`
 * says false) and those the page reads of a row beyond them (`rowFields`: its row actions' and edit rules'), in
 * the columns' order, each once. Undefined without `rowFields`: a page that has not said what it reads of a row
 * gets whole rows.
 */
export function requestedFields(
  columns: readonly GridColumnSpec[],
  visibility: Readonly<Record<string, boolean>>,
  rowFields: readonly string[] | undefined,
): string | undefined {
  if (!rowFields) return undefined;
  const fields = new Set(columns.filter((column) => visibility[column.field] !== false).map((c) => c.field));
  for (const field of rowFields) fields.add(field);
  return [...fields].join(",");
}

/** The list call's parameters for the grid's state (`fields`: `requestedFields`' answer). */
export function toListParams(
  state: ListState,
  columns: readonly GridColumnSpec[],
  fixed?: FilterNode | null,
  fields?: string,
): ListParams {
  const params: ListParams = { skip: state.pageIndex * state.pageSize, take: state.pageSize };
  if (fields !== undefined) params.fields = fields;
  const ordering = buildOrdering(state.sorting, columns);
  if (ordering) params.ordering = ordering;
  const filters = buildFilters(state.columnFilters, columns, fixed, i18next.language);
  if (filters) {
    params.filters = filters;
    params.tz = readerTimeZone();
  }
  const search = state.search.trim();
  if (search) params.search = search;
  return params;
}

/** A list call's query: the parameters in a stable order, absent ones left out. */
export function listSearch(params: Partial<ListParams>): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of ["ordering", "skip", "take", "filters", "search", "group", "fields", "tz"] as const) {
    const value = params[key];
    if (value !== undefined && value !== "") query.set(key, String(value));
  }
  return query;
}

/** `resource?ordering=…&skip=…` with the parameters in a stable order. */
export function listUrl(resource: string, params: Partial<ListParams>): string {
  const text = listSearch(params).toString();
  if (!text) return resource;
  return `${resource}${resource.includes("?") ? "&" : "?"}${text}`;
}

function scalarText(value: unknown): string {
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return String(value);
  if (typeof value === "string") return value.trim();
  return "";
}

/** A number filter's text as the API's filters take a number (`1500.5`), or null when it reads as none. */
function apiNumber(text: string, language: string): string | null {
  const number = parseNumber(text, language);
  const plain = typeof number === "number" ? String(number) : "";
  // Past 21 digits a number prints with an exponent, which no filter takes
  return /^-?\d+(\.\d+)?$/.test(plain) ? plain : null;
}

/**
 * Whether the text typed into a number filter (or one end of its range) is a number in the interface's language, or
 * empty, so that "abc" is shown as invalid rather than silently filtering nothing away.
 */
export function isNumberText(text: unknown, language: string): boolean {
  const plain = scalarText(text);
  return plain === "" || apiNumber(plain, language) !== null;
}
function isDayjsLike(value: unknown): value is { isValid(): boolean; format(template: string): string } {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { isValid?: unknown }).isValid === "function" &&
    typeof (value as { format?: unknown }).format === "function"
  );
}

function pad(value: number): string {
  return String(value).padStart(2, "0");
}
