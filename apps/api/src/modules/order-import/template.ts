import { type FieldDef, type Language, ORDER_IMPORT_COLUMNS } from "@portal/domain";
import { labelOf, labelsOf } from "@portal/domain/labels";
import type { Message, Translate } from "../../core/i18n.ts";
import type { BookEntry } from "./repo.ts";
import { type SheetToWrite, writeXlsx } from "./spreadsheet.ts";
import { ORDER_SHEET, type SheetFields } from "./values.ts";

// The import's template: one column per field a client fills when creating an order (ORDER_IMPORT_COLUMNS, from
// the field definitions), labelled as the orders list labels it, required ones marked; and a sheet of how each
// column is written and what it allows.

/** How the text fields the create checks against a book are written (their codes). */
const CODE_HINTS: Record<string, Message["key"]> = {
  etsng_code: "import_hint_etsng",
  gng_code: "import_hint_gng",
  consignor_countrycode: "import_hint_country",
  consignee_countrycode: "import_hint_country",
};

/** How a relation is written, by the book it names: a station and a container type by code, the rest by name. */
const BOOK_HINTS: Record<string, Message["key"]> = {
  location: "import_hint_station",
  container_type: "import_hint_container_type",
};

function fieldOf(name: string, sheet: SheetFields): FieldDef {
  return sheet.fields[name] as FieldDef;
}

/** A column's header: the field's label, `*` after a required one. */
export function columnHeader(name: string, language: Language, sheet = ORDER_SHEET): string {
  const label = labelOf(sheet.resource, name, language);
  return fieldOf(name, sheet).required ? `${label} *` : label;
}

/** How a column is written. */
function hintOf(name: string, t: Translate, sheet: SheetFields): string {
  const field = fieldOf(name, sheet);
  switch (field.kind) {
    case "text": {
      const code = CODE_HINTS[name];
      if (code) return t({ key: code });
      if (field.digits) return t({ key: "import_hint_digits", params: { counts: field.digits.join("/") } });
      return t({ key: "import_hint_text", params: { count: field.max } });
    }
    case "integer":
      return t({ key: "import_hint_integer" });
    case "money":
      return t({ key: "import_hint_money" });
    case "date":
      return t({ key: "import_hint_date" });
    case "choice":
      return t({ key: "import_hint_choice" });
    case "relation":
      return t({ key: BOOK_HINTS[field.to] ?? "import_hint_by_name" });
    case "relations":
      return t({ key: "import_hint_by_names" });
    default:
      return "";
  }
}

/** The values a column allows, where they are few: a choice's, a small book's (kinds, services, container types). */
function allowedOf(
  name: string,
  language: Language,
  books: Map<string, BookEntry[]>,
  sheet: SheetFields,
): string {
  const field = fieldOf(name, sheet);
  if (field.kind === "choice") {
    const labels = labelsOf(language) as unknown as Record<
      string,
      { choices: Record<string, Record<string, string>> }
    >;
    const names = labels[sheet.resource]?.choices[name];
    return field.choices
      .map((choice) => (names?.[choice] ? `${choice} — ${names[choice]}` : choice))
      .join("; ");
  }
  if (field.kind !== "relation" && field.kind !== "relations") return "";
  const book = books.get(field.to);
  if (!book || field.to === "location") return "";
  return book
    .map((row) => row.code ?? `${row.id} — ${row.names[language === "en" && row.names[1] ? 1 : 0]}`)
    .join("; ")
    .slice(0, 32_000);
}

/**
 * A template as XLSX, in the language of `t`: the orders' (the import's) unless `of` names another sheet's fields,
 * columns and first sheet's name (an order's containers).
 */
export function templateXlsx(
  language: Language,
  t: Translate,
  books: Map<string, BookEntry[]>,
  of: { sheet: SheetFields; columns: readonly string[]; name: Message["key"] } = {
    sheet: ORDER_SHEET,
    columns: ORDER_IMPORT_COLUMNS,
    name: "import_sheet_orders",
  },
): Promise<Buffer> {
  const { sheet, columns } = of;
  const sheets: SheetToWrite[] = [
    {
      name: t({ key: of.name }),
      header: columns.map((name) => columnHeader(name, language, sheet)),
      rows: [],
    },
    {
      name: t({ key: "import_sheet_values" }),
      header: [
        t({ key: "import_values_column" }),
        t({ key: "import_values_how" }),
        t({ key: "import_values_allowed" }),
      ],
      rows: [
        ...columns.map((name) => [
          columnHeader(name, language, sheet),
          hintOf(name, t, sheet),
          allowedOf(name, language, books, sheet),
        ]),
        [],
        [t({ key: "import_hint_required" })],
      ],
      widths: [36, 48, 80],
    },
  ];
  return writeXlsx(sheets);
}
