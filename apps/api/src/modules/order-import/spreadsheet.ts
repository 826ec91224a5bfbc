import {
  ORDER_IMPORT_MAX_BYTES,
  ORDER_IMPORT_MAX_ENTRIES,
  ORDER_IMPORT_MAX_ROWS,
  ORDER_IMPORT_MAX_UNPACKED_BYTES,
  spreadsheetText,
} from "@portal/domain";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import yauzl from "yauzl";
import { ValidationFailed } from "../../core/errors.ts";
import type { Message } from "../../core/i18n.ts";

// Reading the spreadsheet a user uploads (XLSX, or CSV in UTF-8 or Windows-1251 with `;` or `,`) into rows of cell
// values, and writing the spreadsheets the import offers (its template, its error report). Nothing in a file is
// evaluated: a formula gives the value the spreadsheet saved with it, or the row's error.

/** A cell's value as read: a text, a number, a day (`yyyy-MM-dd`, from a date cell) or nothing. */
export type CellValue = string | number | boolean | { date: string } | null;

/** A cell that could not be read (a formula with no saved value, an error value): the row's error, not a value. */
export interface BadCell {
  bad: Message;
}

/** A row of the file as the file counts it (the header is row 1), its cells in the header's order. */
export interface SheetRow {
  row: number;
  cells: (CellValue | BadCell)[];
}

export interface SheetTable {
  headers: string[];
  rows: SheetRow[];
}

/** The file's refusal, on the upload's `file` field. */
function refuse(key: Message["key"], params?: Message["params"]): never {
  throw new ValidationFailed({ file: [{ key, params }] });
}

/** Reads an uploaded file: XLSX by its ZIP signature, CSV otherwise. */
export async function readTable(content: Buffer): Promise<SheetTable> {
  if (content.length > ORDER_IMPORT_MAX_BYTES) {
    refuse("file_too_large", { limit: ORDER_IMPORT_MAX_BYTES / 1024 / 1024 });
  }
  if (content.length === 0) refuse("import_file_empty");
  const isZip = content[0] === 0x50 && content[1] === 0x4b;
  const table = isZip ? await readXlsx(content) : readCsv(content);
  if (table.headers.every((header) => header === "")) refuse("import_file_empty");
  if (table.rows.length === 0) refuse("import_no_rows");
  if (table.rows.length > ORDER_IMPORT_MAX_ROWS) {
    refuse("import_too_many_rows", { limit: ORDER_IMPORT_MAX_ROWS, count: table.rows.length });
  }
  return table;
}

/** Whether a row holds nothing: such rows (a spreadsheet's trailing blank lines) are skipped. */
function isEmptyRow(cells: (CellValue | BadCell)[]): boolean {
  return cells.every((cell) => cell === null || (typeof cell === "string" && cell.trim() === ""));
}

// CSV ---------------------------------------------------------------------------------------------------------

/** The text of a CSV file: UTF-8 (with or without a BOM) when it decodes as such, else Windows-1251 (Excel's). */
function decodeCsv(content: Buffer): string {
  const bytes =
    content[0] === 0xef && content[1] === 0xbb && content[2] === 0xbf ? content.subarray(3) : content;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1251").decode(bytes);
  }
}

function readCsv(content: Buffer): SheetTable {
  const text = decodeCsv(content);
  if (text.includes("\0")) refuse("import_file_unreadable");
  // The separator is the header line's: Excel writes `;` where the decimal separator is a comma (Russian), else `,`
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = count(firstLine, ";") >= count(firstLine, ",") && firstLine.includes(";") ? ";" : ",";
  let records: string[][];
  try {
    records = parse(text, { delimiter, relax_column_count: true, relax_quotes: true, bom: true });
  } catch {
    refuse("import_file_unreadable");
  }
  const [header = [], ...data] = records;
  const rows: SheetRow[] = [];
  data.forEach((cells, index) => {
    if (!isEmptyRow(cells)) rows.push({ row: index + 2, cells: header.map((_, i) => cells[i] ?? null) });
  });
  return { headers: header.map((cell) => cell.trim()), rows };
}

function count(text: string, character: string): number {
  return text.split(character).length - 1;
}

// XLSX --------------------------------------------------------------------------------------------------------

/**
 * Checks a ZIP before anything unpacks it: at most ORDER_IMPORT_MAX_ENTRIES parts, unpacking to at most
 * ORDER_IMPORT_MAX_UNPACKED_BYTES, every part's real size its declared one (yauzl checks it as it inflates).
 */
