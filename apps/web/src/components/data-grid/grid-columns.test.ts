import {
  type ColumnFiltersState,
  createTable,
  getCoreRowModel,
  getFilteredRowModel,
} from "@tanstack/react-table";
import { describe, expect, it } from "vitest";
import { toTableColumns } from "./grid-columns";
import { isDayText } from "./grid-filter";
import type { GridColumn } from "./types";

interface Order {
  id: number;
  destination: string;
  weight: number;
  created: string;
  status: number;
}

const columns: GridColumn<Order>[] = [
  { field: "id", header: "No.", type: "number", filter: "number" },
  { field: "destination", header: "Destination" },
  { field: "weight", header: "Weight", type: "number" },
  { field: "created", header: "Created", type: "date" },
  {
    field: "status",
    header: "Status",
    type: "select",
    filter: "multi-select",
    options: [
      { value: 1, label: "Draft" },
      { value: 2, label: "Submitted" },
      { value: 3, label: "Approved" },
    ],
  },
];

const rows: Order[] = [
  { id: 1, destination: "Ташкент-Товарный", weight: 20, created: "2026-11-01T10:00:00Z", status: 1 },
  { id: 2, destination: "Алматы 1", weight: 35, created: "2026-11-15T10:00:00Z", status: 2 },
  { id: 3, destination: "Белый Раст", weight: 50, created: "2026-11-28T10:00:00Z", status: 3 },
];

/** The ids of the given rows a grid shows under these filters. */
function shown(filters: ColumnFiltersState): number[] {
  const table = createTable<Order>({
    data: rows,
    columns: toTableColumns(columns, { yes: "Yes", no: "No", language: "en" }, false),
    state: { columnFilters: filters, columnPinning: {} },
    onStateChange: () => {},
    renderFallbackValue: null,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
  });
  return table.getRowModel().rows.map((row) => row.original.id);
}

describe("the filter of a grid's given rows", () => {
  it("matches text by part in any case, numbers and choices by value", () => {
    expect(shown([{ id: "destination", value: "товар" }])).toEqual([1]);
    expect(shown([{ id: "id", value: "2" }])).toEqual([2]);
    expect(shown([{ id: "status", value: ["1", "3"] }])).toEqual([1, 3]);
  });

  it("keeps number and day ranges inclusive, either bound open", () => {
    expect(shown([{ id: "weight", value: ["30", "50"] }])).toEqual([2, 3]);
    expect(shown([{ id: "weight", value: ["", "35"] }])).toEqual([1, 2]);
    expect(shown([{ id: "created", value: ["2026-11-15", "2026-11-28"] }])).toEqual([2, 3]);
    expect(shown([{ id: "created", value: ["", "2026-11-01"] }])).toEqual([1]);
  });

  it("leaves every row shown for a filter it cannot read, rather than none", () => {
    expect(shown([{ id: "id", value: "abc" }])).toEqual([1, 2, 3]);
    expect(shown([{ id: "weight", value: ["", ""] }])).toEqual([1, 2, 3]);
  });
});

describe("a typed day", () => {
  it("is taken whole and real only", () => {
    expect(isDayText("")).toBe(true);
    expect(isDayText("2026-11-24")).toBe(true);
    expect(isDayText("2028-02-29")).toBe(true);
    expect(isDayText("2026-11-2")).toBe(false);
    expect(isDayText("2026-02-30")).toBe(false);
    expect(isDayText("2026-13-01")).toBe(false);
    expect(isDayText("24.11.2026")).toBe(false);
  });
});
