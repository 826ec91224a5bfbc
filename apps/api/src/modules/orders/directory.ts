import { directoryCompanyFields, directoryPolicy, type RowOf } from "@portal/domain";
import { eq, or } from "drizzle-orm";
import { CrudService, type PendingWrite, writeRules } from "../../core/crud.ts";
import { companyScope } from "../../core/tenancy.ts";
import type { Db } from "../../db/client.ts";
import { countries, directoryCompanies } from "../../db/schema/index.ts";
import { directoryList } from "./resources.ts";
import type { OrdersService } from "./service.ts";

type EntryRow = RowOf<typeof directoryCompanyFields>;

/**
 * The consignor/consignee directory (tracking/api/directory/company/): everyone sees the public entries and their
 * companies' own (managers: all); an entry belongs to the company it is made for, public ones are made and
 * changed by managers only (directoryPolicy, enforced by the shared CRUD: a public entry's change or deletion by
 * another user is 403, their `public` and, unless they may choose it, `company` are ignored).
 */
export function directoryService(database: Db, orders: OrdersService): CrudService<EntryRow> {
  const prepare = async ({ db, user, current, values }: PendingWrite<EntryRow>) => {
    const { company, ...written } = values;
    if (!current || (company !== undefined && company !== current.company)) {
      written.company_id = (await orders.companyFor(db, user, company)).id;
    }
    return written;
  };
  return new CrudService<EntryRow>(database, {
    fields: directoryCompanyFields,
    table: directoryCompanies,
    list: directoryList,
    policy: directoryPolicy,
    scope: (user) =>
      user.is_manager
        ? undefined
        : or(eq(directoryCompanies.public, true), companyScope(user, directoryCompanies.company_id)),
    references: { countrycode: countries.abc2 },
    rules: writeRules<EntryRow>({ prepare }),
  });
}
