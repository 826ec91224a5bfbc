import {
  companyPolicy,
  type EmployeeRole,
  MANAGER_STATE_CHANGES,
  SENDABLE_STATES,
  STAFF_ROLES,
  type TokenPair,
  userPolicy,
} from "@portal/domain";
import { eq } from "drizzle-orm";
import {
  Conflict,
  type FieldErrors,
  Forbidden,
  isUniqueViolation,
  NotFound,
  throwIfInvalid,
  ValidationFailed,
} from "../../core/errors.ts";
import { presentList } from "../../core/find-page.ts";
import type { Message } from "../../core/i18n.ts";
import type { ListQuery } from "../../core/list-query.ts";
import type { Principal } from "../../core/principal.ts";
import { users as usersTable } from "../../db/schema/index.ts";
import { isStaffMember } from "../companies/links.ts";
import type { CompanyRow } from "../companies/repo.ts";
import type { CompaniesService } from "../companies/service.ts";
import { checkPassword, type PasswordOwner } from "./password-rules.ts";
import { hashPassword } from "./passwords.ts";
import { flagsOf, presentUser } from "./presenter.ts";
import type { NewUser, UserRow, UsersRepo } from "./repo.ts";
import type { EmployeeCreateBody, MeUpdateBody, UserPatchBody } from "./schemas.ts";
import { normalizeUsername, USERNAME } from "./usernames.ts";

/**
 * Starts a new session for a user whose password change ended their others (the auth module's sessions): passed
 * in, so that users depend on nothing of sign-in's.
 */
export interface SessionStarter {
  start(userId: number, tokenVersion: number): Promise<TokenPair>;
}

const isStaffRole = (name: string) => (STAFF_ROLES as readonly string[]).includes(name);

export class UsersService {
  constructor(
    private readonly users: UsersRepo,
    private readonly companies: CompaniesService,
    private readonly sessions: SessionStarter,
  ) {}

  /** The account behind a username or one of its look-alikes, for sign-in and sign-up. */
  findAccount(username: string): Promise<UserRow | null> {
    return this.users.findByUsername(username);
  }

  async findAccountById(id: number): Promise<UserRow | null> {
    return (await this.users.findView(id))?.user ?? null;
  }

  /**
   * The signed-in principal of an access token's user and session, or null when the user is gone; `isActive` is
   * false for a deactivated user and for a session that has ended (logout).
   */
  async principalOf(
    id: number,
    sessionId: number,
  ): Promise<{ principal: Principal; isActive: boolean; tokenVersion: number } | null> {
    const found = await this.users.findSessionView(id, sessionId);
    if (!found) return null;
    const { view, isSessionLive } = found;
    const { user } = view;
    return {
      principal: {
        id: user.id,
        username: user.username,
        state: user.state,
        company_id: user.company_id,
        related_company_ids: view.related_company_ids,
        company_ids: [
          ...new Set([...(user.company_id ? [user.company_id] : []), ...view.related_company_ids]),
        ],
        ...flagsOf(view),
      },
      isActive: user.is_active && isSessionLive,
      tokenVersion: user.token_version,
    };
  }

  /**
   * What is wrong with a username someone would take: its letters, or another account with it or a look-alike of
   * it (`ownId`: the account being renamed).
   */
  async usernameProblems(username: string, ownId?: number): Promise<Message[]> {
    if (!USERNAME.test(username)) return [{ key: "username_invalid" }];
    const existing = await this.users.findByUsername(username);
    if (!existing || existing.id === ownId) return [];
    const isSame = existing.username.toLowerCase() === username.toLowerCase();
    return [{ key: isSame ? "username_taken" : "username_lookalike" }];
  }

  /** Creates a user with these roles and answers it as the API shows users. */
  async createAccount(values: NewUser, roleNames: readonly string[]) {
    return this.presentById(await usernameOnce(() => this.users.insert(values, roleNames)));
  }

  touchLastLogin(id: number): Promise<void> {
    return this.users.touchLastLogin(id);
  }

