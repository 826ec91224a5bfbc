import { freightOrderFields } from "@portal/domain";
import { type FieldColumn, fieldColumns } from "../../components/data-grid/field-columns";
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_PAGE_SIZE_OPTIONS,
  type GridSource,
} from "../../components/data-grid/list-request";
import type { GridColumn } from "../../components/data-grid/types";
import { type OrderRow, orders } from "./api";

type OrderColumn = FieldColumn<typeof freightOrderFields, OrderRow>;

/** Shown and never edited in the list: the order's form changes them. */
const shown = (column: OrderColumn): OrderColumn => ({ editable: false, ...column });

/**
 * The columns of /freight-orders (spec 01 §2), in its order: value types, sorting, filters and the status
 * comment's editor come from the order's field definitions. The default columns fit a 1366 px laptop; the others
 * are in the column chooser. A phone shows the number, status, destination and date. The status is filtered by its id (a choice of the statuses) and sorted by its name
 * in the interface language; the border crossing is shown, sorted and filtered by its name.
 */
function orderColumns(language: string): OrderColumn[] {
  return [
    shown({ field: "id", filter: "number", size: 80, phoneSize: 36 }),
    shown({ field: "company_name", size: 160 }),
    shown({
      field: "status",
      type: "select",
      filter: "multi-select",
      sortField: language === "en" ? "status_name_en" : "status_name",
      size: 140,
      phoneSize: 92,
    }),
    { field: "status_comment", size: 160 },
    shown({ field: "customer_order_number", size: 180 }),
    shown({ field: "railway_transfer_subcode", hidden: true, size: 150 }),
    shown({ field: "consignor", hidden: true, size: 190 }),
    shown({ field: "consignee", hidden: true, size: 190 }),
    shown({ field: "delivery_terms", hidden: true, size: 160 }),
    shown({ field: "freight_description", hidden: true, size: 240 }),
    shown({ field: "dispatch_location", hidden: true, size: 170 }),
    shown({ field: "border_crossing_point_name", hidden: true, size: 170 }),
    shown({ field: "destination", size: 140, phoneSize: 100 }),
    shown({ field: "order_contacts_phone", hidden: true, size: 160 }),
    shown({ field: "order_contacts_email", hidden: true, size: 190 }),
    shown({ field: "order_contacts", hidden: true, size: 170 }),
    shown({ field: "notes", hidden: true, size: 240 }),
    shown({ field: "freightordercontainer", hidden: true, size: 200 }),
    shown({ field: "container_count", hidden: true, size: 200 }),
    // Wide enough for its from–to filter
    shown({ field: "create_date", size: 320, phoneSize: 84 }),
    shown({ field: "author", hidden: true, size: 170 }),
    shown({ field: "updated_by", hidden: true, size: 170 }),
  ];
}

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
    };
    grids.set(language, grid);
  }
  return grid;
}
