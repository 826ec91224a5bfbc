import type { Fields, ListPage, RowOf } from "@portal/domain";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "./api-client";
import { queryClient } from "./query-client";

/** A row the API versions: changes name the `version` they are based on (409 when someone saved first). */
interface Versioned {
  id: number;
  version: number;
}

/**
 * The calls of one CRUD resource of the list pattern, typed by its field definitions (the API answers
 * `rowSchema` of the same fields), or by the API's own row type when it answers more than its fields
 * (`resourceClient<typeof userFields, User>`). The paths are built at run time, so the answers are typed here, once;
 * in development and in tests `apiRequest` checks each against the route table (`packages/domain`). Writes are silent: grids and forms show their 400s on the fields.
 * Every write drops the cached lists and rows of the resource (`queryKey`), so choices built from it are fresh.
 */
export function resourceClient<F extends Fields, Row = RowOf<F>>(path: string, _fields: F) {
  const queryKey = ["resource", path] as const;
  const changed = <R>(result: R) => {
    void queryClient.invalidateQueries({ queryKey });
    return result;
  };
  const rowPath = (id: number) => `${path}${id}/`;
  return {
    path,
    queryKey,
    /** Every row (up to the list pattern's largest page) in `ordering`, for the choices of a select. */
    allQuery: (ordering: string) =>
      queryOptions({
        queryKey: [...queryKey, "all", ordering],
        queryFn: ({ signal }) =>
          (apiRequest(`${path}?take=1000&ordering=${ordering}`, { signal }) as Promise<ListPage<Row>>).then(
            (page) => page.results,
          ),
        staleTime: 60_000,
      }),
    /**
     * One row, for a form: a 404 or 403 is reported by the global toasts, unless `silent` (the page reports it
     * in its own way).
     */
    oneQuery: (id: number, options: { silent?: boolean } = {}) =>
      queryOptions({
        queryKey: [...queryKey, "one", id],
        queryFn: ({ signal }) => apiRequest(rowPath(id), { signal, silent: options.silent }) as Promise<Row>,
        staleTime: 30_000,
      }),
    create: (body: Record<string, unknown>) =>
      (apiRequest(path, { method: "POST", json: body, silent: true }) as Promise<Row>).then(changed),
    update: (row: Versioned, changes: Record<string, unknown>) =>
      (
        apiRequest(rowPath(row.id), {
          method: "PATCH",
          json: { ...changes, version: row.version },
          silent: true,
        }) as Promise<Row>
      ).then(changed),
    remove: (row: { id: number }) =>
      apiRequest(rowPath(row.id), { method: "DELETE", silent: true }).then(() => changed(undefined)),
  };
}
