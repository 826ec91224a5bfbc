import { defineFields } from "../fields/define.ts";

/** A railway route with the names of its stations, for the order form and the price lists. */
export const railwayRouteFields = defineFields({
  id: { kind: "id" },
  description: { kind: "text", max: 255, required: true, searchable: true },
  description_en: { kind: "text", max: 255, searchable: true },
  departure: { kind: "relation", to: "location", required: true },
  departure_name: { kind: "text", max: 100, readOnly: true, label: "departure" },
  destination: { kind: "relation", to: "location", required: true },
  destination_name: { kind: "text", max: 100, readOnly: true, label: "destination" },
  border_crossing_point: { kind: "relation", to: "location", nullable: true },
  border_crossing_point_name: {
    kind: "text",
    max: 100,
    nullable: true,
    readOnly: true,
    label: "border_crossing_point",
  },
  version: { kind: "integer", readOnly: true },
});

export const plannerContainerTypeFields = defineFields({
  id: { kind: "id" },
  code: { kind: "text", max: 10, readOnly: true, searchable: "prefix" },
  description: { kind: "text", max: 255, readOnly: true, searchable: true },
  description_en: { kind: "text", max: 255, readOnly: true, searchable: true },
});

/** The route of a price row, named for display (the route's own descriptions, read through its id). */
const routeNames = {
  railway_route_description: {
    kind: "text",
    max: 255,
    readOnly: true,
    searchable: true,
    label: "railway_route.description",
  },
  railway_route_description_en: {
    kind: "text",
    max: 255,
    readOnly: true,
    searchable: true,
    label: "railway_route.description_en",
  },
} as const;

/** The container category of a price row, named for display. */
const containerTypeNames = {
  container_type_code: {
    kind: "text",
    max: 10,
    readOnly: true,
    searchable: true,
    label: "planner_container_type.code",
  },
  container_type_description: {
    kind: "text",
    max: 255,
    readOnly: true,
    label: "planner_container_type.description",
  },
  container_type_description_en: {
    kind: "text",
    max: 255,
    readOnly: true,
    label: "planner_container_type.description_en",
  },
} as const;

/** A base service of a railway route (railway_route_all_services): its price for any customer. */
export const railwayRouteServiceFields = defineFields({
  id: { kind: "id" },
  railway_route: { kind: "relation", to: "railway_route", required: true },
  ...routeNames,
  description: { kind: "text", max: 255, required: true, searchable: true },
  description_en: { kind: "text", max: 255, searchable: true },
  base_cost: { kind: "money", required: true },
  version: { kind: "integer", readOnly: true },
});

/** The base cost of carrying one container of a category along a route (railway_route_all_transportation_cost). */
export const railwayTransportationCostFields = defineFields({
  id: { kind: "id" },
  railway_route: { kind: "relation", to: "railway_route", required: true },
  ...routeNames,
  container_type: { kind: "relation", to: "planner_container_type", required: true },
  ...containerTypeNames,
  base_cost: { kind: "money", required: true },
  version: { kind: "integer", readOnly: true },
});

/**
 * A service of a company's personal price list: a copy of a base service (company_price_refresh) whose `cost`
 * the managers change; everything else is what was copied and stays as it is.
 */
export const companyServiceFields = defineFields({
  id: { kind: "id" },
  company: { kind: "relation", to: "company", readOnly: true },
  railway_route: { kind: "relation", to: "railway_route", readOnly: true },
  ...routeNames,
  railway_route_service: { kind: "relation", to: "railway_route_service", readOnly: true },
  description: { kind: "text", max: 255, readOnly: true, searchable: true },
  description_en: { kind: "text", max: 255, readOnly: true, searchable: true },
  base_cost: { kind: "money", readOnly: true },
  cost: { kind: "money", required: true },
  version: { kind: "integer", readOnly: true },
});

/**
 * A container transportation cost of a company's personal price list: a base cost (`railway_transportation_cost`,
 * whose amount `base_cost` shows) copied with its own `cost`, the one field managers change.
 */
export const companyTransportationCostFields = defineFields({
  id: { kind: "id" },
  company: { kind: "relation", to: "company", readOnly: true },
  railway_route: { kind: "relation", to: "railway_route", readOnly: true },
  ...routeNames,
  container_type: { kind: "relation", to: "planner_container_type", readOnly: true },
  ...containerTypeNames,
  railway_transportation_cost: { kind: "relation", to: "railway_transportation_cost", readOnly: true },
  base_cost: { kind: "money", readOnly: true },
  cost: { kind: "money", required: true },
  version: { kind: "integer", readOnly: true },
});
