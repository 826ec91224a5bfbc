import { type PriceListCounts, priceListPolicy } from "@portal/domain";
import { Forbidden, isUniqueViolation, ValidationFailed } from "../../core/errors.ts";
import type { Principal } from "../../core/principal.ts";
import type { CompanyRow } from "../companies/repo.ts";
import type { CompaniesService } from "../companies/service.ts";
import { presentPriceListCompany } from "./presenter.ts";
import type { PriceListsRepo } from "./repo.ts";

/**
 * The companies' personal price lists (spec 02, Company price list; DOMAIN.md, Price lists): created as a copy
 * of the base lists at their base costs, then priced by managers row by row, and deleted as a whole.
 */
export class PriceListsService {
  constructor(
    private readonly priceLists: PriceListsRepo,
    private readonly companies: CompaniesService,
  ) {}

  /**
   * The company whose price list a manager works on: 404 when there is none or it is outside the user's companies,
   * 403 when the company rule keeps the user from it (the forwarder's own company: heads and administrators only).
   */
  openCompany(user: Principal, companyId: number): Promise<CompanyRow> {
    return this.companies.open(user, companyId, "write");
  }

  /** GET planner/api/company/{id}/: the company and the size of its two lists. */
  async company(user: Principal, companyId: number) {
    if (!priceListPolicy.canRead(user)) throw new Forbidden();
    const company = await this.openCompany(user, companyId);
    return presentPriceListCompany(company, await this.priceLists.counts(companyId));
  }

  /**
   * Copies every base row into the company's lists with `cost` = `base_cost`, in one transaction. Refused (400)
   * while either list has rows, so a price list is made once and then deleted before it is made again; a second
   * refresh at the same moment is refused the same way, by the unique index on (company, base row).
   */
  async refresh(user: Principal, companyId: number): Promise<PriceListCounts> {
    this.checkWrite(user);
    await this.openCompany(user, companyId);
    try {
      return await this.priceLists.transaction(async (repo) => {
        const existing = await repo.counts(companyId);
        if (existing.services > 0 || existing.transportation_costs > 0) throw refusal("price_list_exists");
        const copied = await repo.copyBasePrices(companyId);
        if (copied.services === 0 && copied.transportation_costs === 0) throw refusal("base_prices_empty");
        return copied;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw refusal("price_list_exists");
      throw error;
    }
  }

  /** Deletes both lists of the company in one transaction; 400 when both are empty already. */
  async delete(user: Principal, companyId: number): Promise<PriceListCounts> {
    this.checkWrite(user);
    await this.openCompany(user, companyId);
    return this.priceLists.transaction(async (repo) => {
      const deleted = await repo.deleteAll(companyId);
      if (deleted.services === 0 && deleted.transportation_costs === 0) throw refusal("price_list_empty");
      return deleted;
    });
  }

  private checkWrite(user: Principal): void {
    if (!priceListPolicy.canWrite(user)) throw new Forbidden();
  }
}

/** A refusal of the whole call, as `{detail}` in the caller's language. */
function refusal(key: "price_list_exists" | "price_list_empty" | "base_prices_empty"): ValidationFailed {
  return new ValidationFailed({ detail: [{ key }] });
}
