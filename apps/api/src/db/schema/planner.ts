import { integer, pgTable, serial, uniqueIndex, varchar } from "drizzle-orm/pg-core";
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
