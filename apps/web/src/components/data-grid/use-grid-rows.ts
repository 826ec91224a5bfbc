import type { FilterNode } from "@portal/domain";
import { keepPreviousData, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import { apiRequest } from "../../app/api-client";
import { readerTimeZone } from "../../app/time-zone";
import { type ListState, listUrl, toListParams } from "./list-query";
import { gridQueryKey, listQueryKey } from "./list-request";
import { type GroupList, groupedData, groupRowId, groupRowsFilter } from "./server-groups";
import type { GridColumnSpec, ListPage } from "./types";

export interface GridRowsOptions<T> {
  gridId: string;
  /** The list endpoint; or `rows`, given by the page. */
  resource?: string;
  rows?: readonly T[];
  state: ListState;
  columns: readonly GridColumnSpec[];
  fixedFilter?: FilterNode | null;
  /** The column the group panel groups the endpoint's rows by, if any. */
  groupField: string | null;
  /** The fields the rows answer (`requestedFields`), or undefined for whole rows. */
  fields?: string;
}

/**
 * A page of a grid's list resource, silent (the grid shows its failure). The grid names the row type of its
 * columns; in development and in tests `apiRequest` checks the answer against the route table (packages/domain).
 */
export function fetchPage<T>(url: string, signal: AbortSignal): Promise<ListPage<T>> {
  return apiRequest(url, { signal, silent: true }) as Promise<ListPage<T>>;
}

/**
 * The rows a grid shows: a page of the endpoint, or its groups with the rows of the opened ones (server-side
 * grouping), or the rows the page gives.
 */
export function useGridRows<T>({
  gridId,
  resource,
  rows,
  state,
  columns,
  fixedFilter,
  groupField,
  fields,
}: GridRowsOptions<T>) {
  const queryClient = useQueryClient();
  const path = resource ?? "";
  const params = useMemo(
    () => toListParams(state, columns, fixedFilter, fields),
    [state, columns, fixedFilter, fields],
  );
  const page = useQuery({
    queryKey: listQueryKey(gridId, path, params),
    queryFn: ({ signal }) => fetchPage<T>(listUrl(path, params), signal),
    enabled: Boolean(resource) && !groupField,
    placeholderData: keepPreviousData,
    // A page its route prefetched while the grid's code loaded (list-request.ts) is not fetched again on mount
    staleTime: 5_000,
  });

  const groupParams = groupField
    ? { filters: params.filters, search: params.search, group: groupField, tz: readerTimeZone() }
    : null;
  const groups = useQuery({
    queryKey: [...gridQueryKey(gridId), path, "groups", groupParams],
    queryFn: ({ signal }) =>
      apiRequest(listUrl(path, groupParams ?? {}), { signal, silent: true }) as Promise<GroupList>,
    enabled: Boolean(resource && groupField),
    placeholderData: keepPreviousData,
  });

  // Opened groups and how many pages of each are loaded; a new grouping, filter or search closes them all
  const scope = JSON.stringify(groupParams);
  const [opened, setOpened] = useState<{ scope: string; pages: Record<string, number> }>({
    scope,
    pages: {},
  });
  const pages = opened.scope === scope ? opened.pages : NO_PAGES;
  const keys = useMemo(
    () =>
      new Map((groups.data?.groups ?? []).map((group) => [groupRowId(groupField ?? "", group.key), group])),
    [groups.data, groupField],
  );
  const pageQueries = Object.entries(pages).flatMap(([id, count]) => {
    const group = keys.get(id);
    if (!group || !groupField) return [];
    const filter = groupRowsFilter(fixedFilter, groupField, group.key);
    return Array.from({ length: count }, (_, pageIndex) => {
      const groupPage = toListParams({ ...state, pageIndex }, columns, filter, fields);
      return { id, queryKey: listQueryKey(gridId, path, groupPage), url: listUrl(path, groupPage) };
    });
  });
  const groupPages = useQueries({
    queries: pageQueries.map((item) => ({
      queryKey: item.queryKey,
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchPage<T>(item.url, signal),
    })),
  });

  const setPages = (change: (old: Record<string, number>) => Record<string, number>) =>
    setOpened((old) => ({ scope, pages: change(old.scope === scope ? old.pages : NO_PAGES) }));
  const refetch = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: gridQueryKey(gridId) }),
    [queryClient, gridId],
  );

  if (rows) {
    return {
      data: rows as T[],
      count: rows.length,
      countCapped: false,
      countEstimated: false,
      isLoading: false,
      isFetching: false,
      error: null,
      refetch,
      params,
      grouped: null,
    };
  }
  if (groupField) {
    const loaded = new Map<string, T[]>();
    pageQueries.forEach((item, index) => {
      const list = loaded.get(item.id) ?? [];
      loaded.set(item.id, [...list, ...(groupPages[index]?.data?.results ?? [])]);
    });
    const data = groupedData(groupField, groups.data?.groups ?? [], loaded);
    return {
      data: data as unknown as T[],
      count: groups.data?.count ?? 0,
      countCapped: false,
      countEstimated: false,
      isLoading: groups.isLoading,
      isFetching: groups.isFetching || groupPages.some((query) => query.isFetching),
      error: groups.error ?? groupPages.find((query) => query.error)?.error ?? null,
      refetch,
      params,
      grouped: {
        expanded: Object.fromEntries(Object.keys(pages).map((id) => [id, true])) as Record<string, boolean>,
        setExpanded: (next: Record<string, boolean>) =>
          setPages((old) =>
            Object.fromEntries(
              Object.keys(next)
                .filter((id) => next[id])
                .map((id) => [id, old[id] ?? 1]),
            ),
          ),
        loadMore: (id: string) => setPages((old) => ({ ...old, [id]: (old[id] ?? 0) + 1 })),
      },
    };
  }
  return {
    data: page.data?.results ?? (EMPTY as T[]),
    count: page.data?.count ?? 0,
    countCapped: Boolean(page.data?.count_capped),
    countEstimated: Boolean(page.data?.count_estimated),
    isLoading: page.isLoading,
    isFetching: page.isFetching,
    error: page.error,
    refetch,
    params,
    grouped: null,
  };
}

const NO_PAGES: Record<string, number> = {};
const EMPTY: never[] = [];
