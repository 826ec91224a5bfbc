import { FORWARDER_TIME_ZONE, monitoringFields, terminalReportFields } from "@portal/domain";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { alias, QueryBuilder } from "drizzle-orm/pg-core";
import { resourceFrom } from "../../core/resource.ts";
import {
  containerMonitoring,
  containers,
  containerTerminal,
  containerTypes,
  documentTypes,
  freightOrderFiles,
  freightOrders,
  shipmentKinds,
  users,
} from "../../db/schema/index.ts";

// The lists of the monitoring and the terminal report (packages/domain/src/operations/fields.ts): each is the table
// of its own columns (one row per container, its id the container's, made with it by migration 0018's trigger) with
// the container and its order joined, read-only here. A cell's edit is then a versioned change of the own row.

/** The day the order was made, in the forwarder's time (Moscow), as `yyyy-MM-dd`. */
const ORDER_DAY: SQL<string> = sql<string>`to_char(${freightOrders.create_date} at time zone ${sql.raw(`'${FORWARDER_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;

/** The longest `documents` text: the field's limit (its definition's `max`). */
const DOCUMENTS_MAX = terminalReportFields.documents.max;

/**
 * The order's documents as one text, oldest first: "Инвойс № 12 от 2026-03-01; СМГС № 24 от 2026-03-02" (the title
 * written on the document, else its type's, else the file's name; the number and the day when known), cut at the
 * field's limit. The terminal report is the Russian terminal's, so the words are Russian (docs/decisions.md).
 */
const orderDocuments: SQL<string> = sql<string>`coalesce((${new QueryBuilder()
  .select({
    text: sql`left(string_agg(concat_ws(' ',
        coalesce(nullif(${freightOrderFiles.document_title}, ''), ${documentTypes.title}, ${freightOrderFiles.filename}),
        '№ ' || nullif(${freightOrderFiles.document_number}, ''),
        'от ' || to_char(${freightOrderFiles.document_date}, 'YYYY-MM-DD')
      ), '; ' order by ${freightOrderFiles.id}), ${DOCUMENTS_MAX})`,
  })
  .from(freightOrderFiles)
  .leftJoin(documentTypes, eq(documentTypes.id, freightOrderFiles.document_type))
  .where(
    and(
      eq(freightOrderFiles.freight_order_id, containers.freight_order_id),
      eq(freightOrderFiles.kind, "document"),
    ),
  )}), '')`;

const monitoringEditor = alias(users, "monitoring_updated_by");

/**
 * Monitoring rows (tracking/api/monitoring/): the container's monitoring columns, with the container's number and
 * dates, and its order's company, route and kind of shipment (the customs procedure type, in both languages).
 * Which containers are monitored (their order's status) is the service's scope.
 */
export const monitoringList = resourceFrom({
  fields: monitoringFields,
  table: containerMonitoring,
  joins: [
    { table: containers, on: eq(containers.id, containerMonitoring.id) },
    { table: freightOrders, on: eq(freightOrders.id, containers.freight_order_id) },
    { table: shipmentKinds, on: eq(shipmentKinds.id, freightOrders.shipment_kind) },
    { table: monitoringEditor, on: eq(monitoringEditor.id, containerMonitoring.updated_by_id) },
  ],
  exprs: {
    freight_order: containers.freight_order_id,
    company: freightOrders.company_id,
    company_name: freightOrders.company_name,
    container: containers.container,
    prepare_to_ship_date: containers.prepare_to_ship_date,
    railway_trip_start_date: containers.railway_trip_start_date,
    arrival_at_border_date: containers.arrival_at_border_date,
    customs_procedure_type: sql<string>`coalesce(${shipmentKinds.description}, '')`,
    customs_procedure_type_en: sql<string>`coalesce(${shipmentKinds.description_en}, '')`,
    delivery_terms: freightOrders.delivery_terms,
    dispatch_location: freightOrders.dispatch_location,
    border_crossing_point_name: freightOrders.border_crossing_point_name,
    destination: freightOrders.destination,
  },
  people: { updated_by: { first_name: monitoringEditor.first_name, last_name: monitoringEditor.last_name } },
  // Its rows are containers of orders in monitored statuses, with their values
  changedBy: ["monitoring", "containers", "freight_orders"],
  defaultOrdering: "-id",
});

const terminalEditor = alias(users, "terminal_updated_by");

/**
 * Terminal report rows (tracking/api/reports/terminal-utro/): the container's terminal columns, with the container
 * (its number split into the owner's prefix and the rest, its type, its notes), its order's day, parties, route,
 * freight and documents.
 */
export const terminalReportList = resourceFrom({
  fields: terminalReportFields,
  table: containerTerminal,
  joins: [
    { table: containers, on: eq(containers.id, containerTerminal.id) },
    { table: freightOrders, on: eq(freightOrders.id, containers.freight_order_id) },
    { table: containerTypes, on: eq(containerTypes.id, containers.container_type) },
    { table: terminalEditor, on: eq(terminalEditor.id, containerTerminal.updated_by_id) },
  ],
  exprs: {
    freight_order: containers.freight_order_id,
    freight_order_date: ORDER_DAY,
    container: containers.container,
    prefix: sql<string>`left(${containers.container}, 4)`,
    number: sql<string>`substr(${containers.container}, 5)`,
    // The terminal's report is in Russian (its texts and columns): the type's Russian name
    container_type_name: sql<string>`coalesce(left(${containerTypes.code} || ' ' || ${containerTypes.description}, 100), '')`,
    dispatch_location: freightOrders.dispatch_location,
    consignor_name: freightOrders.consignor_name,
    destination: freightOrders.destination,
    consignee_name: freightOrders.consignee_name,
    consignee_country_name: freightOrders.consignee_country_name,
    freight_description: freightOrders.freight_description,
    packing_kind: freightOrders.packing_kind,
    notes: containers.notes,
    documents: orderDocuments,
    company: freightOrders.company_id,
    company_name: freightOrders.company_name,
  },
  // The order's day sorts as its creation time does (the same order of days): walked on the orders' index of it,
  // where the day's text would be worked out and sorted for every row (seconds for 600,000 containers)
  ranks: { freight_order_date: freightOrders.create_date },
  people: { updated_by: { first_name: terminalEditor.first_name, last_name: terminalEditor.last_name } },
  // Its rows are containers with their orders' values
  changedBy: ["terminal_report", "containers", "freight_orders"],
  defaultOrdering: "-id",
});
