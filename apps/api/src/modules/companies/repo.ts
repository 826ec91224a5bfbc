import { eq, getTableColumns, type SQL } from "drizzle-orm";
import { findList } from "../../core/find-page.ts";
import type { ListQuery, ListResource } from "../../core/list-query.ts";
import type { Db } from "../../db/client.ts";
import { companies, companyManagers, users } from "../../db/schema/index.ts";

export type CompanyRow = typeof companies.$inferSelect;

export const companyListResource: ListResource = {
  table: companies,
  id: companies.id,
  columns: getTableColumns(companies),
  fields: {
    id: { expr: companies.id, type: "integer" },
    name: { expr: companies.name, type: "text" },
    inn: { expr: companies.inn, type: "text" },
    freight_forwarding_contract: { expr: companies.freight_forwarding_contract, type: "text" },
    freight_forwarding_contract_date: { expr: companies.freight_forwarding_contract_date, type: "date" },
    contract_nums: { expr: companies.contract_nums, type: "text" },
    notification_msg: { expr: companies.notification_msg, type: "text" },
    debtor: { expr: companies.debtor, type: "boolean" },
    is_expedition_company: { expr: companies.is_expedition_company, type: "boolean" },
  },
  search: [companies.name, companies.inn, companies.freight_forwarding_contract, companies.contract_nums],
  defaultOrdering: "name",
};

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
