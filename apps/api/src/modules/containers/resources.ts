import { containerFields, orderContainerFields } from "@portal/domain";
import { eq, type SQL, sql } from "drizzle-orm";
import { alias, QueryBuilder } from "drizzle-orm/pg-core";
import { isoTimestamp, resourceFrom } from "../../core/resource.ts";
import {
  containerPackageFiles,
  containers,
  freightOrderFiles,
  freightOrderStatuses,
  freightOrders,
  users,
} from "../../db/schema/index.ts";

// The lists of the containers module, each from its field definitions (packages/domain/src/containers/fields.ts).

const author = alias(users, "container_author");
const updatedBy = alias(users, "container_updated_by");

/**
 * Containers (tracking/api/containers/): with their order's company and status (the order is also the container's
 * tenancy scope: the service's), the author and the last editor by name.
 */
export const containerList = resourceFrom({
  fields: containerFields,
  table: containers,
  joins: [
    { table: freightOrders, on: eq(freightOrders.id, containers.freight_order_id) },
    { table: freightOrderStatuses, on: eq(freightOrderStatuses.id, freightOrders.status) },
    { table: author, on: eq(author.id, containers.author_id) },
    { table: updatedBy, on: eq(updatedBy.id, containers.updated_by_id) },
  ],
  exprs: {
    freight_order: containers.freight_order_id,
    company: freightOrders.company_id,
    company_name: freightOrders.company_name,
    freight_order_status: freightOrders.status,
    freight_order_status_name: freightOrderStatuses.name,
    freight_order_status_name_en: freightOrderStatuses.name_en,
  },
  people: {
    author: { first_name: author.first_name, last_name: author.last_name },
    updated_by: { first_name: updatedBy.first_name, last_name: updatedBy.last_name },
  },
  // A container lists its order's company and status, which filters read
  changedBy: ["containers", "freight_orders"],
  defaultOrdering: "-id",
});

/**
 * The files of a container's package as the order's containers grid shows them, ordered by id (JSON). Built as a
 * query of its own: a list of one table renders the columns at the top of its selection without their table's
 * name, which inside a subquery could name the subquery's own columns instead.
 */
const packageContent: SQL = sql`coalesce((${new QueryBuilder()
  .select({
    files: sql`json_agg(json_build_object(
      'id', ${freightOrderFiles.id},
      'filename', ${freightOrderFiles.filename},
      'document_number', ${freightOrderFiles.document_number},
      'document_date', ${freightOrderFiles.document_date},
      'document_type', ${freightOrderFiles.document_type},
      'document_title', ${freightOrderFiles.document_title},
      'is_original', ${freightOrderFiles.is_original},
      'create_date', ${isoTimestamp(freightOrderFiles.create_date)},
      'freight_order', ${freightOrderFiles.freight_order_id}
    ) order by ${freightOrderFiles.id})`,
  })
  .from(containerPackageFiles)
  .innerJoin(freightOrderFiles, eq(freightOrderFiles.id, containerPackageFiles.freight_order_file_id))
  .where(eq(containerPackageFiles.container_id, containers.id))}), '[]'::json)`;

const orderContainerRows = resourceFrom({
  fields: orderContainerFields,
  table: containers,
  defaultOrdering: "id",
});

/** An order's containers (freight_orders/{id}/containers/): the grid's fields and the package's files. */
export const orderContainerList = {
  ...orderContainerRows,
  columns: { ...orderContainerRows.columns, package_content: packageContent },
};
