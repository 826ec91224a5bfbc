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
