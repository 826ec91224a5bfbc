/**
 * Export of a grid's filtered rows (every page, not just the loaded one) to CSV and XLSX.
 *
 * CSV is written for Excel with Russian regional settings, which is what the portal's users open it in:
 * UTF-8 with a byte-order mark (without it Excel reads Cyrillic as cp1251 garbage), `;` between fields
 * (the list separator where the decimal separator is a comma), decimal commas in numbers, CRLF line ends.
 * XLSX carries types and needs no such guesses; its writer is loaded only when used.
 */
import { spreadsheetText } from "@portal/domain";
import { saveFile } from "../../app/save-file";
import { exportCell, type FormatLabels, formatCell } from "./format";
import type { GridColumn, ListPage } from "./types";

/** Rows fetched per request while exporting (the list pattern's largest `take`). */
export const EXPORT_CHUNK_SIZE = 1000;
/** Most rows one export writes; beyond it the user is asked to narrow the filter. */
export const EXPORT_ROW_CAP = 50_000;
export const CSV_SEPARATOR = ";";

/** Text of one CSV field: quoted when it must be, and defused when Excel would run it as a formula. */
export function csvField(value: string | number | null | undefined, separator = CSV_SEPARATOR): string {
  if (value == null) return "";
  const text = typeof value === "number" ? formatCsvNumber(value, separator) : spreadsheetText(value);
  const mustQuote =
    text.includes(separator) ||
    text.includes('"') ||
    text.includes("\n") ||
    text.includes("\r") ||
    text !== text.trim();
  return mustQuote ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV document: BOM, header line, rows; CRLF line ends. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
  separator = CSV_SEPARATOR,
): string {
  const line = (cells: readonly (string | number | null)[]) =>
    cells.map((cell) => csvField(cell, separator)).join(separator);
  return `\uFEFF${[line(header), ...rows.map(line)].join("\r\n")}\r\n`;
}

/** Progress of a running export. */
export interface ExportProgress {
  loaded: number;
  total: number;
}

/**
 * Fetches every row matching the grid's query, `EXPORT_CHUNK_SIZE` at a time, up to `cap` rows.
 * `total` is the server's count (which may exceed what was fetched when capped).
 */
export async function fetchAllRows<T>(
  fetchPage: (skip: number, take: number) => Promise<ListPage<T>>,
  options: { cap?: number; chunkSize?: number; onProgress?: (progress: ExportProgress) => void } = {},
): Promise<{ rows: T[]; total: number }> {
  const cap = options.cap ?? EXPORT_ROW_CAP;
  const chunkSize = options.chunkSize ?? EXPORT_CHUNK_SIZE;
  const rows: T[] = [];
  let total = Number.POSITIVE_INFINITY;
  let lastCount = 0;
  while (rows.length < Math.min(total, cap)) {
    const take = Math.min(chunkSize, cap - rows.length);
    const page = await fetchPage(rows.length, take);
    // A capped count is only a lower bound, an estimated one a guess: keep fetching until a short page or the cap
    const isExact = !page.count_capped && !page.count_estimated;
    total = isExact ? page.count : Number.POSITIVE_INFINITY;
    lastCount = page.count;
    rows.push(...page.results);
    options.onProgress?.({ loaded: rows.length, total: Math.min(isExact ? total : cap, cap) });
    // A short page means the end, even if rows were deleted meanwhile and `count` is stale
    if (page.results.length < take) break;
  }
  return {
    rows: rows.slice(0, cap),
    total: Number.isFinite(total) ? total : Math.max(rows.length, lastCount),
  };
}

/** The CSV text of `rows` for the given (visible, ordered) columns. */
export function rowsToCsv<T>(
  columns: readonly GridColumn<T>[],
  rows: readonly T[],
  labels: FormatLabels,
): string {
  return toCsv(
    columns.map((column) => column.header),
    rows.map((row) =>
      columns.map((column) => {
        const value = exportCell(column, row, labels);
        return value instanceof Date ? formatCell(column, row, labels) : value;
      }),
    ),
  );
}

/** Saves a CSV file. */
export function downloadCsv(fileName: string, csv: string): void {
  saveFile({ blob: new Blob([csv], { type: "text/csv;charset=utf-8" }) }, `${fileName}.csv`);
}

/** Writes and saves an XLSX file; the writer library is fetched on first use. */
export async function downloadXlsx<T>(
  fileName: string,
  columns: readonly GridColumn<T>[],
  rows: readonly T[],
  labels: FormatLabels,
): Promise<void> {
  const { default: writeXlsxFile } = await import("write-excel-file/browser");
  const header = columns.map((column) => ({ value: column.header, fontWeight: "bold" as const }));
  const body = rows.map((row) =>
    columns.map((column) => {
      const value = exportCell(column, row, labels);
      if (value instanceof Date) {
        return { value, type: Date, format: column.type === "datetime" ? "yyyy-mm-dd hh:mm" : "yyyy-mm-dd" };
      }
      if (typeof value === "number") return { value, type: Number };
      // A text cell is no formula in XLSX, but it may reach a CSV or be pasted: defused alike
      return value === null ? null : { value: spreadsheetText(value), type: String };
    }),
  );
  await writeXlsxFile([header, ...body], {
    sheet: fileName.slice(0, 31),
    stickyRowsCount: 1,
    columns: columns.map((column) => ({ width: spreadsheetWidth(column) })),
  }).toFile(`${fileName}.xlsx`);
}

// Characters wide: dates need a fixed width (their grid column is wide for the filter); text follows the grid
function spreadsheetWidth<T>(column: GridColumn<T>): number {
  if (column.type === "date") return 12;
  if (column.type === "datetime") return 17;
  return Math.min(60, Math.max(8, Math.round((column.size ?? 150) / 8)));
}

function formatCsvNumber(value: number, separator: string): string {
  const text = String(value);
  return separator === ";" ? text.replace(".", ",") : text;
}
