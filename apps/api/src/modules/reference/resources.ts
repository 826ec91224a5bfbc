import {
  containerTypeFields,
  countryFields,
  documentTypeFields,
  etsngFields,
  gngFields,
  kindFields,
  locationFields,
  referencePolicy,
  serviceFields,
} from "@portal/domain";
import { getTableName, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { CrudResource } from "../../core/crud.ts";
import type { UniqueIndex } from "../../core/crud-resource.ts";
import type { NamedTable } from "../../core/relation-names.ts";
import { linkedIds, resourceFrom } from "../../core/resource.ts";
import {
  containerTypes,
  countries,
  documentTypes,
  etsng,
  freightOrderServices,
  freightOrders,
  freightOrderTransportKinds,
  gng,
  locations,
  serviceShipmentKinds,
  services,
  serviceTransportKinds,
  shipmentKinds,
  transportKinds,
} from "../../db/schema/index.ts";

// Each reference book: its field definitions and its table. The classifiers are read-only lists; the kinds and
// services are dictionaries the reference-book editors change.

export const etsngList = resourceFrom({
  fields: etsngFields,
  table: etsng,
  id: etsng.code,
  defaultOrdering: "code",
});
export const gngList = resourceFrom({ fields: gngFields, table: gng, id: gng.code, defaultOrdering: "code" });
export const countryList = resourceFrom({
  fields: countryFields,
  table: countries,
  id: countries.abc2,
  defaultOrdering: "short_name",
});
export const locationList = resourceFrom({
  fields: locationFields,
  table: locations,
  defaultOrdering: "location",
});
export const documentTypeList = resourceFrom({
  fields: documentTypeFields,
  table: documentTypes,
  defaultOrdering: "id",
});
export const containerTypeList = resourceFrom({
  fields: containerTypeFields,
  table: containerTypes,
  defaultOrdering: "code",
});

/**
 * A dictionary's names, unique in it whatever their case (the tables' indexes, db/schema/reference.ts): a second
 * entry of a name answers 400 on its field.
 */
function uniqueNames(table: string): UniqueIndex[] {
  return (["description", "description_en"] as const).map((field) => ({
    field,
    message: "name_in_dictionary",
    index: `${table}_${field}_idx`,
  }));
}

/** A dictionary of kinds (transport, shipment): its rows cannot be deleted while a service or an order links them. */
function kindResource(
  table: typeof transportKinds | typeof shipmentKinds,
  usedByServices: PgColumn,
  usedByOrders: PgColumn,
): CrudResource {
  return {
    fields: kindFields,
    table,
    list: resourceFrom({ fields: kindFields, table, defaultOrdering: "id" }),
    policy: referencePolicy,
    unique: uniqueNames(getTableName(table)),
    usedBy: [
      { column: usedByServices, message: "kind_in_use" },
      { column: usedByOrders, message: "kind_in_orders" },
    ],
  };
}

export const transportKindResource = kindResource(
  transportKinds,
  serviceTransportKinds.transport_kind_id,
  freightOrderTransportKinds.transport_kind_id,
);
export const shipmentKindResource = kindResource(
  shipmentKinds,
  serviceShipmentKinds.shipment_kind_id,
  freightOrders.shipment_kind,
);

export const serviceResource: CrudResource = {
  fields: serviceFields,
  table: services,
  list: resourceFrom({
    fields: serviceFields,
    table: services,
    exprs: {
      transport_kind: linkedIds(
        serviceTransportKinds.transport_kind_id,
        serviceTransportKinds.service_id,
        services.id,
      ),
      shipment_kind: linkedIds(
        serviceShipmentKinds.shipment_kind_id,
        serviceShipmentKinds.service_id,
        services.id,
      ),
    },
    defaultOrdering: "description",
  }),
  policy: referencePolicy,
  unique: uniqueNames("services"),
  usedBy: [{ column: freightOrderServices.service_id, message: "service_in_orders" }],
  links: {
    transport_kind: {
      table: serviceTransportKinds,
      owner: serviceTransportKinds.service_id,
      target: serviceTransportKinds.transport_kind_id,
      targetTable: transportKinds,
    },
    shipment_kind: {
      table: serviceShipmentKinds,
      owner: serviceShipmentKinds.service_id,
      target: serviceShipmentKinds.shipment_kind_id,
      targetTable: shipmentKinds,
    },
  },
};

/**
 * How the history and the print name the reference rows an order points to, in Russian and English where the book
 * has both; countries by their ISO 3166 two letters (docs/reference-data.md).
 */
export const referenceNames: Record<string, NamedTable> = {
  location: { id: locations.id, name: locations.location },
  container_type: {
    id: containerTypes.id,
    name: sql<string>`${containerTypes.code} || ' ' || ${containerTypes.description}`,
    name_en: sql<string>`${containerTypes.code} || ' ' || ${containerTypes.description_en}`,
  },
  transport_kind: {
    id: transportKinds.id,
    name: transportKinds.description,
    name_en: transportKinds.description_en,
  },
  shipment_kind: {
    id: shipmentKinds.id,
    name: shipmentKinds.description,
    name_en: shipmentKinds.description_en,
  },
  service: { id: services.id, name: services.description, name_en: services.description_en },
  country: { id: countries.abc2, name: countries.short_name, name_en: countries.name_eng },
};
