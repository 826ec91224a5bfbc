import { companyPolicy } from "@portal/domain";
import { Forbidden, NotFound } from "../../core/errors.ts";
import type { Principal } from "../../core/principal.ts";
import { isInCompanyScope } from "../../core/tenancy.ts";
import type { Db } from "../../db/client.ts";
import { CompaniesRepo, type CompanyRow } from "./repo.ts";

export class CompaniesService {
  constructor(private readonly companies: CompaniesRepo) {}

  /**
   * A company by id, for other modules' rules (a user's move to a company); `db`: the transaction of the write
   * whose rules ask.
   */
  findById(id: number, db?: Db): Promise<CompanyRow | null> {
    return (db ? new CompaniesRepo(db) : this.companies).findById(id);
  }

  /** The forwarder's name (the portal's own company), which its documents are issued by; empty when there is none. */
  forwarderName(): Promise<string> {
    return this.companies.forwarderName();
  }

  /**
   * A company as its lists (managers, related users) are opened: 404 outside the user's own and related
   * companies (another customer's company must not leak its existence). The lists are read by everyone who sees
   * the company (the forwarder's staff read their own company's contacts); changing them needs the company's
   * opening rule: the forwarder's own only by heads and administrators (403).
   */
  async open(user: Principal, companyId: number, intent: "read" | "write"): Promise<CompanyRow> {
    if (!isInCompanyScope(user, [companyId])) throw new NotFound();
    const company = await this.companies.findById(companyId);
    if (!company) throw new NotFound();
    if (intent === "write" && !companyPolicy.canOpen?.(user, company)) throw new Forbidden();
    return company;
  }
}
