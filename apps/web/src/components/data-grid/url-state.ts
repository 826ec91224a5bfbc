/**
 * The shareable part of a grid's state in the page URL: page, sorting, column filters and search, each
 * parameter prefixed with the grid's id so that two grids on one page keep apart:
 *
 *     ?users.page=2&users.sort=-date_joined,username&users.q=ivan
 *     &users.f.state=pending&users.f.date_joined=2026-01-01..2026-01-31&users.f.roles=a&users.f.roles=b
 *
 * The URL is the source of truth: the grid reads it on every render and writes every change back to it.
 * Pure functions over URLSearchParams.
 */
import { type ColumnFilterValue, filterKindOf, type PlainFilterValue, plainFilterValue } from "./list-query";
import type { GridColumnSpec, GridSort } from "./types";

/** The grid state kept in the URL. `sorting` is undefined when the URL says nothing about it. */
export interface UrlGridState {
  pageIndex: number;
  sorting: GridSort[] | undefined;
  filters: { id: string; value: PlainFilterValue }[];
  search: string;
}

/** A change to write; fields left out stay as they are. */
export interface UrlGridChange {
  pageIndex?: number;
  sorting?: readonly GridSort[];
  filters?: readonly ColumnFilterValue[];
  search?: string;
}

const RANGE_SEPARATOR = "..";

/** Names of a grid's URL parameters. */
export function urlParamNames(gridId: string) {
  return {
    page: `${gridId}.page`,
    sort: `${gridId}.sort`,
    search: `${gridId}.q`,
    filterPrefix: `${gridId}.f.`,
    filter: (field: string) => `${gridId}.f.${field}`,
  };
}

/** Reads a grid's state from the URL, ignoring unknown columns and malformed values. */
export function readUrlState(
  params: URLSearchParams,
  gridId: string,
  columns: readonly (GridColumnSpec & { sortable?: boolean })[],
): UrlGridState {
  const names = urlParamNames(gridId);
  const page = Number.parseInt(params.get(names.page) ?? "", 10);
  const sortText = params.get(names.sort);
  const sortable = new Set(
    columns.filter((column) => column.sortable !== false).map((column) => column.field),
  );
  const sorting =
    sortText === null
      ? undefined
      : sortText
          .split(",")
          .filter(Boolean)
          .map((item) =>
            item.startsWith("-") ? { id: item.slice(1), desc: true } : { id: item, desc: false },
          )
          .filter((sort) => sortable.has(sort.id));
  const filters: UrlGridState["filters"] = [];
  for (const column of columns) {
    const kind = filterKindOf(column);
    if (!kind) continue;
    const name = names.filter(column.field);
    const raw: unknown =
      kind === "multi-select"
        ? params.getAll(name)
        : kind === "number-range" || kind === "date-range"
          ? splitRange(params.get(name))
          : (params.get(name) ?? undefined);
    const value = plainFilterValue(kind, raw);
    if (value !== undefined) filters.push({ id: column.field, value });
  }
  return {
    pageIndex: Number.isFinite(page) && page > 1 ? page - 1 : 0,
    sorting,
    filters,
    search: params.get(names.search) ?? "",
  };
}

/**
 * Writes a change into a copy of `params`. A change of sorting, filters or search without an explicit page
 * goes back to the first page: the old page number means nothing in the new result.
 */
export function writeUrlState(
  params: URLSearchParams,
  gridId: string,
  columns: readonly GridColumnSpec[],
  change: UrlGridChange,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const names = urlParamNames(gridId);
  const resetsPage =
    change.sorting !== undefined || change.filters !== undefined || change.search !== undefined;
  const pageIndex = change.pageIndex ?? (resetsPage ? 0 : undefined);
  if (pageIndex !== undefined) setOrDelete(next, names.page, pageIndex > 0 ? String(pageIndex + 1) : "");
  if (change.sorting !== undefined) {
    // Written even when empty: "unsorted" in a shared link must not fall back to the reader's saved sorting
    next.set(names.sort, change.sorting.map((sort) => (sort.desc ? `-${sort.id}` : sort.id)).join(","));
  }
  if (change.search !== undefined) setOrDelete(next, names.search, change.search);
  if (change.filters !== undefined) {
    for (const key of [...next.keys()]) if (key.startsWith(names.filterPrefix)) next.delete(key);
    const byField = new Map(columns.map((column) => [column.field, column]));
    for (const filter of change.filters) {
      const column = byField.get(filter.id);
      const kind = column && filterKindOf(column);
      if (!kind) continue;
      const value = plainFilterValue(kind, filter.value);
      if (value === undefined) continue;
      const name = names.filter(filter.id);
      if (kind === "multi-select") for (const item of value as readonly string[]) next.append(name, item);
      else if (Array.isArray(value)) next.set(name, value.join(RANGE_SEPARATOR));
      else next.set(name, value as string);
    }
  }
  return next;
}

/** Removes every parameter of a grid: back to the saved layout's defaults. */
export function clearUrlState(params: URLSearchParams, gridId: string): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of [...next.keys()]) if (key.startsWith(`${gridId}.`)) next.delete(key);
  return next;
}

function splitRange(text: string | null): [string, string] | undefined {
  if (text === null) return undefined;
  const at = text.indexOf(RANGE_SEPARATOR);
  return at < 0 ? [text, ""] : [text.slice(0, at), text.slice(at + RANGE_SEPARATOR.length)];
}

function setOrDelete(params: URLSearchParams, name: string, value: string): void {
  if (value === "") params.delete(name);
  else params.set(name, value);
}