  getMe(user: Principal) {
    return this.presentById(user.id);
  }

  /** Saves the own profile; a password change revokes every session and hands the caller a new token pair. */
  async updateMe(user: Principal, body: MeUpdateBody) {
    const row = (await this.users.findView(user.id))?.user;
    if (!row) throw new NotFound();
    const errors: FieldErrors = {};
    const { password, password_confirm, status, version, ...fields } = body;
    const { request_inn, request_name, request_contract_nums, ...person } = fields;
    // Only a user still applying tells which company they represent
    const request = row.state === "approved" ? {} : { request_inn, request_name, request_contract_nums };
    const changes: Partial<UserRow> = Object.fromEntries(
      Object.entries({ ...person, ...request }).filter(([, value]) => value !== undefined),
    );
    if (password || password_confirm) {
      if (password !== password_confirm) {
        errors.password_confirm = [{ key: "password_mismatch" }];
      } else if (password) {
        const problems = checkPassword(password, { ...row, ...changes });
        if (problems.length > 0) errors.password = problems;
        else {
          changes.password_hash = await hashPassword(password);
          changes.token_version = row.token_version + 1;
        }
      }
    }
    let missingFields = false;
    if (status === "pending" && !SENDABLE_STATES.includes(row.state)) {
      errors.status = [{ key: "state_not_allowed" }];
    } else if (status === "pending") {
      // A manager approves a company they can identify: its INN and name go with the request.
      for (const field of ["request_inn", "request_name"] as const) {
        if (!(changes[field] ?? row[field])) {
          errors[field] = [{ key: "required" }];
          missingFields = true;
        }
      }
      changes.state = "pending";
    }
    throwIfInvalid(errors, missingFields);
    await this.saveOrConflict(row.id, changes, version);
    const updated = await this.presentById(row.id);
    if (changes.token_version === undefined) return updated;
    return { ...updated, tokens: await this.sessions.start(row.id, changes.token_version) };
  }

  async list(user: Principal, query: ListQuery) {
    if (!userPolicy.canRead(user)) throw new Forbidden();
    return presentList(await this.users.list(query), presentUser);
  }

  /** One user, as the users list shows them (managers). */
  get(actor: Principal, id: number) {
    if (!userPolicy.canRead(actor)) throw new Forbidden();
    return this.presentById(id);
  }

  /** The staff with manager powers, whom administrators assign to companies as their managers. */
  async listManagers(user: Principal, query: ListQuery) {
    if (!userPolicy.canRead(user)) throw new Forbidden();
    return presentList(await this.users.list(query, isStaffMember), presentUser);
  }

  /** A company's employees (the company form's grid): for managers who may open the company. */
  async listEmployees(actor: Principal, companyId: number, query: ListQuery) {
    await this.companyToManage(actor, companyId);
    return presentList(await this.users.list(query, eq(usersTable.company_id, companyId)), presentUser);
  }

  /**
   * Adds an employee to a company, approved and active (DOMAIN.md). A forwarder's employee gets the roles chosen
   * (staff roles give manager powers, so the warning must be ticked); a customer's is a registered customer.
   */
  async createEmployee(actor: Principal, companyId: number, body: EmployeeCreateBody) {
    const company = await this.companyToManage(actor, companyId);
    const { password, password_confirm, roles, change_company_warning, ...person } = body;
    person.username = normalizeUsername(body.username);
    const errors: FieldErrors = {
      username: await this.usernameProblems(person.username),
      ...this.passwordProblems(password, password_confirm, person),
      ...this.roleProblems(company, roles, change_company_warning),
    };
    throwIfInvalid(errors);
    return this.createAccount(
      {
        ...person,
        password_hash: await hashPassword(password),
        state: "approved",
        is_active: true,
        company_id: company.id,
      },
      roles ?? ["RegisteredCustomer"],
    );
  }

