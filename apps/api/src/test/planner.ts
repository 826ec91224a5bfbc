import type { Db } from "../db/client.ts";
import {
  locations,
  plannerContainerTypes,
  railwayRouteServices,
  railwayRoutes,
  railwayTransportationCosts,
} from "../db/schema/index.ts";

/** A route Zabaykalsk — Vorsino with two base services and the base costs of two container categories. */
export async function buildBasePrices(db: Db): Promise<void> {
  const [from, to] = await db
    .insert(locations)
    .values([
      { code: "946801", location: "Забайкальск", kind: "border" },
      { code: "183502", location: "Ворсино" },
    ])
    .returning();
  const [route] = await db
    .insert(railwayRoutes)
    .values({
      description: "Забайкальск — Ворсино",
      description_en: "Zabaykalsk — Vorsino",
      departure: from?.id ?? 0,
      destination: to?.id ?? 0,
      border_crossing_point: from?.id ?? 0,
    })
    .returning();
  const routeId = route?.id ?? 0;
  await db.insert(railwayRouteServices).values([
    {
      railway_route: routeId,
      description: "Терминальная обработка",
      description_en: "Terminal handling",
      base_cost: 18500,
    },
    {
      railway_route: routeId,
      description: "Охрана груза в пути",
      description_en: "Cargo escort",
      base_cost: 42000.5,
    },
  ]);
  const types = await db
    .insert(plannerContainerTypes)
    .values([
      { code: "20DC", description: "20-футовый стандартный", description_en: "20' dry" },
      { code: "40HC", description: "40-футовый высокий", description_en: "40' high cube" },
    ])
    .returning();
  await db.insert(railwayTransportationCosts).values(
    types.map((type, index) => ({
      railway_route: routeId,
      container_type: type.id,
      base_cost: index === 0 ? 198000 : 287500,
    })),
  );
}
