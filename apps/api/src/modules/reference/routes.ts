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
import { and, inArray } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { CrudService } from "../../core/crud.ts";
import { serviceShipmentKinds, services, serviceTransportKinds } from "../../db/schema/index.ts";
import { crudRoutes } from "../../http/crud-routes.ts";
import { readOnlyListRoute } from "../../http/list-route.ts";
import { queryId } from "../../http/params.ts";
import type { ModuleContext } from "../services.ts";
import {
  containerTypeList,
  countryList,
  documentTypeList,
  etsngList,
  gngList,
  locationList,
  serviceResource,
  shipmentKindResource,
  transportKindResource,
} from "./resources.ts";

/** A repeated query parameter (`?transport_kind=1&transport_kind=2`) as a list of ids. */
const idList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .pipe(z.array(queryId).max(100))
  .optional();

/** The reference books at the paths spec 01 §7 and spec 02 §7 give them. */
export async function referenceRoutes(app: FastifyInstance, { db }: ModuleContext) {
  const lists = [
    ["/refbooks/api/etsng/", etsngList, etsngFields, "ETSNG"],
    ["/refbooks/api/gng/", gngList, gngFields, "GNG"],
    ["/refbooks/api/country/", countryList, countryFields, "Countries"],
    [
      "/tracking/api/locations/",
      locationList,
      locationFields,
      "Locations (stations, border crossings, ports)",
    ],
    ["/tracking/api/document-types/", documentTypeList, documentTypeFields, "Document types"],
    ["/service/api/container_type/", containerTypeList, containerTypeFields, "Container types (ISO 6346)"],
  ] as const;
  for (const [url, resource, fields, summary] of lists) {
    readOnlyListRoute(app, db, {
      url,
      tags: ["reference"],
      summary,
      fields,
      resource,
      policy: referencePolicy,
    });
  }

  crudRoutes(app, {
    url: "/service/api/transport_kind/",
    tags: ["reference"],
    name: "Transport kinds",
    fields: kindFields,
    service: new CrudService(db, transportKindResource),
  });
  crudRoutes(app, {
    url: "/service/api/shipment_kind/",
    tags: ["reference"],
    name: "Shipment kinds",
    fields: kindFields,
    service: new CrudService(db, shipmentKindResource),
  });
  /** The services linked to any of these kinds through a link table; no kinds asked: no condition. */
  const linkedTo = (
    links: typeof serviceTransportKinds | typeof serviceShipmentKinds,
    kind: PgColumn,
    ids: number[] | undefined,
  ) =>
    ids?.length
      ? inArray(services.id, db.select({ id: links.service_id }).from(links).where(inArray(kind, ids)))
      : undefined;
  crudRoutes(app, {
    url: "/service/api/service/",
    tags: ["reference"],
    name: "Services",
    fields: serviceFields,
    service: new CrudService(db, serviceResource),
    // The order form offers the services of the order's transport kinds (any of them) and shipment kind.
    extraQuery: { transport_kind: idList, shipment_kind: idList },
    scope: ({ transport_kind, shipment_kind }) =>
      and(
        linkedTo(serviceTransportKinds, serviceTransportKinds.transport_kind_id, transport_kind),
        linkedTo(serviceShipmentKinds, serviceShipmentKinds.shipment_kind_id, shipment_kind),
      ),
  });
}
