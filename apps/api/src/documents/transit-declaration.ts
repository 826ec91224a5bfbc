import path from "node:path";
import {
  type ContainerSizeType,
  type containerFields,
  decodeContainerSizeType,
  type freightOrderFields,
  type RowOf,
  TRACK_DATE_EVENTS,
  type TrackDateField,
} from "@portal/domain";
import { element, optionalText, renderXml, textElement, type XmlElement } from "./xml.ts";

// The transit declaration of a container (DOMAIN.md "Containers and the customs declaration system"): what the
// customs declaration system issued for it (number, dates, control), the container, its order, the two parties and
// the route, as XML of the portal's own schema (transit-declaration.xsd beside this file, shipped with the build)
// and as a PDF (transit-declaration-pdf.ts).

/** The namespace of the declaration's XML; its schema is transit-declaration.xsd. */
export const TRANSIT_DECLARATION_NAMESPACE = "urn:freight-portal:transit-declaration:1";

/**
 * The schema's file: beside this module in the sources, beside the bundle after a build (scripts/build.mjs copies
 * it), as the migrations are.
 */
export const TRANSIT_DECLARATION_XSD = path.resolve(import.meta.dirname, "transit-declaration.xsd");

/** A code with what its reference book calls it. */
export interface CodedName {
  code: string;
  description: string;
}

/** A place of the route: its name as the order gives it, and its station code where the book has the place. */
export interface RoutePlace {
  name: string;
  code: string;
}

/** What the declaration shows: the container and its order as the API answers them, and what their codes name. */
export interface TransitDeclarationData {
  container: RowOf<typeof containerFields>;
  order: RowOf<typeof freightOrderFields>;
  /** The forwarder (the portal's own company). */
  forwarder: string;
  /**
   * The container's ISO 6346 size-type code and its book's description in Russian and English (the container's,
   * else the order's).
   */
  containerType: (CodedName & { description_en: string }) | null;
  etsng: CodedName | null;
  gng: CodedName | null;
  /** The parties' countries in the countries book, by code, in both languages. */
  countries: ReadonlyMap<string, { name: string; name_en: string }>;
  route: { dispatch: RoutePlace; border: RoutePlace | null; destination: RoutePlace };
  /** When the document was made. */
  issuedAt: Date;
}

/** The track dates of the container that are set, in the journey's order, each with its milestone's code. */
export function trackDates(container: TransitDeclarationData["container"]) {
  return (Object.keys(TRACK_DATE_EVENTS) as TrackDateField[]).flatMap((field) => {
    const date = container[field];
    return date ? [{ field, event: TRACK_DATE_EVENTS[field].code, date }] : [];
  });
}

/** The size-type code decoded (packages/domain), or null when the container has no type or its code is no code. */
export function sizeTypeOf(data: TransitDeclarationData): ContainerSizeType | null {
  return data.containerType ? decodeContainerSizeType(data.containerType.code) : null;
}

/** The declaration as XML of transit-declaration.xsd: UTF-8, every text escaped, blank optional fields left out. */
export function transitDeclarationXml(data: TransitDeclarationData): string {
  const { container } = data;
  return renderXml(
    element(
      "TransitDeclaration",
      { xmlns: TRANSIT_DECLARATION_NAMESPACE, version: 1, issued: data.issuedAt.toISOString() },
      element(
        "Declaration",
        {},
        textElement("Number", container.td_number),
        optionalText("Date", container.td_date),
        optionalText("AllowedDate", container.td_allowed_date),
        optionalText("EndDate", container.td_end_date),
        optionalText("Control", container.td_control),
        optionalText("Status", container.transit_decl_status, { date: container.transit_decl_status_date }),
      ),
      containerElement(data),
      orderElement(data),
      party("Consignor", data, "consignor"),
      party("Consignee", data, "consignee"),
      element(
        "Route",
        {},
        place("Dispatch", data.route.dispatch),
        data.route.border && place("BorderCrossing", data.route.border),
        place("Destination", data.route.destination),
      ),
      textElement("Forwarder", data.forwarder),
    ),
  );
}

