import type { PriceListCounts } from "@portal/domain";
import { count, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  companyServices,
  companyTransportationCosts,
  railwayRouteServices,
  railwayTransportationCosts,
} from "../../db/schema/index.ts";

/** Queries on the companies' personal price lists. */
export class PriceListsRepo {
  constructor(private readonly db: Db) {}

  /** Runs `work` in one transaction, with a repository whose queries are part of it. */
  transaction<T>(work: (repo: PriceListsRepo) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new PriceListsRepo(tx)));
  }

  /** How many rows each of the company's lists holds. */
  async counts(companyId: number): Promise<PriceListCounts> {
    const [[services], [costs]] = await Promise.all([
      this.db.select({ count: count() }).from(companyServices).where(eq(companyServices.company, companyId)),
      this.db
        .select({ count: count() })
        .from(companyTransportationCosts)
        .where(eq(companyTransportationCosts.company, companyId)),
    ]);
    return { services: Number(services?.count ?? 0), transportation_costs: Number(costs?.count ?? 0) };
  }

  /** Copies every base service and transportation cost into the company's lists, each at its base cost. */
  async copyBasePrices(companyId: number): Promise<PriceListCounts> {
    const services = await this.db.select().from(railwayRouteServices).orderBy(railwayRouteServices.id);
    const costs = await this.db
      .select()
      .from(railwayTransportationCosts)
      .orderBy(railwayTransportationCosts.id);
    if (services.length > 0) {
      await this.db.insert(companyServices).values(
        services.map((base) => ({
          company: companyId,
          railway_route: base.railway_route,
          railway_route_service: base.id,
          description: base.description,
          description_en: base.description_en,
          base_cost: base.base_cost,
          cost: base.base_cost,
        })),
      );
    }
    if (costs.length > 0) {
      await this.db.insert(companyTransportationCosts).values(
        costs.map((base) => ({
          company: companyId,
          railway_route: base.railway_route,
          container_type: base.container_type,
          railway_transportation_cost: base.id,
          cost: base.base_cost,
        })),
      );
    }
    return { services: services.length, transportation_costs: costs.length };
  }

  /** Deletes both of the company's lists; answers how many rows each held. */
  async deleteAll(companyId: number): Promise<PriceListCounts> {
    const services = await this.db
      .delete(companyServices)
      .where(eq(companyServices.company, companyId))
      .returning({ id: companyServices.id });
    const costs = await this.db
      .delete(companyTransportationCosts)
      .where(eq(companyTransportationCosts.company, companyId))
      .returning({ id: companyTransportationCosts.id });
    return { services: services.length, transportation_costs: costs.length };
  }
}
