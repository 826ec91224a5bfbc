import { type AnyColumn, inArray, type SQL, sql } from "drizzle-orm";
import type { Principal } from "./principal.ts";

/**
 * The rows of any table with a company column that a user may see: staff see every company's; anyone else
 * their own company's and their related companies'. Rows outside answer 404 (findOne), never 403: another
 * customer's data must not even be known to exist.
 */
export function companyScope(principal: Principal, companyColumn: AnyColumn): SQL | undefined {
  if (principal.is_manager) return undefined;
  return principal.company_ids.length > 0 ? inArray(companyColumn, principal.company_ids) : sql`false`;
}

/** The companies `companyScope` holds: the user's own and related ones; null for staff (every company). */
export function companiesOf(principal: Principal): readonly number[] | null {
  return principal.is_manager ? null : principal.company_ids;
}

/**
 * `companyScope` for one row already read: whether a user may see a row of these companies (a row of no company:
 * staff only). The live stream decides with it who hears of a change; a service, whether a company a body or a
 * path names is one of the user's.
 */
export function isInCompanyScope(principal: Principal, companies: readonly number[]): boolean {
  if (principal.is_manager) return true;
  return companies.some((company) => principal.company_ids.includes(company));
}
