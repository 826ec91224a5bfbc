import {
  companyServiceFields,
  companyTransportationCostFields,
  plannerContainerTypeFields,
  priceListCompanySchema,
  priceListCountsSchema,
  priceListPolicy,
  railwayRouteFields,
  railwayRouteServiceFields,
  railwayTransportationCostFields,
  referencePolicy,
} from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CrudService } from "../../core/crud.ts";
import type { Principal } from "../../core/principal.ts";
import { crudRoutes } from "../../http/crud-routes.ts";
import { readOnlyListRoute } from "../../http/list-route.ts";
import { pathId } from "../../http/params.ts";
import type { ModuleContext } from "../services.ts";
import {
  companyServiceResource,
  companyTransportationCostResource,
  containerTypeList,
  railwayRouteList,
  railwayRouteServiceList,
  railwayTransportationCostList,
} from "./resources.ts";

const COMPANY = "/planner/api/company/:companyId/";
const companyParams = z.object({ companyId: pathId });

/**
 * The planner (spec 02 §7): its reference lists (railway routes, the container categories it prices), the base
 * price lists, and each company's personal price list with the calls that create and delete it.
 */
export const plannerRoutes: FastifyPluginAsyncZod<ModuleContext> = async (
  app,
  { db, services: { priceLists } },
) => {
  const tags = ["planner"];
  const lists = [
    ["/planner/api/railway_route/", railwayRouteList, railwayRouteFields, "Railway routes", referencePolicy],
    [
      "/planner/api/container_type/",
      containerTypeList,
      plannerContainerTypeFields,
      "Container categories priced",
      referencePolicy,
    ],
    [
      "/planner/api/railway_route_all_services/",
      railwayRouteServiceList,
      railwayRouteServiceFields,
      "Base services of the railway routes",
      priceListPolicy,
    ],
    [
      "/planner/api/railway_route_all_transportation_cost/",
      railwayTransportationCostList,
      railwayTransportationCostFields,
      "Base container transportation costs of the railway routes",
      priceListPolicy,
    ],
  ] as const;
  for (const [url, resource, fields, summary, policy] of lists) {
    readOnlyListRoute(app, db, { url, tags, summary, fields, resource, policy });
  }

  const openCompany = priceLists.openCompany.bind(priceLists);
  app.get(
    COMPANY,
    {
      config: {
        access: {
          allow: priceListPolicy.canRead,
          open: (user, ids) => openCompany(user, ids.companyId as number),
        },
      },
      schema: {
        tags,
        summary: "The company of a price list, with the number of rows of its two lists",
        params: companyParams,
        response: { 200: priceListCompanySchema },
      },
    },
    async (request) => priceLists.company(await request.requireUser(), request.params.companyId),
  );

  // The personal lists' rows are made by company_price_refresh/ and removed by company_price_delete/: the
  // grids list them and change their cost (the only writable field), nothing else.
  const nested = { tags, parent: "companyId", operations: ["list", "get", "change"] } as const;
  crudRoutes(app, {
    ...nested,
    url: `${COMPANY}service/`,
    name: "Company service prices",
    fields: companyServiceFields,
    service: new CrudService(db, companyServiceResource(openCompany)),
  });
  crudRoutes(app, {
    ...nested,
    url: `${COMPANY}transportation_cost/`,
    name: "Company container transportation costs",
    fields: companyTransportationCostFields,
    service: new CrudService(db, companyTransportationCostResource(openCompany)),
  });

  const actions = [
    [
      "company_price_refresh",
      "Create the company's price list: every base row copied at its base cost (400 while it has one)",
      (user: Principal, companyId: number) => priceLists.refresh(user, companyId),
    ],
    [
      "company_price_delete",
      "Delete both lists of the company's price list (400 when both are empty)",
      (user: Principal, companyId: number) => priceLists.delete(user, companyId),
    ],
  ] as const;
  for (const [path, summary, run] of actions) {
    app.post(
      `${COMPANY}${path}/`,
      {
        config: {
          access: {
            allow: priceListPolicy.canWrite,
            open: (user, ids) => openCompany(user, ids.companyId as number),
          },
        },
        schema: { tags, summary, params: companyParams, response: { 200: priceListCountsSchema } },
      },
      async (request) => run(await request.requireUser(), request.params.companyId),
    );
  }
};
