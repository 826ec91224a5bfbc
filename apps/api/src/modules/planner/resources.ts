import {
  companyServiceFields,
  companyTransportationCostFields,
  plannerContainerTypeFields,
  priceListPolicy,
  railwayRouteFields,
  railwayRouteServiceFields,
  railwayTransportationCostFields,
} from "@portal/domain";
import { eq } from "drizzle-orm";
import { alias, type PgColumn } from "drizzle-orm/pg-core";
import type { CrudResource } from "../../core/crud.ts";
import type { Principal } from "../../core/principal.ts";
import { resourceFrom } from "../../core/resource.ts";
import {
  companyServices,
  companyTransportationCosts,
  locations,
  plannerContainerTypes,
  railwayRouteServices,
  railwayRoutes,
  railwayTransportationCosts,
} from "../../db/schema/index.ts";

// The planner's lists: the reference lists (routes, container categories), the base price lists and the
// companies' personal price lists, each from its field definitions (packages/domain/src/planner/fields.ts).

const departure = alias(locations, "departure");
const destination = alias(locations, "destination");
const border = alias(locations, "border_crossing");

export const railwayRouteList = resourceFrom({
  fields: railwayRouteFields,
  table: railwayRoutes,
  joins: [
    { table: departure, on: eq(departure.id, railwayRoutes.departure) },
    { table: destination, on: eq(destination.id, railwayRoutes.destination) },
    { table: border, on: eq(border.id, railwayRoutes.border_crossing_point) },
  ],
  exprs: {
    departure_name: departure.location,
    destination_name: destination.location,
    border_crossing_point_name: border.location,
  },
  defaultOrdering: "description",
});

export const containerTypeList = resourceFrom({
  fields: plannerContainerTypeFields,
  table: plannerContainerTypes,
  defaultOrdering: "id",
});

/** A price row's route, joined through its `railway_route` column, and the route's names as fields. */
function routeOf(column: PgColumn) {
  return {
    join: { table: railwayRoutes, on: eq(railwayRoutes.id, column) },
    exprs: {
      railway_route_description: railwayRoutes.description,
      railway_route_description_en: railwayRoutes.description_en,
    },
  };
}

/** A price row's container category, joined through its `container_type` column, and its names as fields. */
function containerTypeOf(column: PgColumn) {
  return {
    join: { table: plannerContainerTypes, on: eq(plannerContainerTypes.id, column) },
    exprs: {
      container_type_code: plannerContainerTypes.code,
      container_type_description: plannerContainerTypes.description,
      container_type_description_en: plannerContainerTypes.description_en,
    },
  };
}

const baseServiceRoute = routeOf(railwayRouteServices.railway_route);
export const railwayRouteServiceList = resourceFrom({
  fields: railwayRouteServiceFields,
  table: railwayRouteServices,
  joins: [baseServiceRoute.join],
  exprs: baseServiceRoute.exprs,
  defaultOrdering: "railway_route_description,id",
});

const baseCostRoute = routeOf(railwayTransportationCosts.railway_route);
const baseCostType = containerTypeOf(railwayTransportationCosts.container_type);
export const railwayTransportationCostList = resourceFrom({
  fields: railwayTransportationCostFields,
  table: railwayTransportationCosts,
  joins: [baseCostRoute.join, baseCostType.join],
  exprs: { ...baseCostRoute.exprs, ...baseCostType.exprs },
  defaultOrdering: "railway_route_description,container_type_code",
});

/** How a company's list is opened: the company's rule (404 when it does not exist, 403 when the user may not). */
export type OpenCompany = (user: Principal, companyId: number) => Promise<unknown>;

const serviceRoute = routeOf(companyServices.railway_route);

/** A company's personal service prices, under `company/{companyId}/service/`. */
export function companyServiceResource(openCompany: OpenCompany): CrudResource {
  return {
    fields: companyServiceFields,
    table: companyServices,
    list: resourceFrom({
      fields: companyServiceFields,
      table: companyServices,
      joins: [serviceRoute.join],
      exprs: serviceRoute.exprs,
      defaultOrdering: "railway_route_description,id",
    }),
    policy: priceListPolicy,
    parent: { column: companyServices.company, open: openCompany },
  };
}

const costRoute = routeOf(companyTransportationCosts.railway_route);
const costType = containerTypeOf(companyTransportationCosts.container_type);
const costBase = {
  table: railwayTransportationCosts,
  on: eq(railwayTransportationCosts.id, companyTransportationCosts.railway_transportation_cost),
};

/** A company's personal container transportation costs, under `company/{companyId}/transportation_cost/`. */
export function companyTransportationCostResource(openCompany: OpenCompany): CrudResource {
  return {
    fields: companyTransportationCostFields,
    table: companyTransportationCosts,
    list: resourceFrom({
      fields: companyTransportationCostFields,
      table: companyTransportationCosts,
      joins: [costRoute.join, costType.join, costBase],
      exprs: {
        ...costRoute.exprs,
        ...costType.exprs,
        // The base cost is the base row's, not a copy: the row shows what it was made from
        base_cost: railwayTransportationCosts.base_cost,
      },
      defaultOrdering: "railway_route_description,container_type_code",
    }),
    policy: priceListPolicy,
    parent: { column: companyTransportationCosts.company, open: openCompany },
  };
}