  /**
   * A manager edits a user. Forwarder staff (users of the forwarder company, or users moved into it) are
   * edited only by heads and administrators, as the forwarder company itself is.
   */
  async patch(actor: Principal, id: number, body: UserPatchBody) {
    if (!userPolicy.canWrite(actor)) throw new Forbidden();
    const view = await this.users.findView(id);
    if (!view) throw new NotFound();
    const canEditStaff = userPolicy.canEditStaff(actor);
    if (view.company?.is_expedition_company && !canEditStaff) throw new Forbidden();

    const { version, change_company_warning, company_id, password, password_confirm, roles, ...fields } =
      body;
    const changes: Partial<UserRow> = {
      ...fields,
      ...(await this.accountChanges(view.user, { ...fields, password, password_confirm })),
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
      const company = company_id === null ? null : await this.companies.findById(company_id);
      if (company_id !== null && !company)
        throw new ValidationFailed({ company_id: [{ key: "company_not_found" }] });
      if (company?.is_expedition_company) {
        if (!canEditStaff) throw new Forbidden();
        if (!change_company_warning) {
          throw new ValidationFailed({
            change_company_warning: [{ key: "change_company_warning_required" }],
          });
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
      if (id === actor.id) throw new ValidationFailed({ is_active: [{ key: "deactivate_self" }] });
      changes.token_version = view.user.token_version + 1;
    }
    await this.saveOrConflict(id, changes, version, roleNames);
    return this.presentById(id);
  }

  /**
   * The employee form's changes to an account: a new username (checked as at sign-up), a new password (checked
   * by the rules, and ending the user's sessions).
   */
  private async accountChanges(
    user: UserRow,
    body: Pick<
      UserPatchBody,
      "username" | "password" | "password_confirm" | "first_name" | "last_name" | "email"
    >,
  ): Promise<Partial<UserRow>> {
    const changes: Partial<UserRow> = {};
    const errors: FieldErrors = {};
    if (body.username !== undefined) {
      changes.username = normalizeUsername(body.username);
      errors.username = await this.usernameProblems(changes.username, user.id);
    }
    if (body.password || body.password_confirm) {
      const owner = { ...user, ...body, username: changes.username ?? user.username };
      Object.assign(errors, this.passwordProblems(body.password ?? "", body.password_confirm, owner));
    }
    throwIfInvalid(errors);
    if (body.password) {
      changes.password_hash = await hashPassword(body.password);
      changes.token_version = user.token_version + 1;
    }
    return changes;
  }

  private async saveOrConflict(
    id: number,
    changes: Partial<UserRow>,
    version?: number,
    roleNames?: string[],
  ) {
    const saved = await usernameOnce(() => this.users.update(id, changes, version, roleNames));
    if (!saved) throw new Conflict(await this.presentById(id));
  }

  /**
   * The company whose employees a manager works with: 404 when it does not exist, 403 for a user who is not a
   * manager or may not open it (the forwarder's own, for all but heads and administrators).
   */
  async companyToManage(actor: Principal, companyId: number): Promise<CompanyRow> {
    const company = await this.companies.open(actor, companyId, "write");
    if (!companyPolicy.canWrite(actor)) throw new Forbidden();
    return company;
  }

  /** A new password's problems: its confirmation, then the rules (spec 02 §5). */
  private passwordProblems(password: string, confirm: string | undefined, owner: PasswordOwner): FieldErrors {
    if (password !== confirm) return { password_confirm: [{ key: "password_mismatch" }] };
    return { password: checkPassword(password, owner) };
  }

  /**
   * The roles of a new employee: chosen for the forwarder's, where the warning on manager powers must be ticked
   * (spec 02 §5); a customer's employee holds no staff role.
   */
  private roleProblems(
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

  private async presentById(id: number) {
    const view = await this.users.findView(id);
    if (!view) throw new NotFound();
    return presentUser(view);
  }
}

/** A write that takes a username: two at once with the same one, and the unique index decides (the loser: 400). */
async function usernameOnce<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ValidationFailed({ username: [{ key: "username_taken" }] });
    throw error;
  }
}
