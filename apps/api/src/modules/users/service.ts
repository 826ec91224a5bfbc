import {
  companyPolicy,
  type Language,
  mustEnrolSecondFactor,
  ownProfilePolicy,
  type StaffSecondFactor,
  type TokenPair,
  userFields,
  userPolicy,
} from "@portal/domain";
import { eq } from "drizzle-orm";
import { type CrudResource, CrudService, type PendingWrite, presenter, writeRules } from "../../core/crud.ts";
import { Forbidden, isUniqueViolation, NotFound, ValidationFailed } from "../../core/errors.ts";
import type { Message } from "../../core/i18n.ts";
import type { ListQuery } from "../../core/list-query.ts";
import { announceChange } from "../../core/live.ts";
import type { Principal } from "../../core/principal.ts";
import type { Db } from "../../db/client.ts";
import { users as usersTable } from "../../db/schema/index.ts";
import { isStaffMember } from "../companies/links.ts";
import type { CompanyRow } from "../companies/repo.ts";
import type { CompaniesService } from "../companies/service.ts";
import { signupEvent } from "../notifications/events.ts";
import type { NotificationsService } from "../notifications/service.ts";
import { verifyPassword } from "./passwords.ts";
import { flagsOf, type PresentedUser, presentUser } from "./presenter.ts";
import {
  type NewUser,
  roleLink,
  type UserRow,
  type UsersRepo,
  type UserView,
  userListResource,
} from "./repo.ts";
import {
  prepareEmployee,
  prepareOwnProfile,
  prepareUserChange,
  recordUserWrite,
  usernameProblems,
} from "./rules.ts";
import type { MeUpdateBody } from "./schemas.ts";

/**
 * Starts a new session for a user whose password change ended their others (the auth module's sessions): passed
 * in, so that users depend on nothing of sign-in's.
 */
/** Where a session is begun from: the client's address and its browser (User-Agent). */
export interface SessionClient {
  address: string;
  userAgent?: string | undefined;
}

export interface SessionStarter {
  start(userId: number, tokenVersion: number, client: SessionClient): Promise<TokenPair>;
}

/**
 * Counts an attempt at an account's password as the sign-in throttling counts sign-ins (the auth module's
 * `SignInThrottle`; 429 past its limits), so that the current password asked by a password change cannot be
 * guessed faster than at the sign-in.
 */
export interface PasswordAttempts {
  attempt(
    username: string,
    address: string,
  ): Promise<{ succeeded(): Promise<void>; failed(userId: number | null): Promise<void> }>;
}

type Users = CrudService<UserView, PresentedUser>;

/** What every users' resource shares: the users grid's fields and rows, answered as users, roles in their links. */
const userResource = {
  fields: userFields,
  table: usersTable,
  list: userListResource,
  present: presenter(presentUser),
  links: { roles: roleLink },
  unique: { field: "username", message: "username_taken" },
  // Told to staff only, whatever the user's company (no `company` field): a sign-up and its decision are the
  // forwarder's business, never a client's, not even one of the company the user joins
  live: { resource: "users" },
} satisfies Omit<CrudResource, "policy">;

/** A user as use cases see them (`Principal`). */
function principalOfView(view: UserView): Principal {
  const { user } = view;
  return {
    id: user.id,
    username: user.username,
    state: user.state,
    company_id: user.company_id,
    related_company_ids: view.related_company_ids,
    company_ids: [...new Set([...(user.company_id ? [user.company_id] : []), ...view.related_company_ids])],
    ...flagsOf(view),
  };
}

export class UsersService {
  /** The users grid (managers): list, read and a manager's change (approve, decline, move, deactivate, roles). */
  readonly users: Users;
  /** The own profile: every signed-in user reads and saves theirs, and only theirs. */
  readonly me: Users;
  /** A company's employees (its managers): listed and added under /companies/{id}/users/. */
  readonly employees: Users;

  constructor(
    private readonly db: Db,
    private readonly repo: UsersRepo,
    private readonly companies: CompaniesService,
    private readonly sessions: SessionStarter,
    private readonly passwordAttempts: PasswordAttempts,
    private readonly notifications: NotificationsService,
    /** STAFF_SECOND_FACTOR: whether staff must enrol a second factor before anything else opens. */
    private readonly staffSecondFactor: StaffSecondFactor,
  ) {
    // A sign-up's state moving is told: to the managers when it is sent to confirmation, to the user when decided
    const record = async (write: PendingWrite<UserView> & { id: number; saved: UserView }) => {
      await recordUserWrite(write);
      const event = signupEvent(write.user, write.current?.user.state, write.saved.user);
      if (event) await this.notifications.emit(write.db, event);
    };
    this.users = new CrudService(db, {
      ...userResource,
      policy: userPolicy,
      rules: writeRules<UserView>({ prepare: (write) => prepareUserChange(companies, write), record }),
    });
    this.me = new CrudService(db, {
      ...userResource,
      policy: ownProfilePolicy,
      scope: (user) => eq(usersTable.id, user.id),
      rules: writeRules<UserView>({ prepare: prepareOwnProfile, record }),
    });
    this.employees = new CrudService(db, {
      ...userResource,
      policy: userPolicy,
      parent: { column: usersTable.company_id, open: (user, id) => this.companyToManage(user, id) },
      rules: writeRules<UserView>({ prepare: (write) => prepareEmployee(companies, write) }),
    });
  }

