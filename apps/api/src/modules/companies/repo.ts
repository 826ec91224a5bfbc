import { companyFields } from "@portal/domain";
import { eq, type SQL } from "drizzle-orm";
import { findList } from "../../core/find-page.ts";
import type { ListQuery } from "../../core/list-query.ts";
import { resourceFrom } from "../../core/resource.ts";
import type { Db } from "../../db/client.ts";
import { companies, companyManagers, users } from "../../db/schema/index.ts";

export type CompanyRow = typeof companies.$inferSelect;

export const companyListResource = resourceFrom({
  fields: companyFields,
  table: companies,
  defaultOrdering: "name",
});

/** Queries on companies and their assigned managers. */
export class CompaniesRepo {
  constructor(private readonly db: Db) {}

  async findById(id: number): Promise<CompanyRow | null> {
    const [row] = await this.db.select().from(companies).where(eq(companies.id, id));
    return row ?? null;
  }

  list(query: ListQuery, scope: SQL | undefined) {
    return findList<CompanyRow>(this.db, companyListResource, query, scope);
  }

  managersOf(companyId: number) {
    return this.db
      .select({
        id: companyManagers.id,
        manager_id: companyManagers.manager_id,
        first_name: users.first_name,
        last_name: users.last_name,
        phone: users.phone,
        email: users.email,
      })
      .from(companyManagers)
      .innerJoin(users, eq(users.id, companyManagers.manager_id))
      .where(eq(companyManagers.company_id, companyId))
      .orderBy(users.last_name, users.first_name, companyManagers.id);
  }
}
