import { containerFields } from "@portal/domain";
import { fieldColumns, gridFields } from "../../components/data-grid/field-columns";
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_PAGE_SIZE_OPTIONS,
  type GridSource,
} from "../../components/data-grid/list-request";
import type { GridColumn } from "../../components/data-grid/types";
import { type ContainerRow, containers } from "./api";

/**
 * The columns of /containers (spec 02 §2): the container's fields the definitions offer to the grid, in their
 * order, shown only (the container's form changes them). The default columns fit a 1366 px laptop: the number, its
 * order, company and status, where it is, its arrival at the border, its package and its transit declaration; a
 * phone shows the number, the order's status and the package. The order's status is filtered by its id (a choice of
 * the statuses) and sorted by its name in the interface language.
 */
function containerColumns(language: string) {
  return gridFields<typeof containerFields, ContainerRow>(containerFields, {
    id: { filter: "number", size: 70 },
    container: { size: 165, phoneSize: 120 },
    freight_order: { filter: "number", size: 88 },
    company_name: { size: 150 },
    freight_order_status: {
      type: "select",
      filter: "multi-select",
      sortField: language === "en" ? "freight_order_status_name_en" : "freight_order_status_name",
      size: 150,
      // Its longest word on one line ("согласовании", 92 px, and a phone cell's 8): a phone breaks values between
      // words only
      phoneSize: 100,
    },
    location: { size: 170 },
    arrival_at_border_date: { size: 120 },
    pkg_state: { size: 160, phoneSize: 92 },
    td_number: { size: 190 },
    railway_transport_number: { size: 120 },
    railwaybill_number: { size: 120 },
    final_destination: { size: 170 },
    notes: { size: 200 },
    td_control: { size: 170 },
    dt_control: { size: 170 },
    create_date: { size: 170 },
  }).map((column) => ({ editable: false, ...column }));
}

/** What decides the list's calls and layout, as the page and its route's prefetch (prefetch.ts) both need it. */
export interface ContainersGrid extends GridSource {
  columns: GridColumn<ContainerRow>[];
}

/** What the page reads of a row whatever columns are shown (its name, the number's mark, its button's rule). */
export const CONTAINER_ROW_FIELDS = [
  "container",
  "is_number_valid",
  "freight_order_status",
  "freight_order_status_name",
  "freight_order_status_name_en",
] as const;

const grids = new Map<string, ContainersGrid>();

/**
 * The grid of /containers as far as its list calls and layout go, in the interface `language` (the order's status
 * sorts by its name in it), so that the route's prefetch works out the first call without loading the page. The
 * page adds the headers, the statuses' and package states' names and the number's mark.
 */
export function containersGrid(language: string): ContainersGrid {
  let grid = grids.get(language);
  if (!grid) {
    grid = {
      gridId: "containers",
      resource: containers.path,
      defaultSorting: [{ id: "id", desc: true }],
      pageSize: DEFAULT_PAGE_SIZE,
      pageSizeOptions: DEFAULT_PAGE_SIZE_OPTIONS,
      columns: fieldColumns(containerFields, containerColumns(language), (field) => field),
      // The number names the row and shows its check's mark; the order's status decides the row's button
      rowFields: CONTAINER_ROW_FIELDS,
    };
    grids.set(language, grid);
  }
  return grid;
}
