import { companyPolicy } from "@portal/domain";
import { Forbidden, NotFound, ValidationFailed } from "../../core/errors.ts";
import { presentList } from "../../core/find-page.ts";
import type { ListQuery } from "../../core/list-query.ts";
import type { CurrentUser } from "../../http/auth.ts";
import type { CompanyLink } from "./links.ts";
import type { CompaniesRepo, CompanyRow } from "./repo.ts";

export class CompaniesService {
  constructor(private readonly companies: CompaniesRepo) {}

  /** A company by id, for other modules' rules (a user's move to a company). */
  findById(id: number): Promise<CompanyRow | null> {
    return this.companies.findById(id);
  }

  /** The company's links of one kind (managers, related users), by the list pattern. */
  async links(user: CurrentUser, link: CompanyLink, companyId: number, query: ListQuery) {
    if (!link.policy.canRead(user)) throw new Forbidden();
    await this.companyFor(user, companyId);
    return presentList(await this.companies.links(link, companyId, query), link.present);
  }

  /** Links a user to the company, by the link's rules (400 on the user field when they refuse). */
  async addLink(user: CurrentUser, link: CompanyLink, companyId: number, userId: number) {
    if (!link.policy.canWrite(user)) throw new Forbidden();
    const company = await this.companyFor(user, companyId, "change");
    const field = link.userColumn.name;
    const linked = await this.companies.findLinkedUser(userId);
    if (!linked) throw new ValidationFailed({ [field]: [{ key: "user_not_found" }] });
    const refusal = link.refusal(company, linked);
    if (refusal) throw new ValidationFailed({ [field]: [{ key: refusal }] });
    const id = await this.companies.addLink(link, companyId, userId);
    return link.present(await this.companies.findLink(link, companyId, id));
  }

  async removeLink(user: CurrentUser, link: CompanyLink, companyId: number, id: number): Promise<void> {
    if (!link.policy.canWrite(user)) throw new Forbidden();
    await this.companyFor(user, companyId, "change");
    if (!(await this.companies.removeLink(link, companyId, id))) throw new NotFound();
  }

  /**
   * A company the user may see: 404 outside their own and related companies (another customer's company must
   * not leak its existence). Its lists are read by everyone who sees it (the forwarder's staff read their own
   * company's contacts); changing them needs the company's opening rule: the forwarder's own only by heads and
   * administrators (403).
   */
  private async companyFor(user: CurrentUser, companyId: number, intent: "read" | "change" = "read") {
    if (!user.is_manager && !user.company_ids.includes(companyId)) throw new NotFound();
    const company = await this.companies.findById(companyId);
    if (!company) throw new NotFound();
    if (intent === "change" && !companyPolicy.canOpen?.(user, company)) throw new Forbidden();
    return company;
  }
}
