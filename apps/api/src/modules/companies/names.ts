import type { NamedTable } from "../../core/relation-names.ts";
import { companyScope } from "../../core/tenancy.ts";
import { companies } from "../../db/schema/index.ts";

/** How the history and the print name a company: a client reads the names of their own and related ones only. */
export const companyNames: Record<string, NamedTable> = {
  company: { id: companies.id, name: companies.name, scope: (user) => companyScope(user, companies.id) },
};
