import { freightOrderFields } from "@portal/domain";
import { fieldColumns, gridFields } from "../../components/data-grid/field-columns";
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_PAGE_SIZE_OPTIONS,
  type GridSource,
} from "../../components/data-grid/list-request";
import type { GridColumn } from "../../components/data-grid/types";
import { type OrderRow, orders } from "./api";

/**
 * The columns of /freight-orders (spec 01 §2): the order's fields the definitions offer to the grid, in their
 * order, shown and never edited here (the order's form changes them) but the status comment, edited under its
 * status's rule. Value types, sorting, filters and the editor come from the definitions. The default columns fit
 * a 1366 px laptop; a phone shows the number, status, destination and date. The status is filtered by its id (a
 * choice of the statuses) and sorted by its name in the interface language; the border crossing is shown, sorted
 * and filtered by its name.
 */
function orderColumns(language: string) {
  return gridFields<typeof freightOrderFields, OrderRow>(freightOrderFields, {
    id: { filter: "number", size: 80, phoneSize: 36 },
    company_name: { size: 160 },
    status: {
      type: "select",
      filter: "multi-select",
      sortField: language === "en" ? "status_name_en" : "status_name",
      size: 140,
      // Its longest word on one line ("согласовании", 92 px, and a phone cell's 8): a phone breaks values between
      // words only
      phoneSize: 100,
    },
    status_comment: { editable: true, size: 160 },
    customer_order_number: { size: 180 },
    consignor: { size: 190 },
    consignee: { size: 190 },
    freight_description: { size: 240 },
    dispatch_location: { size: 170 },
    border_crossing_point_name: { size: 170 },
    destination: { size: 140, phoneSize: 112 },
    order_contacts_email: { size: 190 },
    notes: { size: 240 },
    freightordercontainer: { size: 200 },
    // Wide enough for its from–to filter
    create_date: { size: 320, phoneSize: 84 },
  }).map((column) => ({ editable: false, ...column }));
}

/** What the page reads of a row whatever columns are shown (its row actions, the status column's name). */
export const ORDER_ROW_FIELDS = ["status", "status_name", "status_name_en"] as const;

/** What decides the list's calls and layout, as the page and its route's prefetch (prefetch.ts) both need it. */
export interface OrdersGrid extends GridSource {
  columns: GridColumn<OrderRow>[];
}

const grids = new Map<string, OrdersGrid>();

/**
 * The grid of /freight-orders as far as its list calls and layout go, in the interface `language` (the status
 * sorts by its name in it), so that the route's prefetch works out the first call without loading the page. The
 * page adds the headers, the statuses' names and the status comment's rule.
 */
export function ordersGrid(language: string): OrdersGrid {
  let grid = grids.get(language);
  if (!grid) {
    grid = {
      gridId: "freight-orders",
      resource: orders.path,
      defaultSorting: [{ id: "id", desc: true }],
      pageSize: DEFAULT_PAGE_SIZE,
      pageSizeOptions: DEFAULT_PAGE_SIZE_OPTIONS,
      columns: fieldColumns(freightOrderFields, orderColumns(language), (field) => field),
      // The status decides a row's edit and delete buttons and names itself (status_name/_en): the rows answer
      // the visible columns and these
      rowFields: ORDER_ROW_FIELDS,
    };
    grids.set(language, grid);
  }
  return grid;
}
