import type { CurrentUser } from "../../http/auth.ts";
import { NotFound } from "../../http/errors.ts";
import { compileListQuery, type ListQuery } from "../../http/list-query.ts";
import { presentCompany, presentCompanyManager } from "./presenter.ts";
import { CompaniesRepo, companyListResource } from "./repo.ts";

/** The companies a user works for: their own and the ones they are a related user of. */
export function companiesOf(user: CurrentUser): number[] {
  return [...new Set([...(user.company_id ? [user.company_id] : []), ...user.related_company_ids])];
}

export class CompaniesService {
  constructor(private readonly companies: CompaniesRepo) {}

  /** Managers list every company; anyone else only their own and related companies. */
  async list(user: CurrentUser, query: ListQuery) {
    const scope = user.is_manager ? undefined : CompaniesRepo.onlyIds(companiesOf(user));
    const { results, count } = await this.companies.list(compileListQuery(companyListResource, query, scope));
    return { results: results.map(presentCompany), count };
  }

  async managers(user: CurrentUser, companyId: number) {
    // 404, not 403: another customer's company must not leak its existence.
    if (!user.is_manager && !companiesOf(user).includes(companyId)) throw new NotFound();
    if (!(await this.companies.findById(companyId))) throw new NotFound();
    const rows = await this.companies.managersOf(companyId);
    return { results: rows.map(presentCompanyManager), count: rows.length };
  }
}
