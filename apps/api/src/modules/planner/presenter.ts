import { companyFields, type PriceListCompany, type PriceListCounts } from "@portal/domain";
import type { CompanyRow } from "../companies/repo.ts";

/** The company of a price list: the fields of a company as the companies' API answers them, and its lists' size. */
export function presentPriceListCompany(company: CompanyRow, counts: PriceListCounts): PriceListCompany {
  const fields = Object.fromEntries(
    Object.keys(companyFields).map((name) => [name, company[name as keyof CompanyRow]]),
  ) as Omit<PriceListCompany, "price_list">;
  return { ...fields, price_list: counts };
}
