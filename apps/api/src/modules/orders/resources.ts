import {
  directoryCompanyFields,
  freightOrderFields,
  freightOrderHistoryFields,
  freightOrderStatusFields,
} from "@portal/domain";
import { eq, sql } from "drizzle-orm";
import { alias, QueryBuilder } from "drizzle-orm/pg-core";
import { linkedIds, resourceFrom } from "../../core/resource.ts";
import {
  companies,
  containers,
  directoryCompanies,
  freightOrderHistory,
  freightOrderServices,
  freightOrderStatuses,
  freightOrders,
  freightOrderTransportKinds,
  users,
} from "../../db/schema/index.ts";

// The lists of the orders module, each from its field definitions (packages/domain/src/orders/fields.ts).

const author = alias(users, "author");
const updatedBy = alias(users, "updated_by");

/**
 * Shipping orders: the statuses' names joined, the author and the last editor as people, the parties' names under
 * the list's column names; deleted orders are outside every list and answer 404.
 */
export const orderList = resourceFrom({
  fields: freightOrderFields,
  table: freightOrders,
  joins: [
    { table: freightOrderStatuses, on: eq(freightOrderStatuses.id, freightOrders.status) },
    { table: author, on: eq(author.id, freightOrders.author_id) },
    { table: updatedBy, on: eq(updatedBy.id, freightOrders.updated_by_id) },
  ],
  deletedAt: freightOrders.deleted_at,
  // Statuses group and sort in the workflow's order (draft, submitted, needs correction, approved …)
  ranks: { status: freightOrderStatuses.order },
  exprs: {
    company: freightOrders.company_id,
    status_name: freightOrderStatuses.name,
    status_name_en: freightOrderStatuses.name_en,
    consignor: freightOrders.consignor_name,
    consignee: freightOrders.consignee_name,
    transport_kinds: linkedIds(
      freightOrderTransportKinds.transport_kind_id,
      freightOrderTransportKinds.freight_order_id,
      freightOrders.id,
    ),
    ordered_services: linkedIds(
      freightOrderServices.service_id,
      freightOrderServices.freight_order_id,
      freightOrders.id,
    ),
    // The numbers of the order's containers, in the order they were added
    freightordercontainer: sql<string>`coalesce((${new QueryBuilder()
      .select({ numbers: sql`string_agg(${containers.container}, ', ' order by ${containers.id})` })
      .from(containers)
      .where(eq(containers.freight_order_id, freightOrders.id))}), '')`,
  },
  people: {
    author: { first_name: author.first_name, last_name: author.last_name },
    updated_by: { first_name: updatedBy.first_name, last_name: updatedBy.last_name },
  },
  // An order lists its containers' numbers (`freightordercontainer`), which a filter reads
  changedBy: ["freight_orders", "containers"],
  defaultOrdering: "-id",
});

export const orderStatusList = resourceFrom({
  fields: freightOrderStatusFields,
  table: freightOrderStatuses,
  defaultOrdering: "order",
});

const historyUser = alias(users, "history_user");

/** An order's history, newest first (entries of one change share their time: the later written first). */
export const orderHistoryList = resourceFrom({
  fields: freightOrderHistoryFields,
  table: freightOrderHistory,
  joins: [
    { table: historyUser, on: eq(historyUser.id, freightOrderHistory.user_id) },
    { table: freightOrderStatuses, on: eq(freightOrderStatuses.id, freightOrderHistory.status) },
  ],
  exprs: { status_name: freightOrderStatuses.name, status_name_en: freightOrderStatuses.name_en },
  people: {
    user: {
      first_name: historyUser.first_name,
      last_name: historyUser.last_name,
      username: historyUser.username,
    },
  },
  defaultOrdering: "-modify_date,-id",
});

/** The consignor/consignee directory, with the owning company's name. */
export const directoryList = resourceFrom({
  fields: directoryCompanyFields,
  table: directoryCompanies,
  joins: [{ table: companies, on: eq(companies.id, directoryCompanies.company_id) }],
  exprs: { company: directoryCompanies.company_id, company_name: companies.name },
  defaultOrdering: "short_name",
});
