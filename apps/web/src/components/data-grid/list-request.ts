/**
 * A grid's first list call, worked out from the page URL and the user's saved layout exactly as the grid
 * itself will (use-grid-state.ts): a route can start it while the grid's code is still loading, and the grid
 * finds the answer in the query cache. No React, no MUI: a route's prefetch loads this and little else.
 */
import type { FilterNode } from "@portal/domain";
import { readItem } from "../../app/storage";
import { type LayoutColumns, layoutStorageKey, parseLayout } from "./layout";
import { type ListParams, listUrl, requestedFields, toListParams } from "./list-query";
import type { GridColumnSpec, GridSort } from "./types";
import { readUrlState } from "./url-state";

/** Page sizes of every grid (spec 01 §9). */
export const DEFAULT_PAGE_SIZE_OPTIONS: readonly number[] = [10, 15, 20, 50];
export const DEFAULT_PAGE_SIZE = 20;

/** The query key prefix of a grid's pages: invalidate it to reload the grid from outside. */
export function gridQueryKey(gridId: string) {
  return ["grid", gridId] as const;
}

/** The query key of one page of a grid's list. */
export function listQueryKey(gridId: string, resource: string, params: ListParams) {
  return [...gridQueryKey(gridId), resource, params] as const;
}

/** What decides a grid's list calls: the props of the same names on `DataGrid`. */
export interface GridSource {
  gridId: string;
  resource: string;
  columns: readonly (GridColumnSpec & LayoutColumns)[];
  defaultSorting?: readonly GridSort[];
  pageSize: number;
  pageSizeOptions: readonly number[];
  fixedFilter?: FilterNode | null;
  /** What the page reads of a row beyond its visible columns: given, the grid asks for those fields only. */
  rowFields?: readonly string[];
}

/** The key and URL of the list call a grid makes first for `search` (the page URL's query) and this user. */
export function initialListRequest(source: GridSource, search: URLSearchParams, userId: string | number) {
  const { gridId, resource, columns } = source;
  const layout = parseLayout(readItem(layoutStorageKey(userId, gridId)), columns, {
    pageSize: source.pageSize,
    pageSizeOptions: source.pageSizeOptions,
    sorting: source.defaultSorting,
  });
  const url = readUrlState(search, gridId, columns);
  const params = toListParams(
    {
      pageIndex: url.pageIndex,
      pageSize: layout.pageSize,
      sorting: url.sorting ?? layout.sorting,
      // URL filter values are the plain text the grid's own values are reduced to again
      columnFilters: url.filters,
      search: url.search,
    },
    columns,
    source.fixedFilter,
    requestedFields(columns, layout.columnVisibility, source.rowFields),
  );
  return { queryKey: listQueryKey(gridId, resource, params), url: listUrl(resource, params) };
}
