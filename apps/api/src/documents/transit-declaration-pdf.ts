import { describeContainerSizeType, describedIn, FORWARDER_TIME_ZONE, type Language } from "@portal/domain";
import { labelOf, labelsOf } from "@portal/domain/labels";
import type { Content, TableCell, TDocumentDefinitions } from "pdfmake/interfaces";
import {
  breakable,
  formats,
  labelledSection,
  PRINT_DEFAULT_STYLE,
  PRINT_STYLES,
  printFooter,
} from "./print-layout.ts";
import { sizeTypeOf, type TransitDeclarationData, trackDates } from "./transit-declaration.ts";
import { declarationLabels } from "./transit-declaration-labels.ts";

/**
 * The transit declaration as a PDF in the language, laid out as the order's print (print-layout.ts): the
 * declaration, the container with its size-type code in words and its track dates, the order's freight, the two
 * parties and the route. Times are the forwarder's (Europe/Moscow), named in the footer; empty values print as a
 * dash.
 */
export function transitDeclarationPdf(data: TransitDeclarationData, lang: Language): TDocumentDefinitions {
  const { container, order } = data;
  const t = declarationLabels(lang);
  // The container's and the order's fields by the catalog, as under their sections on the forms
  const field = (resource: "container" | "freight_order", name: string) =>
    labelOf(resource, name, lang, { inSection: true });
  const catalog = labelsOf(lang).freight_order;
  const format = formats(lang, FORWARDER_TIME_ZONE);
  const cell = (value: string | number | null | undefined): TableCell => ({
    text: value === null || value === undefined || value === "" ? t("none") : breakable(String(value)),
  });
  const coded = (code: string, name: string | undefined) => (code && name ? `${code} — ${name}` : code);
  const place = (name: string, code: string) => (code ? `${name} (${t("station_code", { code })})` : name);
  const sizeType = sizeTypeOf(data);
  const title = t("title", { number: container.td_number });

  const declaration = labelledSection(t("section_declaration"), [
    [field("container", "td_number"), cell(container.td_number)],
    [field("container", "td_date"), cell(format.date(container.td_date))],
    [field("container", "td_allowed_date"), cell(format.date(container.td_allowed_date))],
    [field("container", "td_end_date"), cell(format.date(container.td_end_date))],
    [field("container", "td_control"), cell(container.td_control)],
    [
      field("container", "transit_decl_status"),
      cell(
        [container.transit_decl_status, format.date(container.transit_decl_status_date)]
          .filter(Boolean)
          .join(", "),
      ),
    ],
  ]);

  const containerSection = labelledSection(t("section_container"), [
    [field("container", "container"), cell(container.container)],
    [
      field("container", "is_number_valid"),
      cell(t(container.is_number_valid ? "iso6346_valid" : "iso6346_invalid")),
    ],
    [
      field("container", "container_type"),
      cell(data.containerType ? coded(data.containerType.code, describedIn(data.containerType, lang)) : ""),
    ],
    [t("size_type_decoded"), cell(sizeType ? describeContainerSizeType(sizeType, lang) : "")],
    [field("container", "railway_transport_number"), cell(container.railway_transport_number)],
    [field("container", "railwaybill_number"), cell(container.railwaybill_number)],
  ]);

  const dates = trackDates(container);
  const trackDatesSection =
    dates.length > 0
      ? labelledSection(
          labelsOf(lang).container.sections.track_dates,
          dates.map(({ field: name, date }): [string, TableCell] => [
            field("container", name),
            cell(format.date(date)),
          ]),
        )
      : null;

  const freight = labelledSection(catalog.sections.freight, [
    [catalog.fields.id, cell(order.id)],
    [field("freight_order", "create_date"), cell(format.date(order.create_date))],
    [catalog.fields.customer_order_number, cell(order.customer_order_number)],
    [catalog.fields.freight_description, cell(order.freight_description)],
    [field("freight_order", "etsng_code"), cell(coded(order.etsng_code, data.etsng?.description))],
    [field("freight_order", "gng_code"), cell(coded(order.gng_code, data.gng?.description))],
    [catalog.fields.packing_kind, cell(order.packing_kind)],
    [catalog.fields.freight_gross_weight, cell(format.number(order.freight_gross_weight))],
    [catalog.fields.freight_net_weight, cell(format.number(order.freight_net_weight))],
    [catalog.fields.freight_cost, cell(format.money(order.freight_cost, order.freight_cost_currency))],
  ]);

  const party = (prefix: "consignor" | "consignee"): Content => {
    const value = (suffix: string) => String(order[`${prefix}_${suffix}` as keyof typeof order] ?? "");
    const code = value("countrycode");
    const inBook = data.countries.get(code);
    // The book's English name in English; the name the order keeps in Russian (the order's print does the same)
    const country = lang === "en" && inBook ? inBook.name_en : value("country_name") || inBook?.name || "";
    const address = [value("postalcode"), value("city"), value("streethouse")].filter(Boolean).join(", ");
    return labelledSection(catalog.sections[prefix], [
      [catalog.fields[`${prefix}_name`], cell(value("name"))],
      [catalog.fields.inn, cell(value("inn"))],
      [catalog.fields.okpo, cell(value("okpo"))],
      [catalog.fields.rail_code, cell(value("rail_code"))],
      [catalog.fields.countrycode, cell([code, country].filter(Boolean).join(" — "))],
      [t("address"), cell(address)],
    ]);
  };

  const { dispatch, border, destination } = data.route;
  const route = labelledSection(catalog.sections.route, [
    [catalog.fields.dispatch_location, cell(place(dispatch.name, dispatch.code))],
    [catalog.fields.border_crossing_point, cell(border ? place(border.name, border.code) : "")],
    [catalog.fields.destination, cell(place(destination.name, destination.code))],
  ]);

  return {
    pageSize: "A4",
    pageMargins: [40, 40, 40, 50],
    info: { title, author: data.forwarder, creator: data.forwarder, subject: container.container },
    content: [
      {
        text: [
          { text: `${t("forwarder")}: `, style: "label" },
          { text: breakable(data.forwarder || t("none")), bold: true },
        ],
      },
      { text: breakable(title), style: "title" },
      { text: breakable(t("subtitle", { container: container.container, order: order.id })) },
      declaration,
      containerSection,
      ...(trackDatesSection ? [trackDatesSection] : []),
      freight,
      party("consignor"),
      party("consignee"),
      route,
    ],
    footer: printFooter(
      t("issued", { date: format.dateTime(data.issuedAt), zone: format.zone(data.issuedAt) }),
      (page, pages) => t("page", { page, pages }),
    ),
    styles: PRINT_STYLES,
    defaultStyle: PRINT_DEFAULT_STYLE,
  };
}
