import {
  containerFields,
  type FieldDef,
  type Fields,
  freightOrderFields,
  LANGUAGES,
  spreadsheetTextRead,
} from "@portal/domain";
import { type LabelledResource, labelOf, labelsOf } from "@portal/domain/labels";
import { type FieldErrors, ValidationFailed } from "../../core/errors.ts";
import type { Message } from "../../core/i18n.ts";
import type { BookEntry } from "./repo.ts";
import { type BadCell, type CellValue, excelSerialDay } from "./spreadsheet.ts";

// A row of a file as the body of the orders' create: each cell as the form would send its field's value. What a
// cell cannot be (a text where a number goes, a day that does not exist) is sent as it is, so that the create's own
// schema refuses it with its own message; only what the form picks from a book (a station by its code, services by
// name) is looked up here.

/**
 * What a spreadsheet's rows are (its fields and their labels): orders (the import), or containers (an order's
 * containers in bulk).
 */
export interface SheetFields {
  resource: LabelledResource;
  fields: Fields;
}
export const ORDER_SHEET: SheetFields = { resource: "freight_order", fields: freightOrderFields };
export const CONTAINER_SHEET: SheetFields = { resource: "container", fields: containerFields };

/** A column's header as written, folded for matching: no required mark, spaces folded, no case. */
export function foldHeader(text: string): string {
  return text
    .replace(/\s*\*\s*$/, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLocaleLowerCase("ru");
}

/** The names a column of the template may carry: the field's name and its label in every language. */
export function headerNames(field: string, sheet = ORDER_SHEET): string[] {
  return [field, ...LANGUAGES.map((language) => labelOf(sheet.resource, field, language))].map(foldHeader);
}

/** A spreadsheet's column name: A … Z, AA … */
function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/**
 * The field of each column of a file's header among `fields` ("" for a blank header or one of `ignored`, folded);
 * 400 on `file` naming the column of an unknown or repeated header, or when no column is a field.
 */
export function columnsOf(
  headers: string[],
  fields: readonly string[],
  sheet: SheetFields,
  ignored: Set<string> = new Set(),
): string[] {
  const byName = new Map<string, string>();
  for (const field of fields) for (const name of headerNames(field, sheet)) byName.set(name, field);
  const taken = new Set<string>();
  const errors: Message[] = [];
  const columns = headers.map((header, index) => {
    const folded = foldHeader(header);
    if (folded === "" || ignored.has(folded)) return "";
    const field = byName.get(folded);
    const params = { column: columnName(index), name: header };
    if (!field) errors.push({ key: "import_unknown_column", params });
    else if (taken.has(field)) errors.push({ key: "import_repeated_column", params });
    else taken.add(field);
    return field ?? "";
  });
  if (errors.length > 0) throw new ValidationFailed({ file: errors.slice(0, 20) });
  if (taken.size === 0) throw new ValidationFailed({ file: [{ key: "import_file_empty" }] });
  return columns;
}

/** A relation's book, looked up by code, by name (either language, any case) or by id. */
export type Books = Map<string, BookEntry[]>;

function fieldOf(name: string, sheet: SheetFields): FieldDef {
  return sheet.fields[name] as FieldDef;
}

/** A cell's text, as written (a day as `yyyy-MM-dd`), with the apostrophe the portal's own sheets add taken off. */
function textOf(cell: CellValue): string {
  if (cell === null) return "";
  if (typeof cell === "object") return cell.date;
  if (typeof cell === "string") return spreadsheetTextRead(cell.trim());
  return String(cell);
}

/** A number as written in Russian or English (`1 234,50`, `1234.5`), else the text as it is for the schema. */
function numberOf(cell: CellValue): unknown {
  if (typeof cell === "number") return cell;
  const text = textOf(cell).replace(/[\s\u00a0]/g, "");
  const normal = /^-?\d+,\d+$/.test(text) ? text.replace(",", ".") : text;
  return /^-?\d+(\.\d+)?$/.test(normal) ? Number(normal) : textOf(cell);
}

/** A day: a date cell, an Excel serial number, `yyyy-MM-dd` or `dd.MM.yyyy`; else the text for the schema. */
function dayOf(cell: CellValue): unknown {
  if (typeof cell === "number") return excelSerialDay(cell) ?? String(cell);
  const text = textOf(cell);
  const russian = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  return russian ? `${russian[3]}-${russian[2]?.padStart(2, "0")}-${russian[1]?.padStart(2, "0")}` : text;
}

const YES = new Set(["да", "yes", "true", "1", "истина", "x"]);
const NO = new Set(["нет", "no", "false", "0", "ложь"]);

/** A choice's code by the code or by its name in either language, any case. */
function choiceOf(sheet: SheetFields, field: string, choices: readonly string[], text: string): string {
  const folded = text.toLocaleLowerCase("ru");
  const namesIn = (language: (typeof LANGUAGES)[number]) =>
    (labelsOf(language) as unknown as Record<string, { choices?: Record<string, Record<string, string>> }>)[
      sheet.resource
    ]?.choices?.[field] ?? {};
  for (const choice of choices) {
    const names = [choice, ...LANGUAGES.map((language) => namesIn(language)[choice] ?? choice)];
    if (names.some((name) => name.toLocaleLowerCase("ru") === folded)) return choice;
  }
  return text;
}

/** A row of a book by code, by name or by id. */
function findIn(book: BookEntry[], text: string): number | null {
  const folded = text.toLocaleLowerCase("ru");
  const entry =
    book.find((row) => row.code !== undefined && row.code.toLocaleLowerCase("ru") === folded) ??
    book.find((row) => row.names.some((name) => name.toLocaleLowerCase("ru") === folded)) ??
    (/^\d{1,9}$/.test(text) && !book.some((row) => row.code !== undefined)
      ? book.find((row) => row.id === Number(text))
      : undefined);
  return entry?.id ?? null;
}

/** The items of a cell that names several rows: separated by commas, semicolons or line breaks. */
export function itemsOf(text: string): string[] {
  return text
    .split(/[,;\n\r]+/)
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

/**
 * The value of one cell for its field, as the create's body takes it, or the cell's error (a formula without its
 * value, a name not in its book). A blank cell gives nothing: the field is not sent.
 */
export function cellToValue(
  name: string,
  cell: CellValue | BadCell,
  books: Books,
  sheet = ORDER_SHEET,
): { value: unknown } | { error: Message } | null {
  if (cell !== null && typeof cell === "object" && "bad" in cell) return { error: cell.bad };
  const text = textOf(cell);
  if (text === "") return null;
  const field = fieldOf(name, sheet);
  switch (field.kind) {
    case "integer":
    case "money":
      return { value: numberOf(cell) };
    case "date":
      return { value: dayOf(cell) };
    case "boolean": {
      const folded = text.toLocaleLowerCase("ru");
      return { value: YES.has(folded) ? true : NO.has(folded) ? false : text };
    }
    case "choice":
      return { value: choiceOf(sheet, name, field.choices, text) };
    case "relation":
    case "relations": {
      const book = books.get(field.to);
      const items = field.kind === "relation" ? [text] : itemsOf(text);
      const ids: number[] = [];
      for (const item of items) {
        // A book the import has no lookup for is named by id, which the create checks as it checks a form's
        const id = book ? findIn(book, item) : /^\d{1,9}$/.test(item) ? Number(item) : null;
        if (id === null) return { error: { key: "import_not_in_book", params: { value: item } } };
        ids.push(id);
      }
      return { value: field.kind === "relation" ? ids[0] : ids };
    }
    default:
      return { value: text };
  }
}

/** A row's body for the create (`company` added by the caller) and the errors of its cells. */
export function rowToBody(
  columns: readonly string[],
  cells: readonly (CellValue | BadCell)[],
  books: Books,
  sheet = ORDER_SHEET,
): { body: Record<string, unknown>; errors: FieldErrors } {
  const body: Record<string, unknown> = {};
  const errors: FieldErrors = {};
  columns.forEach((name, index) => {
    // A column of no field (a blank header, the error report's column) is not read
    if (name === "") return;
    const converted = cellToValue(name, cells[index] ?? null, books, sheet);
    if (converted === null) return;
    if ("error" in converted) errors[name] = [converted.error];
    else body[name] = converted.value;
  });
  return { body, errors };
}
