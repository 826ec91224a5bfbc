import { index, integer, numeric, pgTable, serial, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { companies } from "./identity.ts";
import { locations } from "./reference.ts";

/** The forwarder's railway routes: a departure, a destination and, abroad, the border crossing between them. */
export const railwayRoutes = pgTable("railway_routes", {
  id: serial("id").primaryKey(),
  description: varchar("description", { length: 255 }).notNull(),
  description_en: varchar("description_en", { length: 255 }).notNull().default(""),
  departure: integer("departure")
    .notNull()
    .references(() => locations.id, { onDelete: "restrict" }),
  destination: integer("destination")
    .notNull()
    .references(() => locations.id, { onDelete: "restrict" }),
  border_crossing_point: integer("border_crossing_point").references(() => locations.id, {
    onDelete: "restrict",
  }),
  version: integer("version").notNull().default(1),
});

/** The container categories the planner prices (20DC, 40HC …): commercial classes, not ISO size-type codes. */
export const plannerContainerTypes = pgTable(
  "planner_container_types",
  {
    id: serial("id").primaryKey(),
    code: varchar("code", { length: 10 }).notNull(),
    description: varchar("description", { length: 255 }).notNull(),
    description_en: varchar("description_en", { length: 255 }).notNull().default(""),
  },
  (table) => [uniqueIndex("planner_container_types_code_idx").on(table.code)],
);

/** Rubles with kopecks, read as a number: 12 digits of rubles (the `money` field kind's limit). */
const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: "number" });

/** A route's base services (railway_route_all_services): what the forwarder charges for them by default. */
export const railwayRouteServices = pgTable(
  "railway_route_services",
  {
    id: serial("id").primaryKey(),
    railway_route: integer("railway_route")
      .notNull()
      .references(() => railwayRoutes.id, { onDelete: "restrict" }),
    description: varchar("description", { length: 255 }).notNull(),
    description_en: varchar("description_en", { length: 255 }).notNull().default(""),
    base_cost: money("base_cost").notNull(),
    version: integer("version").notNull().default(1),
  },
  (table) => [index("railway_route_services_route_idx").on(table.railway_route)],
);

/** A route's base cost of carrying one container of each category (railway_route_all_transportation_cost). */
export const railwayTransportationCosts = pgTable(
  "railway_transportation_costs",
  {
    id: serial("id").primaryKey(),
    railway_route: integer("railway_route")
      .notNull()
      .references(() => railwayRoutes.id, { onDelete: "restrict" }),
    container_type: integer("container_type")
      .notNull()
      .references(() => plannerContainerTypes.id, { onDelete: "restrict" }),
    base_cost: money("base_cost").notNull(),
    version: integer("version").notNull().default(1),
  },
  (table) => [
    uniqueIndex("railway_transportation_costs_route_type_idx").on(table.railway_route, table.container_type),
  ],
);

/**
 * A company's personal service prices: copies of the base services (description and base cost as they were
 * copied) with the company's own `cost`. One row per base service and company: the unique index keeps two
 * refreshes at once from copying twice.
 */
export const companyServices = pgTable(
  "company_services",
  {
    id: serial("id").primaryKey(),
    company: integer("company")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    railway_route: integer("railway_route")
      .notNull()
      .references(() => railwayRoutes.id, { onDelete: "restrict" }),
    railway_route_service: integer("railway_route_service")
      .notNull()
      .references(() => railwayRouteServices.id, { onDelete: "restrict" }),
    description: varchar("description", { length: 255 }).notNull(),
    description_en: varchar("description_en", { length: 255 }).notNull().default(""),
    base_cost: money("base_cost").notNull(),
    cost: money("cost").notNull(),
    version: integer("version").notNull().default(1),
  },
  (table) => [
    uniqueIndex("company_services_company_base_idx").on(table.company, table.railway_route_service),
  ],
);

/** A company's personal container transportation costs: one per base cost, with the company's own `cost`. */
export const companyTransportationCosts = pgTable(
  "company_transportation_costs",
  {
    id: serial("id").primaryKey(),
    company: integer("company")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    railway_route: integer("railway_route")
      .notNull()
      .references(() => railwayRoutes.id, { onDelete: "restrict" }),
    container_type: integer("container_type")
      .notNull()
      .references(() => plannerContainerTypes.id, { onDelete: "restrict" }),
    railway_transportation_cost: integer("railway_transportation_cost")
      .notNull()
      .references(() => railwayTransportationCosts.id, { onDelete: "restrict" }),
    cost: money("cost").notNull(),
    version: integer("version").notNull().default(1),
  },
  (table) => [
    uniqueIndex("company_transportation_costs_company_base_idx").on(
      table.company,
      table.railway_transportation_cost,
    ),
  ],
);
