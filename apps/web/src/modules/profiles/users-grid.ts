import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_PAGE_SIZE_OPTIONS,
  type GridSource,
} from "../../components/data-grid/list-request";
import type { GridColumn } from "../../components/data-grid/types";
import { USERS_PATH } from "./api";
import type { UserRow } from "./types";

const NOT_SORTABLE = { sortable: false, filter: false } as const;

/**
 * The users grid of /profiles as far as its list calls and layout go: the page adds headers, labels and
 * editors to these columns, and the route's prefetch (prefetch.ts) works out the first call from them without
 * loading the page. The default columns fit a 1366 px laptop; registration and last sign-in are in the column
 * chooser (the spec shows no columns beyond the user's fields).
 */
export const USERS_GRID = {
  gridId: "profiles",
  resource: USERS_PATH,
  defaultSorting: [{ id: "date_joined", desc: true }],
  pageSize: DEFAULT_PAGE_SIZE,
  pageSizeOptions: DEFAULT_PAGE_SIZE_OPTIONS,
  columns: [
    { field: "id", type: "number", filter: "number", hidden: true, size: 90 },
    { field: "username", size: 150 },
    { field: "last_name", size: 120 },
    { field: "first_name", size: 110 },
    { field: "email", size: 170 },
    { field: "phone", size: 130 },
    { field: "company__name", size: 160 },
    { field: "state", type: "select", size: 140 },
    { field: "roles", size: 130, ...NOT_SORTABLE },
    { field: "is_active", type: "boolean", size: 100 },
    { field: "is_manager", type: "boolean", hidden: true, ...NOT_SORTABLE },
    { field: "is_head", type: "boolean", hidden: true, ...NOT_SORTABLE },
    { field: "is_administrator", type: "boolean", hidden: true, ...NOT_SORTABLE },
    { field: "request_inn", hidden: true, size: 150, ...NOT_SORTABLE },
    { field: "request_name", hidden: true, size: 200, ...NOT_SORTABLE },
    { field: "request_contract_nums", hidden: true, size: 200, ...NOT_SORTABLE },
    { field: "date_joined", type: "datetime", hidden: true },
    { field: "last_login", type: "datetime", hidden: true },
  ],
} as const satisfies Omit<GridSource, "columns"> & {
  columns: readonly Omit<GridColumn<UserRow>, "header">[];
};