async function checkZip(content: Buffer): Promise<void> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(content, { lazyEntries: true }, (error, file) =>
      error ? reject(error) : resolve(file),
    ),
  ).catch(() => refuse("import_file_unreadable"));
  let entries = 0;
  let unpacked = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on("error", reject);
    zip.on("end", () => resolve());
    zip.on("entry", (entry: yauzl.Entry) => {
      entries += 1;
      unpacked += entry.uncompressedSize;
      if (entries > ORDER_IMPORT_MAX_ENTRIES || unpacked > ORDER_IMPORT_MAX_UNPACKED_BYTES) {
        zip.close();
        reject(new ValidationFailed({ file: [{ key: "import_file_too_big_unpacked" }] }));
        return;
      }
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        stream.on("error", reject);
        stream.on("end", () => zip.readEntry());
        stream.resume();
      });
    });
    zip.readEntry();
  }).catch((error) => {
    if (error instanceof ValidationFailed) throw error;
    refuse("import_file_unreadable");
  });
}

async function readXlsx(content: Buffer): Promise<SheetTable> {
  await checkZip(content);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    refuse("import_file_unreadable");
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) refuse("import_file_unreadable");
  const width = sheet.getRow(1).cellCount;
  const headers: string[] = [];
  for (let column = 1; column <= width; column += 1) {
    const value = cellValue(sheet.getRow(1).getCell(column));
    headers.push(value === null || typeof value === "object" ? "" : String(value).trim());
  }
  while (headers.length > 0 && headers.at(-1) === "") headers.pop();
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1) return;
    const cells: (CellValue | BadCell)[] = [];
    for (let column = 1; column <= headers.length; column += 1) {
      const cell = row.getCell(column);
      // A merged range's value is its first cell's: the others are read as empty, never as copies of it
      cells.push(cell.isMerged && cell.master !== cell ? null : cellValue(cell));
    }
    if (!isEmptyRow(cells)) rows.push({ row: number, cells });
  });
  return { headers, rows };
}

/** A cell's value: a formula gives its saved result (never evaluated here), rich text its text, a date its day. */
function cellValue(cell: ExcelJS.Cell): CellValue | BadCell {
  const value = cell.value;
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  if (value instanceof Date) return dayOf(value);
  if (typeof value === "object") {
    if ("formula" in value || "sharedFormula" in value) {
      const result = (value as ExcelJS.CellFormulaValue).result;
      if (result === undefined || result === null) return { bad: { key: "import_formula_without_value" } };
      if (typeof result === "object" && "error" in result) return { bad: { key: "import_cell_error" } };
      return result instanceof Date ? dayOf(result) : (result as string | number | boolean);
    }
    if ("richText" in value) return value.richText.map((part) => part.text).join("");
    if ("text" in value && typeof value.text === "string") return value.text;
    if ("error" in value) return { bad: { key: "import_cell_error" } };
  }
  return { bad: { key: "invalid_value" } };
}

function dayOf(date: Date): CellValue {
  return Number.isNaN(date.getTime()) ? null : { date: date.toISOString().slice(0, 10) };
}

/** The day of an Excel serial number (days since 1899-12-30, the 1900 system), or null outside 1900–9999. */
export function excelSerialDay(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial >= 2958466) return null;
  const date = new Date(Date.UTC(1899, 11, 30) + Math.floor(serial) * 86_400_000);
  return date.toISOString().slice(0, 10);
}

// Writing ------------------------------------------------------------------------------------------------------

/** A sheet to write: a header row (bold, frozen), then rows of texts and numbers. */
export interface SheetToWrite {
  name: string;
  header: string[];
  rows: (string | number | null)[][];
  /** Column widths in characters; default from the header. */
  widths?: number[];
}

/** An XLSX of these sheets; every text goes through `spreadsheetText`, so no cell starts a formula. */
export async function writeXlsx(sheets: SheetToWrite[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const { name, header, rows, widths } of sheets) {
    const sheet = workbook.addWorksheet(name, { views: [{ state: "frozen", ySplit: 1 }] });
    sheet.addRow(header.map(spreadsheetText)).font = { bold: true };
    for (const row of rows) {
      sheet.addRow(row.map((value) => (typeof value === "string" ? spreadsheetText(value) : value)));
    }
    header.forEach((text, index) => {
      sheet.getColumn(index + 1).width = widths?.[index] ?? Math.min(Math.max(text.length + 2, 12), 40);
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
