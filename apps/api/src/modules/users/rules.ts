import {
  type EmployeeRole,
  MANAGER_STATE_CHANGES,
  type MeUpdateBody,
  REQUIRED_TO_SEND,
  SENDABLE_STATES,
  STAFF_ROLES,
  type UserPatchBody,
  userPolicy,
} from "@portal/domain";
import type { PendingWrite } from "../../core/crud.ts";
import { type FieldErrors, Forbidden, throwIfInvalid, ValidationFailed } from "../../core/errors.ts";
import type { Message } from "../../core/i18n.ts";
import type { Db } from "../../db/client.ts";
import type { CompanyRow } from "../companies/repo.ts";
import type { CompaniesService } from "../companies/service.ts";
import { checkPassword, type PasswordOwner } from "./password-rules.ts";
import { hashPassword } from "./passwords.ts";
import { endSessions, roleIds, type UserRow, UsersRepo, type UserView } from "./repo.ts";
import type { EmployeeCreateBody } from "./schemas.ts";
import { normalizeUsername, USERNAME, usernameKey } from "./usernames.ts";

type Values = Record<string, unknown>;
type Write = PendingWrite<UserView>;

const isStaffRole = (name: string) => (STAFF_ROLES as readonly string[]).includes(name);

/**
 * What is wrong with a username someone would take: its letters, or another account with it or a look-alike of
 * it (`ownId`: the account being renamed).
 */
export async function usernameProblems(db: Db, username: string, ownId?: number): Promise<Message[]> {
  if (!USERNAME.test(username)) return [{ key: "username_invalid" }];
  const existing = await new UsersRepo(db).findByUsername(username);
  if (!existing || existing.id === ownId) return [];
  const isSame = existing.username.toLowerCase() === username.toLowerCase();
  return [{ key: isSame ? "username_taken" : "username_lookalike" }];
}

/** A new password's problems: its confirmation, then the rules (spec 02 §5). */
function passwordProblems(password: string, confirm: string | undefined, owner: PasswordOwner): FieldErrors {
  if (password !== confirm) return { password_confirm: [{ key: "password_mismatch" }] };
  return { password: checkPassword(password, owner) };
}

/** The columns a new password writes: its hash, and the token version that ends the user's sessions (`record`). */
async function newPassword(password: string, user: UserRow) {
  return { password_hash: await hashPassword(password), token_version: user.token_version + 1 };
}

/** Every write of a user: a new token version (a new password, a deactivation) ends their sessions. */
export async function recordUserWrite({ db, values, id }: Write & { id: number }): Promise<void> {
  if (values.token_version !== undefined) await endSessions(db, id);
}

/** Saves the own profile (PUT me); a password change ends every session (the caller gets a new pair). */
export async function prepareOwnProfile({ current, values }: Write): Promise<Values> {
  const row = (current as UserView).user;
  const errors: FieldErrors = {};
  // The current password was checked before the write (UsersService.updateMe)
  const { password, password_confirm, current_password, status, ...fields } = values as Omit<
    MeUpdateBody,
    "version"
  >;
  const { request_inn, request_name, request_contract_nums, ...person } = fields;
  // Only a user still applying tells which company they represent
  const request = row.state === "approved" ? {} : { request_inn, request_name, request_contract_nums };
  const changes: Values = Object.fromEntries(
    Object.entries({ ...person, ...request }).filter(([, value]) => value !== undefined),
  );
  if (password || password_confirm) {
    if (password !== password_confirm) {
      errors.password_confirm = [{ key: "password_mismatch" }];
    } else if (password) {
      const problems = checkPassword(password, { ...row, ...changes } as PasswordOwner);
      if (problems.length > 0) errors.password = problems;
      else Object.assign(changes, await newPassword(password, row));
    }
  }
  let missingFields = false;
  if (status === "pending" && !SENDABLE_STATES.includes(row.state)) {
    errors.status = [{ key: "state_not_allowed" }];
  } else if (status === "pending") {
    // A manager approves a company they can identify: its INN and name go with the request.
    for (const field of REQUIRED_TO_SEND) {
      if (!(changes[field] ?? row[field])) {
        errors[field] = [{ key: "required" }];
        missingFields = true;
      }
    }
    changes.state = "pending";
  }
  throwIfInvalid(errors, missingFields);
  return changes;
}

/**
 * Adds an employee to a company (the parent), approved and active (DOMAIN.md). A forwarder's employee gets the
 * roles chosen (staff roles give manager powers, so the warning must be ticked); a customer's is a registered
 * customer.
 */
export async function prepareEmployee(
  companies: CompaniesService,
  { db, values, parentId }: Write,
): Promise<Values> {
  const company = await companies.findById(parentId as number, db);
  if (!company) throw new Error("an employee is added to a company that is gone");
  const body = values as EmployeeCreateBody;
  const { password, password_confirm, roles, change_company_warning, ...person } = body;
  const username = normalizeUsername(body.username);
  throwIfInvalid({
    username: await usernameProblems(db, username),
    ...passwordProblems(password, password_confirm, { ...person, username }),
    ...roleProblems(company, roles, change_company_warning),
  });
  return {
    ...person,
    username,
    username_key: usernameKey(username),
    password_hash: await hashPassword(password),
    state: "approved",
    is_active: true,
    roles: await roleIds(db, roles ?? ["RegisteredCustomer"]),
  };
}

