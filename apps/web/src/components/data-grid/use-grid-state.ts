/**
 * The grid's state and where each part lives:
 * - page, sorting, column filters and search: the URL (shareable; read on every render, written on change), or
 *   the same parameters in memory for a grid in a popup or a form;
 * - column visibility, order and sizes, density, grouping, page size and sorting: the user's saved layout
 *   (localStorage); sorting falls back to the layout when the URL does not name one.
 */
import type {
  ColumnFiltersState,
  ColumnOrderState,
  ColumnSizingState,
  GroupingState,
  PaginationState,
  SortingState,
  Updater,
  VisibilityState,
} from "@tanstack/react-table";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { readItem, writeItem } from "../../app/storage";
import { useSession } from "../../app/use-session";
import { type GridDensity, type GridLayout, layoutStorageKey, parseLayout } from "./layout";
import type { GridColumn, GridSort } from "./types";
import { clearUrlState, readUrlState, type UrlGridChange, writeUrlState } from "./url-state";

/** Debounce of the search field before it reaches the URL and the server. */
export const SEARCH_DEBOUNCE_MS = 400;

export interface GridStateOptions<T> {
  gridId: string;
  /** Where page, sorting, filters and search live: the page URL, or the grid alone (popups, grids in forms). */
  stateIn: "url" | "memory";
  columns: readonly GridColumn<T>[];
  defaultSorting?: readonly GridSort[];
  pageSize: number;
  pageSizeOptions: readonly number[];
}

