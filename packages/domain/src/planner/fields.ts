import { defineFields } from "../fields/define.ts";

/** A railway route with the names of its stations, for the order form and the price lists. */
export const railwayRouteFields = defineFields({
  id: { kind: "id" },
  description: { kind: "text", max: 255, required: true, searchable: true },
  description_en: { kind: "text", max: 255, searchable: true },
  departure: { kind: "relation", to: "location", required: true },
  departure_name: { kind: "text", max: 100, readOnly: true },
  destination: { kind: "relation", to: "location", required: true },
  destination_name: { kind: "text", max: 100, readOnly: true },
  border_crossing_point: { kind: "relation", to: "location", nullable: true },
  border_crossing_point_name: { kind: "text", max: 100, nullable: true, readOnly: true },
  version: { kind: "integer", readOnly: true },
});

export const plannerContainerTypeFields = defineFields({
  id: { kind: "id" },
  code: { kind: "text", max: 10, readOnly: true, searchable: "prefix" },
  description: { kind: "text", max: 255, readOnly: true, searchable: true },
  description_en: { kind: "text", max: 255, readOnly: true, searchable: true },
});
