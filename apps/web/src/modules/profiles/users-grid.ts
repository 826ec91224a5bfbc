import { userFields } from "@portal/domain";
import { fieldColumns } from "../../components/data-grid/field-columns";
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_PAGE_SIZE_OPTIONS,
  type GridSource,
} from "../../components/data-grid/list-request";
import { USERS_PATH } from "./api";
import type { UserRow } from "./types";

const NOT_SORTABLE = { sortable: false, filter: false } as const;
/** Shown, never edited here: the user changes them in their profile. */
const READ_ONLY = { editable: false } as const;

/**
 * The users grid of /profiles as far as its list calls and layout go: value types, sorting, filters, editors
 * and their checks come from the users' field definitions; the page adds headers, labels and the company
 * editor, and the route's prefetch (prefetch.ts) works out the first call from these columns without loading the
 * page. The default columns fit a 1366 px laptop; registration and last sign-in are in the column chooser (the
 * spec shows no columns beyond the user's fields).
 */
export const USERS_GRID = {
  gridId: "profiles",
  resource: USERS_PATH,
  defaultSorting: [{ id: "date_joined", desc: true }],
  pageSize: DEFAULT_PAGE_SIZE,
  pageSizeOptions: DEFAULT_PAGE_SIZE_OPTIONS,
  columns: fieldColumns<typeof userFields, UserRow>(
    userFields,
    [
      { field: "id", filter: "number", hidden: true, size: 90 },
      { field: "username", size: 150, ...READ_ONLY },
      { field: "last_name", size: 120 },
      { field: "first_name", size: 110 },
      { field: "email", size: 170 },
      { field: "phone", size: 130 },
      { field: "company__name", size: 160 },
      { field: "state", size: 140 },
      { field: "roles", size: 130, ...NOT_SORTABLE },
      { field: "is_active", size: 100 },
      { field: "is_manager", type: "boolean", hidden: true, ...NOT_SORTABLE },
      { field: "is_head", type: "boolean", hidden: true, ...NOT_SORTABLE },
      { field: "is_administrator", type: "boolean", hidden: true, ...NOT_SORTABLE },
      { field: "request_inn", hidden: true, size: 150, ...NOT_SORTABLE, ...READ_ONLY },
      { field: "request_name", hidden: true, size: 200, ...NOT_SORTABLE, ...READ_ONLY },
      { field: "request_contract_nums", hidden: true, size: 200, ...NOT_SORTABLE, ...READ_ONLY },
      { field: "date_joined", hidden: true },
      { field: "last_login", hidden: true },
    ],
    // The page names the columns in the interface language
    (field) => field,
  ),
} satisfies Omit<GridSource, "columns"> & { columns: readonly unknown[] };