export function useGridState<T>({
  gridId,
  stateIn,
  columns,
  defaultSorting,
  pageSize,
  pageSizeOptions,
}: GridStateOptions<T>) {
  const userId = useSession().user?.id ?? "anonymous";
  const storageKey = layoutStorageKey(userId, gridId);
  const layoutOptions = { pageSize, pageSizeOptions, sorting: defaultSorting };
  const [layout, setLayout] = useState<GridLayout>(() =>
    parseLayout(readItem(storageKey), columns, layoutOptions),
  );
  const defaultsRef = useRef(layoutOptions);

  // A different user on the same tab (sign-out, sign-in) gets their own layout
  const loadedKey = useRef(storageKey);
  useEffect(() => {
    if (loadedKey.current === storageKey) return;
    loadedKey.current = storageKey;
    setLayout(parseLayout(readItem(storageKey), columns, defaultsRef.current));
  }, [storageKey, columns]);

  // Column resizing changes the layout on every mouse move: write once it settles
  useEffect(() => {
    const timer = setTimeout(() => writeItem(storageKey, JSON.stringify(layout)), 300);
    return () => clearTimeout(timer);
  }, [layout, storageKey]);

  const [routerParams, setRouterParams] = useSearchParams();
  // In memory the grid keeps the same parameters as it would in the URL, for itself
  const [memoryParams, setMemoryParams] = useState(() => new URLSearchParams());
  const searchParams = stateIn === "memory" ? memoryParams : routerParams;
  const setMemoryParamsAs = useCallback<typeof setRouterParams>(
    (next) => setMemoryParams(next as URLSearchParams),
    [],
  );
  const setSearchParams = stateIn === "memory" ? setMemoryParamsAs : setRouterParams;
  const urlKey = searchParams.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: urlKey stands for searchParams' content
  const url = useMemo(() => readUrlState(searchParams, gridId, columns), [urlKey, gridId, columns]);

  // Several changes in one tick (a sort and a page)  must build on each other, not on the last render
  const pendingParams = useRef<URLSearchParams | null>(null);
  const latestParams = useRef(searchParams);
  latestParams.current = searchParams;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever the router has caught up
  useEffect(() => {
    pendingParams.current = null;
  }, [urlKey]);

  /** The state as last written: a change made before the router has rendered the previous one builds on it. */
  const written = () => readUrlState(pendingParams.current ?? latestParams.current, gridId, columns);

  const writeUrl = useCallback(
    (change: UrlGridChange) => {
      const base = pendingParams.current ?? latestParams.current;
      const next = writeUrlState(base, gridId, columns, change);
      if (next.toString() === base.toString()) return;
      pendingParams.current = next;
      setSearchParams(next, { replace: true, preventScrollReset: true });
    },
    [gridId, columns, setSearchParams],
  );

  const sorting: SortingState = url.sorting ?? layout.sorting;
  const pagination: PaginationState = { pageIndex: url.pageIndex, pageSize: layout.pageSize };
  // The filters' values as the URL has them (text, a pair of texts, a list of texts): the filter editors' own
  const columnFilters: ColumnFiltersState = useMemo(
    () => url.filters.map((filter) => ({ id: filter.id, value: filter.value })),
    [url.filters],
  );

  // The search box shows what is typed at once; the URL (and the query) get it after a pause
  const [searchInput, setSearchInput] = useState(url.search);
  const searchInputRef = useRef(searchInput);
  searchInputRef.current = searchInput;
  useEffect(() => {
    if (url.search !== searchInputRef.current.trim()) setSearchInput(url.search);
  }, [url.search]);
  useEffect(() => {
    const text = searchInput.trim();
    if (text === url.search) return;
    const timer = setTimeout(() => writeUrl({ search: text }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput, url.search, writeUrl]);

  const onSortingChange = (updater: Updater<SortingState>) => {
    const next = apply(updater, written().sorting ?? layout.sorting);
    writeUrl({ sorting: next });
    setLayout((old) => ({ ...old, sorting: next }));
  };
  const onPaginationChange = (updater: Updater<PaginationState>) => {
    const next = apply(updater, { ...pagination, pageIndex: written().pageIndex });
    if (next.pageSize !== pagination.pageSize) {
      setLayout((old) => ({ ...old, pageSize: next.pageSize }));
      writeUrl({ pageIndex: 0 });
    } else writeUrl({ pageIndex: next.pageIndex });
  };
  const onColumnFiltersChange = (updater: Updater<ColumnFiltersState>) => {
    writeUrl({ filters: apply(updater, written().filters) });
  };
  const layoutSetter =
    <K extends "columnVisibility" | "columnOrder" | "columnSizing" | "density" | "grouping">(key: K) =>
    (updater: Updater<GridLayout[K]>) =>
      setLayout((old) => ({ ...old, [key]: apply(updater, old[key]) }));

  /** Clear filters: column filters, search and grouping back to their defaults (sorting and the rest stay). */
  const clearFilters = () => {
    setSearchInput("");
    const base = pendingParams.current ?? latestParams.current;
    let next = clearUrlState(base, gridId);
    if (url.sorting) next = writeUrlState(next, gridId, columns, { sorting: url.sorting });
    pendingParams.current = next;
    setSearchParams(next, { replace: true, preventScrollReset: true });
    setLayout((old) => ({ ...old, grouping: [] }));
  };

  return {
    /** The server-relevant state (search debounced). */
    query: { pagination, sorting, columnFilters, search: url.search },
    /** The table's controlled state. */
    tableState: {
      pagination,
      sorting,
      columnFilters,
      globalFilter: searchInput,
      columnVisibility: layout.columnVisibility as VisibilityState,
      columnOrder: layout.columnOrder as ColumnOrderState,
      columnSizing: layout.columnSizing as ColumnSizingState,
      density: layout.density as GridDensity,
      grouping: layout.grouping as GroupingState,
    },
    handlers: {
      onSortingChange,
      onPaginationChange,
      onColumnFiltersChange,
      onGlobalFilterChange: (value: string | undefined) => setSearchInput(value ?? ""),
      onColumnVisibilityChange: layoutSetter("columnVisibility"),
      onColumnOrderChange: layoutSetter("columnOrder"),
      onColumnSizingChange: layoutSetter("columnSizing"),
      onDensityChange: layoutSetter("density"),
      onGroupingChange: layoutSetter("grouping"),
    },
    setSearchInput,
    clearFilters,
    hasFilters: url.filters.length > 0 || searchInput !== "" || layout.grouping.length > 0,
  };
}

function apply<V>(updater: Updater<V>, old: V): V {
  return typeof updater === "function" ? (updater as (old: V) => V)(old) : updater;
}
