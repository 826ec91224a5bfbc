import { companyFields, type RowOf } from "@portal/domain";
import { fieldColumns, gridFields } from "../../components/data-grid/field-columns";
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_PAGE_SIZE_OPTIONS,
  type GridSource,
} from "../../components/data-grid/list-request";
import { companies } from "./api";

export type CompanyRow = RowOf<typeof companyFields>;

/**
 * The grid of /companies as far as its list calls and layout go, so that the route's prefetch (prefetch.ts)
 * works out the first call without loading the page: the fields the definitions offer to the grid (spec 02,
 * Companies), the id and the forwarder flag in the column chooser. The page adds the headers.
 */
export const COMPANIES_GRID = {
  gridId: "companies",
  resource: companies.path,
  defaultSorting: [{ id: "name", desc: false }],
  pageSize: DEFAULT_PAGE_SIZE,
  pageSizeOptions: DEFAULT_PAGE_SIZE_OPTIONS,
  columns: fieldColumns<typeof companyFields, CompanyRow>(
    companyFields,
    gridFields(companyFields, {
      id: { size: 90 },
      // The default columns fit a 1366 px laptop; the date's from–to filter needs its width
      name: { size: 230 },
      inn: { size: 115 },
      freight_forwarding_contract: { size: 165 },
      freight_forwarding_contract_date: { size: 250 },
      contract_nums: { size: 160 },
      notification_msg: { size: 190 },
      debtor: { size: 100 },
      is_expedition_company: { size: 120 },
    }),
    // The page names the columns in the interface language
    (field) => field,
  ),
} satisfies Omit<GridSource, "columns"> & { columns: readonly unknown[] };
