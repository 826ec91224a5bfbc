import { monitoringFields, terminalReportFields } from "@portal/domain";
import { fieldColumns, gridFields } from "../../components/data-grid/field-columns";
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_PAGE_SIZE_OPTIONS,
  type GridSource,
} from "../../components/data-grid/list-request";
import type { GridColumn } from "../../components/data-grid/types";
import { type MonitoringRow, monitoring, type TerminalReportRow, terminalReport } from "./api";

// The columns of the monitoring and the terminal report: the fields their definitions offer to the grid, in their
// order, with the widths a dense 1440 px screen wants; the own columns are edited in their cells by managers. A phone
// shows the container (its whole number), its dates or route: the rest is for wider screens.

/**
 * The monitoring's columns (spec 02 §2 "Monitoring"). The customs procedure type is the order's kind of shipment in
 * the interface language: in English its English name is the column (shown, sorted and filtered).
 */
export function monitoringColumns(
  language: string,
  header: (field: string) => string,
): GridColumn<MonitoringRow>[] {
  const columns = fieldColumns(
    monitoringFields,
    gridFields<typeof monitoringFields, MonitoringRow>(monitoringFields, {
      id: { filter: "number", size: 80 },
      company_name: { size: 170 },
      tk_order_number: { size: 130, phoneSize: 116 },
      container: { size: 130, phoneSize: 112 },
      prepare_to_ship_date: { size: 150 },
      railway_trip_start_date: { size: 150 },
      arrival_at_border_date: { size: 150 },
      customs_procedure_type: { size: 130 },
      delivery_terms: { size: 130 },
      dispatch_location: { size: 140 },
      border_crossing_point_name: { size: 140 },
      destination: { size: 150, phoneSize: 120 },
      foreign_forwarder: { size: 170 },
      foreign_shipping_invoice_no: { size: 130 },
      foreign_shipping_cost: { size: 130 },
      foreign_shipping_currency: { size: 110 },
      internal_shipping_invoice_no: { size: 130 },
      internal_shipping_cost: { size: 130 },
      internal_shipping_currency: { size: 110 },
      // "Дополнительные" and the editable column's mark on one line
      additional_expenses: { size: 150 },
      update_date: { size: 150 },
      updated_by: { size: 150 },
    }),
    header,
  );
  if (language !== "en") return columns;
  return columns.map((column) =>
    column.field === "customs_procedure_type" ? { ...column, field: "customs_procedure_type_en" } : column,
  );
}

/** The terminal report's columns (spec 02 §2 "Terminal report"): every header in both languages from the catalog. */
export function terminalReportColumns(header: (field: string) => string): GridColumn<TerminalReportRow>[] {
  return fieldColumns(
    terminalReportFields,
    gridFields<typeof terminalReportFields, TerminalReportRow>(terminalReportFields, {
      id: { filter: "number", size: 80 },
      freight_order_date: { size: 115, phoneSize: 88 },
      container: { size: 130, phoneSize: 112 },
      prefix: { size: 80 },
      number: { size: 100 },
      container_type_name: { size: 150 },
      owner: { size: 130 },
      dispatch_location: { size: 140 },
      consignor_name: { size: 170 },
      destination: { size: 150, phoneSize: 120 },
      consignee_name: { size: 170 },
      consignee_country_name: { size: 120 },
      freight_description: { size: 200 },
      package_count: { size: 100 },
      packing_kind: { size: 110 },
      tare_weight: { size: 100 },
      net_weight: { size: 100 },
      gross_weight: { size: 100 },
      seal_numbers: { size: 150 },
      notes: { size: 180 },
      special_conditions: { size: 180 },
      documents: { size: 260 },
      delivery_date: { size: 120 },
      waybill_number: { size: 130 },
      gu12_number: { size: 120 },
      dispatch_number: { size: 120 },
      wagon_number: { size: 110 },
      platform_model: { size: 120 },
      terminal_payment: { size: 130 },
      company_name: { size: 170 },
      update_date: { size: 150 },
      updated_by: { size: 150 },
    }),
    header,
  );
}

/**
 * The two grids: what decides their list calls and layout, so that a route's prefetch (prefetch.ts) works out the
 * first call as the page's grid makes it without loading the page, and their columns under `header`'s titles.
 */
export function monitoringGrid(language: string, header: (field: string) => string = (field) => field) {
  return {
    gridId: "monitoring",
    resource: monitoring.path,
    columns: monitoringColumns(language, header),
    defaultSorting: [{ id: "id", desc: true }],
    pageSize: DEFAULT_PAGE_SIZE,
    pageSizeOptions: DEFAULT_PAGE_SIZE_OPTIONS,
  } satisfies GridSource;
}

export function terminalReportGrid(header: (field: string) => string = (field) => field) {
  return {
    gridId: "terminal-report",
    resource: terminalReport.path,
    columns: terminalReportColumns(header),
    defaultSorting: [{ id: "id", desc: true }],
    pageSize: DEFAULT_PAGE_SIZE,
    pageSizeOptions: DEFAULT_PAGE_SIZE_OPTIONS,
  } satisfies GridSource;
}
