import { companyFields, companyPolicy } from "@portal/domain";
import { and, eq } from "drizzle-orm";
import type { CrudResource } from "../../core/crud.ts";
import { isUniqueViolation, ValidationFailed } from "../../core/errors.ts";
import { findList, findOne } from "../../core/find-page.ts";
import type { ListQuery } from "../../core/list-query.ts";
import { resourceFrom } from "../../core/resource.ts";
import { companyScope } from "../../core/tenancy.ts";
import type { Db } from "../../db/client.ts";
import { companies, users } from "../../db/schema/index.ts";
import { type CompanyLink, isStaffMember, type LinkedUser } from "./links.ts";

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

  /** The company's links of one kind (its managers, its related users), by the list pattern. */
  links(link: CompanyLink, companyId: number, query: ListQuery) {
    return findList<Record<string, unknown>>(this.db, link.list, query, eq(link.table.company_id, companyId));
  }

  findLink(link: CompanyLink, companyId: number, id: number) {
    return findOne<Record<string, unknown>>(this.db, link.list, id, eq(link.table.company_id, companyId));
  }

  async findLinkedUser(id: number): Promise<LinkedUser | null> {
    const [row] = await this.db
      .select({ id: users.id, company_id: users.company_id, is_staff_member: isStaffMember })
      .from(users)
      .where(eq(users.id, id));
    return row ?? null;
  }

  /** Links the user to the company; a link that exists already (or is made at the same moment) is a 400. */
  async addLink(link: CompanyLink, companyId: number, userId: number): Promise<number> {
    try {
      const [row] = await this.db
        .insert(link.table)
        .values({ company_id: companyId, [link.userColumn.name]: userId } as never)
        .returning({ id: link.table.id });
      if (!row) throw new Error("insert returned no row");
      return row.id;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw new ValidationFailed({ [link.userColumn.name]: [{ key: "already_linked" }] });
    }
  }

  /** Removes one link of the company; false when it has no such link. */
  async removeLink(link: CompanyLink, companyId: number, id: number): Promise<boolean> {
    const removed = await this.db
      .delete(link.table)
      .where(and(eq(link.table.id, id), eq(link.table.company_id, companyId)))
      .returning({ id: link.table.id });
    return removed.length > 0;
  }
}
