import { describe, expect, it } from "vitest";
import { exportCell, formatCell, formatDate, formatDateTime, groupLabel } from "./format";
import type { GridColumn } from "./types";

const labels = { yes: "Да", no: "Нет" };

describe("formatting", () => {
  it("shows days as yyyy-MM-dd and keeps a bare day as it is in any zone", () => {
    expect(formatDate("2026-03-01")).toBe("2026-03-01");
    expect(formatDate(new Date(2026, 2, 1, 23, 30))).toBe("2026-03-01");
    expect(formatDate(null)).toBe("");
  });

  it("shows timestamps in local time", () => {
    const local = new Date(2026, 10, 21, 9, 5);
    expect(formatDateTime(local.toISOString())).toBe("2026-11-21 09:05");
  });

  it("formats by column type", () => {
    type Row = Record<string, unknown>;
    const select: GridColumn<Row> = {
      field: "state",
      header: "",
      type: "select",
      options: [{ value: "approved", label: "Подтверждён" }],
    };
    expect(formatCell(select, { state: "approved" }, labels)).toBe("Подтверждён");
    expect(formatCell(select, { state: "other" }, labels)).toBe("other");
    expect(formatCell({ field: "b", header: "", type: "boolean" }, { b: false }, labels)).toBe("Нет");
    expect(formatCell({ field: "r", header: "", value: () => ["A", "B"] }, {}, labels)).toBe("A, B");
    expect(formatCell({ field: "x", header: "" }, { x: null }, labels)).toBe("");
  });

  it("shows amounts in rubles in the user's language, and keeps them numbers for XLSX", () => {
    type Row = Record<string, unknown>;
    const cost: GridColumn<Row> = { field: "cost", header: "", type: "money" };
    expect(formatCell(cost, { cost: 287500 }, labels).replace(/\s/g, " ")).toBe("287 500,00 ₽");
    expect(formatCell(cost, { cost: 1234.5 }, { ...labels, language: "en" })).toMatch(/1,234\.50/);
    expect(formatCell(cost, { cost: "27600.00" }, labels).replace(/\s/g, " ")).toBe("27 600,00 ₽");
    expect(exportCell(cost, { cost: 1234.5 }, labels)).toBe(1234.5);
  });

  it("shows an amount in its row's currency when the column names it", () => {
    type Row = Record<string, unknown>;
    const cost: GridColumn<Row> = {
      field: "cost",
      header: "",
      type: "money",
      currency: (row) => row.currency as string,
    };
    expect(formatCell(cost, { cost: 1250.5, currency: "USD" }, labels).replace(/\s/g, " ")).toBe(
      "1 250,50 $",
    );
    expect(formatCell(cost, { cost: 8000, currency: "CNY" }, labels)).toMatch(/^8\s000,00\sCN¥$/);
    expect(formatCell(cost, { cost: 100, currency: null }, labels).replace(/\s/g, " ")).toBe("100,00 ₽");
    expect(formatCell(cost, { cost: 100, currency: "??" }, labels).replace(/\s/g, " ")).toBe("100,00 ??");
  });

  it("keeps numbers and days typed for XLSX", () => {
    type Row = Record<string, unknown>;
    expect(exportCell<Row>({ field: "n", header: "", type: "number" }, { n: 5 }, labels)).toBe(5);
    expect(exportCell<Row>({ field: "d", header: "", type: "date" }, { d: "2026-03-01" }, labels)).toEqual(
      new Date(Date.UTC(2026, 2, 1)),
    );
    expect(exportCell<Row>({ field: "b", header: "", type: "boolean" }, { b: true }, labels)).toBe("Да");
  });

  it("names a group of empty values instead of showing a bare count", () => {
    expect(groupLabel("", 3, "(пусто)")).toBe("(пусто) (3)");
    expect(groupLabel("  ", 1, "(empty)")).toBe("(empty) (1)");
    expect(groupLabel("Новый", 2, "(пусто)")).toBe("Новый (2)");
  });
});