  /** The account behind a username or one of its look-alikes, for sign-in and sign-up. */
  findAccount(username: string): Promise<UserRow | null> {
    return this.repo.findByUsername(username);
  }

  async findAccountById(id: number): Promise<UserRow | null> {
    return (await this.repo.findView(id))?.user ?? null;
  }

  /**
   * The signed-in principal of an access token's user and session, or null when the user is gone; `isActive` is
   * false for a deactivated user and for a session that has ended (logout).
   */
  async principalOf(
    id: number,
    sessionId: number,
  ): Promise<{ principal: Principal; isActive: boolean; tokenVersion: number } | null> {
    const found = await this.repo.findSessionView(id, sessionId);
    if (!found) return null;
    const { view, isSessionLive, secondFactor } = found;
    return {
      principal: {
        ...principalOfView(view),
        session_id: sessionId,
        must_enrol_second_factor: mustEnrolSecondFactor(flagsOf(view), secondFactor, this.staffSecondFactor),
      },
      isActive: view.user.is_active && isSessionLive,
      tokenVersion: view.user.token_version,
    };
  }

  /** The principal of a user as they are now (an API key's, which names no session), or null when they are gone. */
  async principalOfUser(id: number): Promise<{ principal: Principal; isActive: boolean } | null> {
    const view = await this.repo.findView(id);
    if (!view) return null;
    // A key is refused with its user's session while the policy wants a second factor they have not enrolled
    const secondFactor = await this.repo.findSecondFactor(id);
    const must_enrol_second_factor = mustEnrolSecondFactor(
      flagsOf(view),
      secondFactor,
      this.staffSecondFactor,
    );
    return {
      principal: { ...principalOfView(view), must_enrol_second_factor },
      isActive: view.user.is_active,
    };
  }

  /**
   * The principal of an active user, whatever their sessions: whom a job works as when it does what the user asked
   * for (the import of their file of orders). Null when the user is gone or deactivated.
   */
  async activePrincipal(id: number): Promise<Principal | null> {
    const found = await this.principalOfUser(id);
    return found?.isActive ? found.principal : null;
  }

  /**
   * What is wrong with a username someone would take: its letters, or another account with it or a look-alike of
   * it (`ownId`: the account being renamed).
   */
  usernameProblems(username: string, ownId?: number): Promise<Message[]> {
    return usernameProblems(this.db, username, ownId);
  }

  /**
   * Creates a user with these roles and answers it as the API shows users; announced to staff as the users'
   * resource announces its writes (in the insert's transaction: heard on commit only).
   */
  async createAccount(values: NewUser, roleNames: readonly string[]) {
    const id = await usernameOnce(() =>
      this.db.transaction(async (db) => {
        const created = await this.repo.insert(values, roleNames, db);
        await announceChange(db, { resource: "users", id: created, action: "created", companies: [] });
        return created;
      }),
    );
    return this.presentById(id);
  }

  touchLastLogin(id: number, language?: Language): Promise<void> {
    return this.repo.touchLastLogin(id, language);
  }

  getMe(user: Principal) {
    return this.me.get(user, user.id);
  }

  /**
   * Saves the own profile (from `client`). A new password needs the current one, and revokes every
   * session, handing the caller a new token pair.
   */
  async updateMe(user: Principal, body: MeUpdateBody, client: SessionClient) {
    if (body.password) await this.confirmPassword(user, body.current_password, client.address);
    const updated = await this.me.update(user, user.id, body);
    if (!body.password) return updated;
    const account = await this.findAccountById(user.id);
    if (!account) throw new NotFound();
    return { ...updated, tokens: await this.sessions.start(user.id, account.token_version, client) };
  }

  /**
   * The own password change asks for the current password (ASVS V6), so that an access token alone (a borrowed
   * computer, a script injected into the page) cannot take the account over. The check is an attempt at the
   * password as a sign-in is, counted and throttled with them, before and outside the write (whose rollback would
   * take the count back). Removing a second factor asks for it too (`FactorsService`).
   */
  async confirmPassword(user: Principal, password: string | undefined, address: string) {
    if (!password) throw new ValidationFailed({ current_password: [{ key: "required" }] }, true);
    const attempt = await this.passwordAttempts.attempt(user.username, address);
    const account = await this.findAccountById(user.id);
    if (!account || !(await verifyPassword(account.password_hash, password))) {
      await attempt.failed(user.id);
      throw new ValidationFailed({ current_password: [{ key: "current_password_wrong" }] });
    }
    await attempt.succeeded();
  }

  /** The staff with manager powers, whom administrators assign to companies as their managers. */
  listManagers(user: Principal, query: ListQuery) {
    return this.users.list(user, query, isStaffMember);
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

  private async presentById(id: number) {
    const view = await this.repo.findView(id);
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
