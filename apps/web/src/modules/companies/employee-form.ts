import {
  EMPLOYEE_ROLES,
  type EmployeeRole,
  PERSON_FIELDS,
  USER_GRANTS,
  type User,
  type UserGrant,
} from "@portal/domain";
import { textsOf } from "../../components/form/form-values";

/**
 * What the employee form edits (spec 02 §5): the person, a password and its confirmation; in the forwarder's
 * own company the roles and, when adding, the confirmation that the user gets manager powers; when changing an
 * employee, whether they are active (the API has no removal from a company) and, of a customer's employee, the
 * rights a manager gives one by one (the monitoring, the company's webhooks).
 */
export type EmployeeFormValues = { [K in (typeof PERSON_FIELDS)[number]]: string } & {
  password: string;
  password_confirm: string;
  roles?: EmployeeRole[];
  change_company_warning?: boolean;
  is_active?: boolean;
} & { [K in UserGrant]?: boolean };

export const EMPLOYEE_FORM_FIELDS = [
  ...PERSON_FIELDS,
  "password",
  "password_confirm",
  "roles",
  "change_company_warning",
  "is_active",
  ...USER_GRANTS,
] as const satisfies readonly (keyof EmployeeFormValues)[];

/** The form's values: an employee's, or empty for a new one; the fields of the case only. */
export function employeeFormValues(employee: User | null, isForwarder: boolean): EmployeeFormValues {
  return {
    ...textsOf(employee, PERSON_FIELDS),
    password: "",
    password_confirm: "",
    ...(isForwarder ? { roles: employeeRoles(employee) } : {}),
    ...(isForwarder && !employee ? { change_company_warning: false } : {}),
    ...(employee ? { is_active: employee.is_active } : {}),
    // Staff hold these rights by their role: only a customer's employee is given them
    ...(employee && !isForwarder ? grantsOf(employee) : {}),
  };
}

/** The employee's rights given one by one, as stored. */
function grantsOf(employee: User): { [K in UserGrant]: boolean } {
  return Object.fromEntries(USER_GRANTS.map((name) => [name, employee[name]])) as {
    [K in UserGrant]: boolean;
  };
}

/** The employee's roles the form offers, in the form's order. */
function employeeRoles(employee: User | null): EmployeeRole[] {
  const names = new Set(employee?.roles.map((role) => role.name));
  return EMPLOYEE_ROLES.filter((role) => names.has(role));
}

/**
 * The body of `POST /profile/api/companies/{id}/users/` (adding) or `PATCH /profile/api/users/{id}/` (changing,
 * with the version it is based on): an empty password on a change keeps the current one.
 */
export function employeeBody(
  values: EmployeeFormValues,
  employee: Pick<User, "version"> | null,
): Record<string, unknown> {
  const { password, password_confirm, ...rest } = values;
  if (!employee) return { ...rest, password, password_confirm };
  const { change_company_warning: _notOnChange, ...changed } = rest;
  return { ...changed, ...(password ? { password, password_confirm } : {}), version: employee.version };
}
