import {
  companyManagerFields,
  companyManagerPolicy,
  type MessageKey,
  relatedUserFields,
  relatedUserPolicy,
  STAFF_ROLES,
} from "@portal/domain";
import { eq, inArray, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { type CrudResource, type PendingWrite, writeRules } from "../../core/crud.ts";
import { ValidationFailed } from "../../core/errors.ts";
import type { Principal } from "../../core/principal.ts";
import { resourceFrom } from "../../core/resource.ts";
import type { Db } from "../../db/client.ts";
import { companies, companyManagers, relatedUsers, users } from "../../db/schema/index.ts";
import type { CompanyRow } from "./repo.ts";

/**
 * Whether the user (a row of `users`) holds a staff role, for the rules of links and the staff list. Written
 * with its tables named: drizzle leaves columns unqualified in a one-table select, where `id` would be ambiguous.
 */
export const isStaffMember = sql<boolean>`exists (
  select 1 from user_roles ur join roles r on r.id = ur.role_id
  where ur.user_id = "users"."id" and ${inArray(sql`r.name`, [...STAFF_ROLES])})`;

/** How a company's lists are opened: the company's rule for reading or changing them (404, 403). */
export type OpenCompany = (user: Principal, id: number, intent: "read" | "write") => Promise<unknown>;

const person = { first_name: users.first_name, last_name: users.last_name };
const contacts = { ...person, email: users.email, phone: users.phone };

/** The user a link would point to, with what the rules of links look at. */
interface LinkedUser {
  company_id: number | null;
  is_staff_member: boolean;
}

/**
 * A company's users of one kind (its managers, its related users): nested under the company, listed, added by
 * the user's id and removed; who may be linked is the kind's `refusal`, a user listed twice a 400.
 */
function companyLink(options: {
  table: typeof companyManagers | typeof relatedUsers;
  userColumn: PgColumn;
  list: ReturnType<typeof resourceFrom>;
  fields: CrudResource["fields"];
  policy: CrudResource["policy"];
  open: OpenCompany;
  refusal(company: CompanyRow, user: LinkedUser): MessageKey | null;
}): CrudResource {
  const field = options.userColumn.name;
  return {
    fields: options.fields,
    // Links are added and removed, never changed: they carry no version
    table: options.table as unknown as CrudResource["table"],
    list: options.list,
    policy: options.policy,
    parent: { column: options.table.company_id, open: options.open },
    references: { [field]: users.id },
    unique: { field, message: "already_linked" },
    rules: writeRules({
      prepare: async ({ db, values, parentId }: PendingWrite) => {
        const refusal = await refusalOf(db, parentId, values[field], options.refusal);
        if (refusal) throw new ValidationFailed({ [field]: [{ key: refusal }] });
        return values;
      },
    }),
  };
}

/** Why this user may not be linked to the company; a user that does not exist is left to the references' check. */
async function refusalOf(
  db: Db,
  companyId: number | undefined,
  userId: unknown,
  refusal: (company: CompanyRow, user: LinkedUser) => MessageKey | null,
): Promise<MessageKey | null> {
  const [company] = await db
    .select()
    .from(companies)
    .where(eq(companies.id, companyId ?? 0));
  const [user] = await db
    .select({ company_id: users.company_id, is_staff_member: isStaffMember })
    .from(users)
    .where(eq(users.id, Number(userId)));
  return company && user ? refusal(company, user) : null;
}

/** A company's managers: staff with manager powers, never for the forwarder's own company. */
export function managerLink(open: OpenCompany): CrudResource {
  return companyLink({
    table: companyManagers,
    userColumn: companyManagers.manager_id,
    fields: companyManagerFields,
    list: resourceFrom({
      fields: companyManagerFields,
      table: companyManagers,
      joins: [{ table: users, on: eq(users.id, companyManagers.manager_id) }],
      exprs: contacts,
      people: { manager: person },
      defaultOrdering: "last_name",
    }),
    policy: companyManagerPolicy,
    open,
    refusal: (company, user) => {
      if (company.is_expedition_company) return "managers_not_for_forwarder";
      return user.is_staff_member ? null : "not_a_manager";
    },
  });
}

/** A company's related users: users of other companies. */
export function relatedUserLink(open: OpenCompany): CrudResource {
  return companyLink({
    table: relatedUsers,
    userColumn: relatedUsers.user_id,
    fields: relatedUserFields,
    list: resourceFrom({
      fields: relatedUserFields,
      table: relatedUsers,
      joins: [{ table: users, on: eq(users.id, relatedUsers.user_id) }],
      // The users' copy of their company's name (kept by triggers, migration 0009)
      exprs: { ...contacts, username: users.username, company_name: users.company_name },
      people: { user: { ...person, username: users.username } },
      defaultOrdering: "last_name",
    }),
    policy: relatedUserPolicy,
    open,
    refusal: (company, user) => (user.company_id === company.id ? "related_user_is_employee" : null),
  });
}
