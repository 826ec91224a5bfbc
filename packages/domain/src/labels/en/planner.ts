import type { FieldLabelCatalog } from "../catalog.ts";

/** The planner field sets' labels in English (catalog.ts). */
export const planner: Pick<
  FieldLabelCatalog,
  | "railway_route"
  | "planner_container_type"
  | "railway_route_service"
  | "railway_transportation_cost"
  | "company_service"
  | "company_transportation_cost"
> = {
  railway_route: {
    fields: {
      id: "ID",
      description: "Route in Russian",
      description_en: "Route",
      departure: "Departure station",
      destination: "Destination station",
      border_crossing_point: "Border crossing point",
      version: "Version",
    },
    sections: {},
    choices: {},
  },
  planner_container_type: {
    fields: {
      id: "ID",
      code: "Container type",
      description: "Type description in Russian",
      description_en: "Type description",
    },
    sections: {},
    choices: {},
  },
  railway_route_service: {
    fields: {
      id: "ID",
      railway_route: "Route ID",
      description: "Description",
      description_en: "Description in English",
      base_cost: "Base cost",
      version: "Version",
    },
    sections: {},
    choices: {},
  },
  railway_transportation_cost: {
    fields: {
      id: "ID",
      railway_route: "Route ID",
      container_type: "Container type ID",
      base_cost: "Base cost",
      version: "Version",
    },
    sections: {},
    choices: {},
  },
  company_service: {
    fields: {
      id: "ID",
      company: "Company",
      railway_route: "Route ID",
      railway_route_service: "Base service No.",
      description: "Description",
      description_en: "Description in English",
      base_cost: "Base cost",
      cost: "Cost",
      version: "Version",
    },
    sections: {},
    choices: {},
  },
  company_transportation_cost: {
    fields: {
      id: "ID",
      company: "Company",
      railway_route: "Route ID",
      container_type: "Container type ID",
      railway_transportation_cost: "Base cost No.",
      base_cost: "Base cost",
      cost: "Cost",
      version: "Version",
    },
    sections: {},
    choices: {},
  },
};
