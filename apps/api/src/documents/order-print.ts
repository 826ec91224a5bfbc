import {
  describedIn,
  type FieldDef,
  freightOrderFields,
  type Language,
  ORDER_SECTIONS,
  type OrderSection,
  type RowOf,
  totalWithVat,
} from "@portal/domain";
import { labelOf, labelsOf } from "@portal/domain/labels";
import type { Content, TableCell, TDocumentDefinitions } from "pdfmake/interfaces";
import type { RowNames } from "../core/relation-names.ts";
import { printLabels } from "./order-print-labels.ts";
import {
  breakable,
  formats,
  labelledSection,
  PRINT_DEFAULT_STYLE,
  PRINT_STYLES,
  printFooter,
} from "./print-layout.ts";

/** What the print shows: the order as the API answers it, and what its ids and codes name. */
export interface OrderPrintData {
  order: RowOf<typeof freightOrderFields>;
  /** The forwarder's company name (the portal's own company). */
  forwarder: string;
  containerType: { code: string; description: string; description_en: string } | null;
  etsng: { description: string } | null;
  gng: { description: string } | null;
  shipmentKind: RowNames | null;
  transportKinds: RowNames[];
  services: RowNames[];
  /** The parties' countries in the countries book, by code. */
  countries: ReadonlyMap<string, RowNames>;
  /** When it is printed (the footer says so). */
  printedAt: Date;
  /**
   * The reader's IANA time zone, as their screens write times (the web sends the browser's); the order's date and
   * the print's time are written in it, and the footer names it.
   */
  timeZone: string;
  /** A live public tracking link's address, printed with its QR code under the title. */
  trackingUrl?: string;
}

/** A value of the print: a text or number, or the items of a list (the services). */
type PrintValue = string | number | string[];

/**
 * The print version of a shipping order (DOMAIN.md, "Orders: other server rules"): the forwarder, the order's
 * number and date, every section of the order form with the names its ids stand for, its status, and the two
 * parties' signature lines; in the request's language. Empty values print as a dash, so a blank line is never
 * mistaken for a lost one.
 */
