import {
  companyFields,
  companyManagerFields,
  relatedUserFields,
  type User,
  userFields,
} from "@portal/domain";
import { resourceClient } from "../../app/resource-client";

/** The companies (spec 02 §7): managers list, create and change them; they are never deleted. */
export const companies = resourceClient("/profile/api/companies/", companyFields);

/** Users: an employee is changed at their own address (`PATCH /profile/api/users/{id}/`). */
export const users = resourceClient<typeof userFields, User>("/profile/api/users/", userFields);

/** The lists of one company that its form shows: employees, its managers, its related users. */
export function companyLists(companyId: number) {
  const company = `${companies.path}${companyId}/`;
  return {
    employees: resourceClient<typeof userFields, User>(`${company}users/`, userFields),
    managers: resourceClient(`${company}managers/`, companyManagerFields),
    relatedUsers: resourceClient(`${company}related_users/`, relatedUserFields),
  };
}

/** Staff with manager powers (the list pattern), the choices of a company's manager. */
export const STAFF_PATH = "/profile/api/managers/";
