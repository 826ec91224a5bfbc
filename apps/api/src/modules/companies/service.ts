import { NotFound } from "../../core/errors.ts";
import { presentList } from "../../core/find-page.ts";
import type { ListQuery } from "../../core/list-query.ts";
import { companyScope } from "../../core/tenancy.ts";
import { companies } from "../../db/schema/index.ts";
import type { CurrentUser } from "../../http/auth.ts";
import { presentCompany, presentCompanyManager } from "./presenter.ts";
import type { CompaniesRepo, CompanyRow } from "./repo.ts";

export class CompaniesService {
  constructor(private readonly companies: CompaniesRepo) {}

  /** Managers list every company; anyone else only their own and related companies. */
  async list(user: CurrentUser, query: ListQuery) {
    return presentList(await this.companies.list(query, companyScope(user, companies.id)), presentCompany);
  }

  /** A company by id, for other modules' rules (a user's move to a company). */
  findById(id: number): Promise<CompanyRow | null> {
    return this.companies.findById(id);
  }

  async managers(user: CurrentUser, companyId: number) {
    // 404, not 403: another customer's company must not leak its existence.
    if (!user.is_manager && !user.company_ids.includes(companyId)) throw new NotFound();
    if (!(await this.companies.findById(companyId))) throw new NotFound();
    const rows = await this.companies.managersOf(companyId);
    return { results: rows.map(presentCompanyManager), count: rows.length };
  }
}