function containerElement(data: TransitDeclarationData): XmlElement {
  const { container } = data;
  const sizeType = sizeTypeOf(data);
  const dates = trackDates(container);
  return element(
    "Container",
    {},
    textElement("Number", container.container, { iso6346Valid: container.is_number_valid }),
    data.containerType &&
      element(
        "SizeType",
        { code: data.containerType.code, decoded: sizeType !== null },
        // The list's own English words, as the document's other codes' names are the books' (the PDF is the reader's)
        optionalText("Description", data.containerType.description_en),
        sizeType?.length &&
          element("Length", {
            code: sizeType.length.code,
            mm: sizeType.length.mm,
            feet: sizeType.length.feet,
          }),
        sizeType?.height &&
          element("Height", {
            code: sizeType.height.code,
            mm: sizeType.height.mm,
            feet: sizeType.height.feet,
            bound: sizeType.height.bound,
            width: sizeType.height.width,
          }),
        sizeType?.type &&
          element("Type", {
            code: sizeType.type.code,
            group: sizeType.type.group,
            groupCode: sizeType.type.isGroupCode,
          }),
      ),
    dates.length > 0 &&
      element(
        "TrackDates",
        {},
        ...dates.map(({ field, event, date }) => textElement("TrackDate", date, { field, event })),
      ),
    optionalText("RailwayTransportNumber", container.railway_transport_number),
    optionalText("RailwayBillNumber", container.railwaybill_number),
  );
}

function orderElement(data: TransitDeclarationData): XmlElement {
  const { order } = data;
  const coded = (name: string, code: string, book: CodedName | null) =>
    code ? textElement(name, book?.description ?? "", { code }) : null;
  return element(
    "Order",
    {},
    textElement("Id", order.id),
    textElement("Created", order.create_date),
    optionalText("CustomerOrderNumber", order.customer_order_number),
    optionalText("Contract", order.freight_forwarding_contract, {
      date: order.freight_forwarding_contract_date,
    }),
    order.preferred_shipping_period_start || order.preferred_shipping_period_end
      ? element("ShippingPeriod", {
          start: order.preferred_shipping_period_start,
          end: order.preferred_shipping_period_end,
        })
      : null,
    element(
      "Freight",
      {},
      optionalText("Description", order.freight_description),
      coded("Etsng", order.etsng_code, data.etsng),
      coded("Gng", order.gng_code, data.gng),
      optionalText("PackingKind", order.packing_kind),
      optionalText("GrossWeight", order.freight_gross_weight, { unit: "kg" }),
      optionalText("NetWeight", order.freight_net_weight, { unit: "kg" }),
      order.freight_cost === null || (order.freight_cost as unknown) === ""
        ? null
        : textElement("Cost", Number(order.freight_cost).toFixed(2), {
            currency: order.freight_cost_currency,
          }),
    ),
  );
}

function party(name: string, data: TransitDeclarationData, prefix: "consignor" | "consignee"): XmlElement {
  const { order } = data;
  const field = (suffix: string) => String(order[`${prefix}_${suffix}` as keyof typeof order] ?? "");
  const countryCode = field("countrycode");
  const inBook = data.countries.get(countryCode);
  return element(
    name,
    {},
    textElement("Name", field("name")),
    optionalText("Inn", field("inn")),
    optionalText("Okpo", field("okpo")),
    optionalText("RailCode", field("rail_code")),
    countryCode || field("country_name")
      ? textElement("Country", field("country_name") || inBook?.name || "", {
          code: countryCode,
          nameEn: inBook?.name_en,
        })
      : null,
    field("postalcode") || field("city") || field("streethouse")
      ? element(
          "Address",
          {},
          optionalText("PostalCode", field("postalcode")),
          optionalText("City", field("city")),
          optionalText("StreetHouse", field("streethouse")),
        )
      : null,
    optionalText("ContactPerson", field("contact_person")),
    optionalText("Phone", field("phone")),
    optionalText("Email", field("email")),
  );
}

function place(name: string, { name: text, code }: RoutePlace): XmlElement {
  return textElement(name, text, { code });
}