/**
 * The roles of a new employee: chosen for the forwarder's, where the warning on manager powers must be ticked
 * (spec 02 §5); a customer's employee holds no staff role.
 */
function roleProblems(
  company: CompanyRow,
  roles: readonly EmployeeRole[] | undefined,
  warning: boolean | undefined,
): FieldErrors {
  if (!company.is_expedition_company) {
    return roles?.some(isStaffRole) ? { roles: [{ key: "staff_roles_need_forwarder" }] } : {};
  }
  return {
    roles: roles ? [] : [{ key: "required" }],
    change_company_warning: warning ? [] : [{ key: "change_company_warning_required" }],
  };
}

/**
 * A manager edits a user (approves, declines, moves, deactivates; an employee's account and roles). Forwarder
 * staff (users of the forwarder company, or users moved into it) are edited only by heads and administrators, as
 * the forwarder company itself is: the shared CRUD refuses a change of staff by others (userPolicy.canChangeRow),
 * a move into the forwarder is refused here.
 */
export async function prepareUserChange(
  companies: CompaniesService,
  { db, user: actor, current, values }: Write,
): Promise<Values> {
  const view = current as UserView;
  const canEditStaff = userPolicy.canEditStaff(actor);
  const body = values as Omit<UserPatchBody, "version">;
  const { change_company_warning, company_id, password, password_confirm, roles, ...fields } = body;
  const changes: Values = {
    ...fields,
    ...(await accountChanges(db, view.user, { ...fields, password, password_confirm })),
  };
  let roleNames: string[] | undefined;
  let inForwarder = view.company?.is_expedition_company ?? false;
  const currentRoles = view.roles.map((role) => role.name);
  const state = body.state ?? view.user.state;

  if (state !== view.user.state && !MANAGER_STATE_CHANGES[view.user.state].includes(state)) {
    throw new ValidationFailed({
      state: [
        {
          key: "state_change_not_allowed",
          params: { from: { key: `state_${view.user.state}` }, to: { key: `state_${state}` } },
        },
      ],
    });
  }
  if (company_id !== undefined && company_id !== view.user.company_id) {
    const company = company_id === null ? null : await companies.findById(company_id, db);
    if (company_id !== null && !company)
      throw new ValidationFailed({ company_id: [{ key: "company_not_found" }] });
    if (company?.is_expedition_company) {
      if (!canEditStaff) throw new Forbidden();
      if (!change_company_warning) {
        throw new ValidationFailed({ change_company_warning: [{ key: "change_company_warning_required" }] });
      }
      if (!currentRoles.some(isStaffRole)) roleNames = ["Manager"];
      inForwarder = true;
    } else if (view.company?.is_expedition_company) {
      // Staff roles and the administrator grant exist only inside the forwarder: leaving it ends them, in the
      // same transaction as the move, so no moment exists where a customer holds manager powers.
      roleNames = [state === "approved" ? "RegisteredCustomer" : "Customer"];
      changes.is_administrator = false;
      changes.is_staff = false;
      inForwarder = false;
    }
    changes.company_id = company_id;
  }
  // An approved user works for a company: approving needs one, and an approved user keeps one.
  const isApproving = state === "approved" && view.user.state !== "approved";
  if (
    (isApproving && view.user.company_id === null && !company_id) ||
    (state === "approved" && company_id === null)
  ) {
    throw new ValidationFailed({ company_id: [{ key: "approval_needs_company" }] });
  }
  if (body.state === "approved" && !roleNames && !currentRoles.some(isStaffRole)) {
    // An approved customer is a registered one.
    roleNames = [
      ...currentRoles.filter((name) => name !== "Customer" && name !== "RegisteredCustomer"),
      "RegisteredCustomer",
    ];
  }
  if (roles) {
    // Roles are chosen for the forwarder's employees; a customer's follow their state
    if (!inForwarder) throw new ValidationFailed({ roles: [{ key: "staff_roles_need_forwarder" }] });
    roleNames = roles;
  }
  if (body.is_active === false && view.user.is_active) {
    // Nobody locks themselves out: another manager deactivates a manager who leaves
    if (view.user.id === actor.id) throw new ValidationFailed({ is_active: [{ key: "deactivate_self" }] });
    changes.token_version = view.user.token_version + 1;
  }
  if (roleNames) changes.roles = await roleIds(db, roleNames);
  return changes;
}

/**
 * The employee form's changes to an account: a new username (checked as at sign-up), a new password (checked
 * by the rules, and ending the user's sessions).
 */
async function accountChanges(
  db: Db,
  user: UserRow,
  body: Pick<
    UserPatchBody,
    "username" | "password" | "password_confirm" | "first_name" | "last_name" | "email"
  >,
): Promise<Values> {
  const changes: Values = {};
  const errors: FieldErrors = {};
  if (body.username !== undefined) {
    const username = normalizeUsername(body.username);
    Object.assign(changes, { username, username_key: usernameKey(username) });
    errors.username = await usernameProblems(db, username, user.id);
  }
  if (body.password || body.password_confirm) {
    const owner = { ...user, ...body, username: (changes.username as string | undefined) ?? user.username };
    Object.assign(errors, passwordProblems(body.password ?? "", body.password_confirm, owner));
  }
  throwIfInvalid(errors);
  if (body.password) Object.assign(changes, await newPassword(body.password, user));
  return changes;
}
