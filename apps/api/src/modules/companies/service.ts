import { NotFound } from "../../core/errors.ts";
import type { CurrentUser } from "../../http/auth.ts";
import { presentCompanyManager } from "./presenter.ts";
import type { CompaniesRepo, CompanyRow } from "./repo.ts";

export class CompaniesService {
  constructor(private readonly companies: CompaniesRepo) {}

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
