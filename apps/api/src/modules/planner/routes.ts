import { plannerContainerTypeFields, railwayRouteFields, referencePolicy } from "@portal/domain";
import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { FastifyInstance } from "fastify";
import { resourceFrom } from "../../core/resource.ts";
import { locations, plannerContainerTypes, railwayRoutes } from "../../db/schema/index.ts";
import { readOnlyListRoute } from "../../http/list-route.ts";
import type { ModuleContext } from "../index.ts";

const departure = alias(locations, "departure");
const destination = alias(locations, "destination");
const border = alias(locations, "border_crossing");

const railwayRouteList = resourceFrom({
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

const containerTypeList = resourceFrom({
  fields: plannerContainerTypeFields,
  table: plannerContainerTypes,
  defaultOrdering: "id",
});

/** The planner's reference lists (spec 02 §7): railway routes and the container categories it prices. */
export async function plannerRoutes(app: FastifyInstance, { db }: ModuleContext) {
  const tags = ["planner"];
  const policy = referencePolicy;
  readOnlyListRoute(app, db, {
    url: "/planner/api/railway_route/",
    tags,
    summary: "Railway routes",
    fields: railwayRouteFields,
    resource: railwayRouteList,
    policy,
  });
  readOnlyListRoute(app, db, {
    url: "/planner/api/container_type/",
    tags,
    summary: "Container categories priced",
    fields: plannerContainerTypeFields,
    resource: containerTypeList,
    policy,
  });
}
