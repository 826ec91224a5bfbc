import { canChangeDirectoryEntry, directoryCompanyFields, directoryPolicy, type RowOf } from "@portal/domain";
import { eq, or } from "drizzle-orm";
import { CrudService, type PendingWrite, writeRules } from "../../core/crud.ts";
import { Forbidden } from "../../core/errors.ts";
import type { Principal } from "../../core/principal.ts";
import { companyScope } from "../../core/tenancy.ts";
import type { Db } from "../../db/client.ts";
import { countries, directoryCompanies } from "../../db/schema/index.ts";
import { directoryList } from "./resources.ts";
import type { OrdersService } from "./service.ts";

type EntryRow = RowOf<typeof directoryCompanyFields>;

/**
 * The consignor/consignee directory (tracking/api/directory/company/): everyone sees the public entries and their
 * companies' own (managers: all); an entry belongs to the company it is made for, public ones are made and
 * changed by managers only.
 */
export function directoryService(database: Db, orders: OrdersService): CrudService<EntryRow> {
  /** A change or a deletion of an entry the user sees but may not change (a public one): 403. */
  const checkChange = (user: Principal, entry: EntryRow) => {
    if (!canChangeDirectoryEntry(user, entry)) throw new Forbidden();
  };
  const prepare = async ({ db, user, current, values }: PendingWrite<EntryRow>) => {
    if (current) checkChange(user, current);
    const { company, public: isPublic, ...own } = values;
    const written: Record<string, unknown> = own;
    // Only managers publish an entry; the others' `public` is ignored, as a field they have no say in
    if (user.is_manager && isPublic !== undefined) written.public = isPublic;
    const chosen = user.can_select_company ? company : undefined;
    if (!current || (chosen !== undefined && chosen !== current.company)) {
      written.company_id = (await orders.companyFor(db, user, chosen)).id;
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
    rules: writeRules<EntryRow>({ prepare, checkDelete: ({ user, current }) => checkChange(user, current) }),
  });
}
