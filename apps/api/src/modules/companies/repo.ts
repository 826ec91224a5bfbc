import { companyFields, companyPolicy } from "@portal/domain";
import { asc, eq } from "drizzle-orm";
import type { CrudResource } from "../../core/crud.ts";
import { resourceFrom } from "../../core/resource.ts";
import { companyScope } from "../../core/tenancy.ts";
import type { Db } from "../../db/client.ts";
import { companies } from "../../db/schema/index.ts";

export type CompanyRow = typeof companies.$inferSelect;

export const companyListResource = resourceFrom({
  fields: companyFields,
  table: companies,
  defaultOrdering: "name",
});

/**
 * Companies through the shared CRUD: everyone sees their own and related companies (managers all), managers
 * create and change them, the forwarder's own is opened only by heads and administrators, none is deleted.
 */
export const companyResource: CrudResource = {
  fields: companyFields,
  table: companies,
  list: companyListResource,
  policy: companyPolicy,
  scope: (user) => companyScope(user, companies.id),
  isPermanent: true,
};

/** Queries on companies and their assigned managers. */
export class CompaniesRepo {
  constructor(private readonly db: Db) {}

  async findById(id: number): Promise<CompanyRow | null> {
    const [row] = await this.db.select().from(companies).where(eq(companies.id, id));
    return row ?? null;
  }

  /** The forwarder's name (the portal's own company); empty when there is none. */
  async forwarderName(): Promise<string> {
    const [row] = await this.db
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.is_expedition_company, true))
      .orderBy(asc(companies.id))
      .limit(1);
    return row?.name ?? "";
  }
}
