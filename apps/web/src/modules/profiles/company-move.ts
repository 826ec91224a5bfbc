import type { CompanyOption, UserRow } from "./types";

/** Choosing a forwarder company for a user who is not in it yet: they would get manager powers. */
export function isMoveIntoForwarder(row: UserRow, company: CompanyOption | null): boolean {
  return Boolean(company?.is_expedition_company) && company?.id !== row.company_id;
}
