/** Cell values as text (grid cells, CSV) and as typed values (XLSX). Pure. */
import { formatMoney } from "../form/input-rules";
import type { GridColumn } from "./types";

/** Words for booleans and empty values in the user's language, and the language amounts are written in. */
export interface FormatLabels {
  yes: string;
  no: string;
  /** Default Russian. */
  language?: string;
}

/** The raw value of a column in a row: its `value` accessor, else `row[field]`. */
export function columnValue<T>(column: GridColumn<T>, row: T): unknown {
  return column.value ? column.value(row) : (row as Record<string, unknown>)[column.field];
}

/** `yyyy-MM-dd` of a date or of a timestamp's local day; "" for empty or unreadable input. */
export function formatDate(value: unknown): string {
  const date = toDate(value);
  if (!date) return typeof value === "string" ? value : "";
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `yyyy-MM-dd HH:mm` in local time; "" for empty input. */
export function formatDateTime(value: unknown): string {
  const date = toDate(value);
  if (!date) return typeof value === "string" ? value : "";
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A column's value as the grid shows it and CSV writes it. */
export function formatCell<T>(column: GridColumn<T>, row: T, labels: FormatLabels): string {
  const value = columnValue(column, row);
  if (value == null || value === "") return "";
  switch (column.type ?? "text") {
    case "date":
      return formatDate(value);
    case "datetime":
      return formatDateTime(value);
    case "boolean":
      return value ? labels.yes : labels.no;
    case "money": {
      // A server-side group's key is the amount as the database writes it ("27600.00")
      const amount = Number(value);
      return Number.isFinite(amount)
        ? formatMoney(amount, labels.language ?? "ru", column.currency?.(row) || undefined)
        : String(value);
    }
    case "select":
      return column.options?.find((option) => String(option.value) === String(value))?.label ?? String(value);
    default:
      return Array.isArray(value) ? value.join(", ") : String(value);
  }
}

/** The label of a group of rows: its value as shown, or `emptyLabel` when the value is empty, and the count. */
export function groupLabel(text: string, count: number, emptyLabel: string): string {
  return `${text.trim() === "" ? emptyLabel : text} (${count})`;
}

/** A value for a spreadsheet cell: numbers and days stay typed, the rest is text as shown. */
export function exportCell<T>(
  column: GridColumn<T>,
  row: T,
  labels: FormatLabels,
): string | number | Date | null {
  if (column.exportValue) {
    const value = column.exportValue(row);
    return typeof value === "boolean" ? (value ? labels.yes : labels.no) : value;
  }
  const value = columnValue(column, row);
  if (value == null || value === "") return null;
  if ((column.type === "number" || column.type === "money") && typeof value === "number") return value;
  if (column.type === "date" || column.type === "datetime") {
    const date = toDate(value);
    if (!date) return formatCell(column, row, labels);
    // XLSX has no zones: write the local wall-clock time the grid shows, as if it were UTC
    return new Date(
      Date.UTC(date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes()),
    );
  }
  return formatCell(column, row, labels);
}

function toDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== "string" || value === "") return null;
  // A bare day is a calendar day, not UTC midnight (which is the previous day west of Greenwich)
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function pad(value: number): string {
  return String(value).padStart(2, "0");
}
