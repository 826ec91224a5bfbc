import type { Language } from "@portal/domain";
import type { Content, Style, TableCell } from "pdfmake/interfaces";

// The layout the portal's PDF documents share (the order's print, the transit declaration): sections as tables of
// labelled rows, the same styles, and dates, numbers and money written as each language writes them.

/** The documents' styles: the title, a section's title, a label, a hint (footers, signature captions). */
export const PRINT_STYLES: Record<string, Style> = {
  title: { fontSize: 15, bold: true, margin: [0, 8, 0, 6] },
  section: { fontSize: 11, bold: true, margin: [-2, 10, 0, 1] },
  label: { color: "#555555" },
  hint: { fontSize: 8, color: "#555555" },
};

export const PRINT_DEFAULT_STYLE: Style = { fontSize: 9.5, lineHeight: 1.15 };

/**
 * A section: its title as the table's header row (repeated on the next page when the section goes on there, and
 * never left alone at a page's foot), then a label and a value a row.
 */
export function labelledSection(title: string, rows: [string, TableCell][]): Content {
  return {
    table: {
      widths: [165, "*"],
      headerRows: 1,
      keepWithHeaderRows: 1,
      body: [
        [{ text: title, style: "section", colSpan: 2 }, {}],
        ...rows.map(([label, value]): TableCell[] => [{ text: label, style: "label" }, value]),
      ],
    },
    layout: {
      hLineWidth: (line) => (line < 2 ? 0 : 0.5),
      vLineWidth: () => 0,
      hLineColor: () => "#c8c8c8",
      paddingLeft: () => 2,
      paddingTop: () => 2,
      paddingBottom: () => 2,
    },
  };
}

/**
 * The text with a zero-width space every 30 characters of a word longer than 40 (a code, a URL, a run of one
 * letter): pdfmake breaks lines at spaces only, and a word wider than its column would widen the whole table past
 * the page's edge, cutting every line of it.
 */
export function breakable(text: string): string {
  return text.replace(/\S{41,}/gu, (word) => word.replace(/\S{30}/gu, "$&\u200b"));
}

/**
 * Dates, numbers and money as each language writes them (Russian: 21.11.2026, 1 250 000,00 RUB); timestamps in the
 * time zone.
 */
export function formats(lang: Language, timeZone: string) {
  const locale = lang === "en" ? "en-GB" : "ru-RU";
  // Roboto has no narrow no-break space, which ICU puts between groups of digits in Russian
  const tidy = (value: string) => value.replaceAll("\u202f", "\u00a0");
  const dayOf = (date: Date) =>
    new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(date);
  const day = (iso: string) => {
    const [year, month, dayOfMonth] = iso.slice(0, 10).split("-");
    return lang === "en" ? `${year}-${month}-${dayOfMonth}` : `${dayOfMonth}.${month}.${year}`;
  };
  return {
    /** A `yyyy-MM-dd` date, or a timestamp's day in the time zone. */
    date: (value: string | null) => (value ? day(value.length > 10 ? dayOf(new Date(value)) : value) : ""),
    dateTime: (value: Date) => {
      const time = new Intl.DateTimeFormat("en-GB", {
        timeZone,
        hour: "2-digit",
        minute: "2-digit",
      });
      return `${day(dayOf(value))} ${time.format(value)}`;
    },
    /** The time zone as the footer names it at that moment: `UTC`, or its name and offset (`Europe/Moscow, UTC+03:00`). */
    zone: (at: Date) => {
      if (timeZone === "UTC") return "UTC";
      const name = new Intl.DateTimeFormat("en-GB", { timeZone, timeZoneName: "longOffset" })
        .formatToParts(at)
        .find((part) => part.type === "timeZoneName")?.value;
      // Intl writes GMT, and a bare GMT for no offset
      const offset = name === undefined || name === "GMT" ? "UTC+00:00" : name.replace("GMT", "UTC");
      return `${timeZone}, ${offset}`;
    },
    number: (value: number | null) => (value === null ? "" : tidy(value.toLocaleString(locale))),
    // Money fields are typed as text by the field kinds and answered as numbers: either reads
    money: (value: number | string | null, currency: string) =>
      value === null || value === ""
        ? ""
        : `${tidy(Number(value).toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }))} ${currency}`,
  };
}

/** A printed document's footer on every page: when it was made (left) and the page of the pages (right). */
export function printFooter(made: string, pageOf: (page: number, pages: number) => string) {
  return (page: number, pages: number): Content => ({
    columns: [
      { text: made, style: "hint" },
      { text: pageOf(page, pages), style: "hint", alignment: "right" },
    ],
    margin: [40, 16, 40, 0],
  });
}
