import {
  companyManagerFields,
  companyManagerPolicy,
  type MessageKey,
  type Policy,
  relatedUserFields,
  relatedUserPolicy,
  STAFF_ROLES,
} from "@portal/domain";
import { eq, inArray, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { resourceFrom } from "../../core/resource.ts";
import { companyManagers, relatedUsers, users } from "../../db/schema/index.ts";
import type { CompanyRow } from "./repo.ts";

/** The user a link would point to, with what the rules of links look at. */
export interface LinkedUser {
  id: number;
  company_id: number | null;
  is_staff_member: boolean;
}

/**
 * A list of users linked to a company (its managers, its related users): listed with the list pattern, added
 * and removed, under a policy and the rules of who may be linked.
 */
export interface CompanyLink {
  table: typeof companyManagers | typeof relatedUsers;
  /** The linked user's column, named as the API's bodies and rows name it. */
  userColumn: PgColumn;
  list: ReturnType<typeof resourceFrom>;
  policy: Policy;
  /** Why this user cannot be linked to this company (a 400 on the user field), or null. */
  refusal(company: CompanyRow, user: LinkedUser): MessageKey | null;
  /** A row as the API answers it: the person flat (the grids) and nested (the Contacts popup). */
  present(row: Record<string, unknown>): Record<string, unknown>;
}

const person = {
  first_name: users.first_name,
  last_name: users.last_name,
  email: users.email,
  phone: users.phone,
};

/** Splits the person's fields out of a row and nests them under `key` as well. */
function nested(key: string, names: readonly string[]) {
  return (row: Record<string, unknown>) => ({
    ...row,
    [key]: Object.fromEntries(names.map((name) => [name, row[name]])),
  });
}

export const managerLink: CompanyLink = {
  table: companyManagers,
  userColumn: companyManagers.manager_id,
  list: resourceFrom({
    fields: companyManagerFields,
    table: companyManagers,
    joins: [{ table: users, on: eq(users.id, companyManagers.manager_id) }],
    exprs: person,
    defaultOrdering: "last_name",
  }),
  policy: companyManagerPolicy,
  refusal: (company, user) => {
    if (company.is_expedition_company) return "managers_not_for_forwarder";
    return user.is_staff_member ? null : "not_a_manager";
  },
  present: nested("manager", Object.keys(person)),
};

export const relatedUserLink: CompanyLink = {
  table: relatedUsers,
  userColumn: relatedUsers.user_id,
  list: resourceFrom({
    fields: relatedUserFields,
    table: relatedUsers,
    joins: [{ table: users, on: eq(users.id, relatedUsers.user_id) }],
    // The users' copy of their company's name (kept by triggers, migration 0009)
    exprs: { ...person, username: users.username, company_name: users.company_name },
    defaultOrdering: "last_name",
  }),
  policy: relatedUserPolicy,
  refusal: (company, user) => (user.company_id === company.id ? "related_user_is_employee" : null),
  present: nested("user", [...Object.keys(person), "username", "company_name"]),
};

/**
 * Whether the user (a row of `users`) holds a staff role, for the rules of links and the staff list. Written
 * with its tables named: drizzle leaves columns unqualified in a one-table select, where `id` would be ambiguous.
 */
export const isStaffMember = sql<boolean>`exists (
  select 1 from user_roles ur join roles r on r.id = ur.role_id
  where ur.user_id = "users"."id" and ${inArray(sql`r.name`, [...STAFF_ROLES])})`;
