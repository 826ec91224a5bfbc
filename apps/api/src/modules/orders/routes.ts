import {
  directoryCompanyFields,
  freightOrderFields,
  orderHistoryEntrySchema,
  orderPolicy,
  orderStatusSchema,
  orderWorkflowSchema,
  rowSchema,
  setIsPaidBody,
  suggestionAnswer,
  suggestionQuery,
} from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { signedIn } from "../../http/access.ts";
import { crudRoutes } from "../../http/crud-routes.ts";
import { listRoute } from "../../http/list-route.ts";
import { idParams } from "../../http/params.ts";
import type { ModuleContext } from "../services.ts";

const ORDERS = "/tracking/api/freight_orders/";
const STATUSES = "/tracking/api/freight-order-statuses/";

/**
 * Shipping orders (spec 01 §7): the orders (list pattern, create, read, change with the workflow, delete), their
 * workflow choices, history and paid flag, the workflow's statuses, the consignor/consignee directory and the
 * suggestions of earlier descriptions and notes.
 */
export const ordersRoutes: FastifyPluginAsyncZod<ModuleContext> = async (
  app,
  { services: { orders, directory } },
) => {
  const tags = ["orders"];
  const reads = { access: signedIn };

  crudRoutes(app, {
    url: ORDERS,
    tags,
    name: "Shipping orders (clients: their companies' ones, under the status's rules; managers: all)",
    fields: freightOrderFields,
    service: orders.orders,
  });

  app.get(
    `${ORDERS}:id/wf/`,
    {
      config: reads,
      schema: {
        tags,
        summary: "The statuses this user may move the order to, in their order",
        params: idParams,
        response: { 200: orderWorkflowSchema },
      },
    },
    async (request) => orders.workflow(await request.requireUser(), request.params.id),
  );

  listRoute(app, {
    url: `${ORDERS}:id/history/`,
    tags,
    summary: "The order's status changes and field changes, newest first",
    item: orderHistoryEntrySchema,
    params: idParams,
    list: (user, query, params) => orders.history(user, params.id, query),
  });

  app.patch(
    `${ORDERS}:id/set_is_paid/`,
    {
      config: {
        access: {
          allow: orderPolicy.canSetPaid,
          open: (user, ids) => orders.orders.get(user, ids.id as number),
        },
      },
      schema: {
        tags,
        summary: "Mark the order paid or unpaid (users with can_set_is_paid)",
        params: idParams,
        body: setIsPaidBody,
        response: { 200: rowSchema(freightOrderFields) },
      },
    },
    async (request) => orders.setIsPaid(await request.requireUser(), request.params.id, request.body),
  );

  listRoute(app, {
    url: STATUSES,
    tags,
    summary: "The statuses of the order workflow",
    item: orderStatusSchema,
    list: (_user, query) => orders.statuses(query),
  });
  app.get(
    `${STATUSES}:id/`,
    {
      config: reads,
      schema: { tags, summary: "One status", params: idParams, response: { 200: orderStatusSchema } },
    },
    async (request) => orders.status(request.params.id),
  );

  crudRoutes(app, {
    url: "/tracking/api/directory/company/",
    tags,
    name: "Consignor and consignee directory (public entries and the user's companies' own)",
    fields: directoryCompanyFields,
    service: directory,
  });

  app.get(
    "/tracking/api/directory/freight-order-suggestion/",
    {
      config: reads,
      schema: {
        tags,
        summary:
          "Earlier descriptions or notes of the user's companies' orders, most recent first (at most 20)",
        querystring: suggestionQuery,
        response: { 200: suggestionAnswer },
      },
    },
    async (request) =>
      orders.suggestions(await request.requireUser(), request.query.field_name, request.query.search),
  );
};
