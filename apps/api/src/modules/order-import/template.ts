import { type FieldDef, freightOrderFields, type Language, ORDER_IMPORT_COLUMNS } from "@portal/domain";
import { labelOf, labelsOf } from "@portal/domain/labels";
import type { Message, Translate } from "../../core/i18n.ts";
import type { BookEntry } from "./repo.ts";
import { type SheetToWrite, writeXlsx } from "./spreadsheet.ts";

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

function fieldOf(name: string): FieldDef {
  return freightOrderFields[name as keyof typeof freightOrderFields] as FieldDef;
}

/** A column's header: the field's label, `*` after a required one. */
export function columnHeader(name: string, language: Language): string {
  const label = labelOf("freight_order", name, language);
  return fieldOf(name).required ? `${label} *` : label;
}

/** How a column is written. */
function hintOf(name: string, t: Translate): string {
  const field = fieldOf(name);
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
function allowedOf(name: string, language: Language, books: Map<string, BookEntry[]>): string {
  const field = fieldOf(name);
  if (field.kind === "choice") {
    const names = (labelsOf(language).freight_order.choices as Record<string, Record<string, string>>)[name];
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

/** The template as XLSX, in the language of `t`. */
export function templateXlsx(
  language: Language,
  t: Translate,
  books: Map<string, BookEntry[]>,
): Promise<Buffer> {
  const sheets: SheetToWrite[] = [
    {
      name: t({ key: "import_sheet_orders" }),
      header: ORDER_IMPORT_COLUMNS.map((name) => columnHeader(name, language)),
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
        ...ORDER_IMPORT_COLUMNS.map((name) => [
          columnHeader(name, language),
          hintOf(name, t),
          allowedOf(name, language, books),
        ]),
        [],
        [t({ key: "import_hint_required" })],
      ],
      widths: [36, 48, 80],
    },
  ];
  return writeXlsx(sheets);
}