export function orderPrint(data: OrderPrintData, lang: Language): TDocumentDefinitions {
  const { order } = data;
  const t = printLabels(lang);
  const labels = labelsOf(lang).freight_order;
  const format = formats(lang, data.timeZone);
  const text = (value: string | number | null | undefined) =>
    value === null || value === undefined || value === "" ? t("none") : breakable(String(value));
  // A dictionary's row in the language (its English name falls back to the Russian one)
  const describe = (row: RowNames | null) => (row ? (lang === "en" ? row.name_en : row.name) : "");
  const coded = (code: string, name: string | undefined) => (code && name ? `${code} — ${name}` : code);
  const country = (code: string, kept: string) => {
    // The book's English name in English; the name the order keeps in Russian, and where the book has no English
    const inBook = data.countries.get(code);
    return [code, lang === "en" && inBook ? describe(inBook) : kept].filter(Boolean).join(" — ");
  };
  const statusName = lang === "en" && order.status_name_en ? order.status_name_en : order.status_name;
  /** What the ids and codes of the order name, where a field's value is not what the print shows. */
  const named: Partial<Record<keyof OrderPrintData["order"], PrintValue>> = {
    company: order.company_name,
    status: statusName,
    border_crossing_point: order.border_crossing_point_name,
    consignor_countrycode: country(order.consignor_countrycode, order.consignor_country_name),
    consignee_countrycode: country(order.consignee_countrycode, order.consignee_country_name),
    container_type: data.containerType
      ? coded(data.containerType.code, describedIn(data.containerType, lang))
      : "",
    etsng_code: coded(order.etsng_code, data.etsng?.description),
    gng_code: coded(order.gng_code, data.gng?.description),
    freight_cost: format.money(order.freight_cost, order.freight_cost_currency),
    shipment_kind: describe(data.shipmentKind),
    transport_kinds: data.transportKinds.map((row) => breakable(describe(row))),
    ordered_services: data.services.map((row) => breakable(describe(row))),
  };
  /** A field's value as the print writes it: what it names, else its value by its kind. */
  const printedValue = (name: string, def: FieldDef): PrintValue => {
    if (Object.hasOwn(named, name)) return named[name as keyof typeof named] ?? "";
    const value = order[name as keyof typeof order];
    if (value === null || value === undefined) return "";
    switch (def.kind) {
      case "money":
        return format.money(value as number, "RUB");
      case "integer":
        return format.number(value as number);
      case "date":
      case "timestamp":
        return format.date(value as string);
      case "boolean":
        return t(value ? "yes" : "no");
      case "choice":
        return labels.choices[name as "direction"]?.[value as string] ?? String(value);
      default:
        return typeof value === "object" ? "" : (value as string | number);
    }
  };
  /** The total the form shows with the costs: the approved cost with its VAT, by the form's own rule. */
  const total = totalWithVat(order.approved_cost, order.vat_percent);
  const shownAfter: Partial<Record<OrderSection, [string, PrintValue][]>> = {
    costs: [[t("total_with_vat"), total === null ? "" : format.money(total, "RUB")]],
  };
  /** The printed fields of a form section, in the definitions' order, each with its label; then its totals. */
  const rowsOf = (key: OrderSection): [string, PrintValue][] => [
    ...Object.entries(freightOrderFields as Readonly<Record<string, FieldDef>>)
      .filter(([, def]) => def.section === key && def.print !== false)
      .map(([name, def]): [string, PrintValue] => [
        labelOf("freight_order", name, lang, { inSection: true }),
        printedValue(name, def),
      ]),
    ...(shownAfter[key] ?? []),
  ];

  /**
   * A section of the form: its title as the table's header row (repeated on the next page when the section goes
   * on there, and never left alone at a page's foot), then a label and a value a row.
   */
  const section = (key: OrderSection): Content =>
    labelledSection(
      labels.sections[key],
      rowsOf(key).map(([label, value]): [string, TableCell] => [
        label,
        Array.isArray(value)
          ? value.length > 0
            ? { ul: value }
            : { text: t("none") }
          : { text: text(value) },
      ]),
    );

  const author = order.author ? `${order.author.last_name} ${order.author.first_name}`.trim() : "";
  const signatureBlock = (role: string, name: string): Content => ({
    stack: [
      { text: role, style: "label" },
      { text: text(name), margin: [0, 2, 0, 24] },
      { text: "______________________ / ______________________" },
      { text: t("signature"), style: "hint" },
      { text: t("seal"), style: "hint", margin: [0, 6, 0, 0] },
    ],
  });

  return {
    pageSize: "A4",
    pageMargins: [40, 40, 40, 50],
    info: {
      title: t("title", { id: order.id, date: format.date(order.create_date) }),
      author: data.forwarder,
      creator: data.forwarder,
      subject: order.company_name,
    },
    content: [
      {
        text: [
          { text: `${t("forwarder")}: `, style: "label" },
          { text: text(data.forwarder), bold: true },
        ],
      },
      { text: t("title", { id: order.id, date: format.date(order.create_date) }), style: "title" },
      ...(data.trackingUrl
        ? [
            {
              columns: [
                { qr: data.trackingUrl, fit: 72, width: "auto" },
                {
                  stack: [
                    { text: t("tracking"), style: "label" },
                    { text: data.trackingUrl, style: "hint", link: data.trackingUrl },
                  ],
                  margin: [0, 8, 0, 0],
                },
              ],
              columnGap: 12,
              margin: [0, 0, 0, 8],
            } as Content,
          ]
        : []),
      // Every section of the form but the status, which goes with the signatures; the cost once one is approved
      // (before that it would say nothing but dashes)
      ...ORDER_SECTIONS.filter(
        (key) => key !== "status" && (key !== "costs" || order.approved_cost !== null),
      ).map(section),
      // The signatures stay together, with their title, on one page, and never stand alone on it: the order's
      // status, the last section, goes with them (a status comment is at most 1,000 characters: the whole fits a page)
      {
        unbreakable: true,
        stack: [
          section("status"),
          { text: t("section_signatures"), style: "section", margin: [0, 12, 0, 4] },
          {
            columns: [
              signatureBlock(t("customer"), order.company_name),
              signatureBlock(t("forwarder"), data.forwarder),
            ],
            columnGap: 30,
          },
          { text: t("prepared_by", { name: text(author) }), style: "hint", margin: [0, 16, 0, 0] },
        ],
      },
    ],
    footer: printFooter(
      t("printed", { date: format.dateTime(data.printedAt), zone: format.zone(data.printedAt) }),
      (page, pages) => t("page", { page, pages }),
    ),
    styles: PRINT_STYLES,
    defaultStyle: PRINT_DEFAULT_STYLE,
  };
}
