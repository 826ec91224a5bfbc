import { type Language, userFields } from "@portal/domain";
import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Link } from "../../core/crud-relations.ts";
import { findList } from "../../core/find-page.ts";
import type { ListQuery } from "../../core/list-query.ts";
import { announceSessionsEnded } from "../../core/live.ts";
import { resourceFrom } from "../../core/resource.ts";
import type { Db } from "../../db/client.ts";
import { companies, refreshTokens, roles, userRoles, userSessions, users } from "../../db/schema/index.ts";
import { usernameKey } from "./usernames.ts";

const roleList = sql<{ id: number; name: string }[]>`coalesce((
  select json_agg(json_build_object('id', r.id, 'name', r.name) order by r.id)
  from ${userRoles} ur join ${roles} r on r.id = ur.role_id where ur.user_id = ${users.id}
), '[]'::json)`;

const relatedCompanyIds = sql<number[]>`coalesce((
  select json_agg(ru.company_id order by ru.company_id) from related_users ru where ru.user_id = ${users.id}
), '[]'::json)`;

/**
 * Whether the user of the query's `users` row has a factor that signs in: a confirmed one-time code generator or a
 * passkey. The columns are named with their tables: drizzle writes a query's own columns unqualified, which inside
 * the subqueries would name the subqueries' tables.
 */
export const hasFactor = sql<boolean>`(exists (select 1 from "totp_factors" t where t."user_id" = "users"."id" and t."confirmed_at" is not null)
    or exists (select 1 from "passkeys" p where p."user_id" = "users"."id"))`;

const userViewColumns = {
  id: users.id,
  user: users,
  company: {
    id: companies.id,
    name: companies.name,
    notification_msg: companies.notification_msg,
    debtor: companies.debtor,
    is_expedition_company: companies.is_expedition_company,
  },
  roles: roleList,
  related_company_ids: relatedCompanyIds,
};

export type UserRow = typeof users.$inferSelect;
export type NewUser = Omit<typeof users.$inferInsert, "username_key">;

/** A user with what the API shows and checks of them: company, roles, related companies. */
export interface UserView {
  /** The user's id (as `user.id`): the row's id, as every resource's. */
  id: number;
  user: UserRow;
  company: {
    id: number;
    name: string;
    notification_msg: string;
    debtor: boolean;
    is_expedition_company: boolean;
  } | null;
  roles: { id: number; name: string }[];
  related_company_ids: number[];
}

/** The users grid: the user's field definitions, the company's name, and rows as views. */
export const userListResource = resourceFrom({
  fields: userFields,
  table: users,
  joins: [{ table: companies, on: eq(companies.id, users.company_id) }],
  columns: userViewColumns,
  extraFields: { company__name: { expr: companies.name, type: "text" } },
  // The company's name as the users' copy of it (kept by triggers), so that it is part of their search document:
  // a word is one condition on one index, with no search of companies beside it.
  extraSearch: [users.company_name],
  defaultOrdering: "-id",
});

/** Queries on users, their roles and their refresh tokens. */
export class UsersRepo {
  constructor(private readonly db: Db) {}

  private views(where: SQL | undefined) {
    return this.db
      .select(userViewColumns)
      .from(users)
      .leftJoin(companies, eq(companies.id, users.company_id))
      .where(where);
  }

  /**
   * One user as every signed-in request reads it (the principal) and most answers show it: a named prepared
   * statement, parsed once a connection and run on a generic plan, with no planning per request.
   */
  private viewById?: ReturnType<typeof this.prepareViewById>;

  private prepareViewById() {
    return this.views(eq(users.id, sql.placeholder("id"))).prepare("users_view_by_id");
  }

  async findView(id: number): Promise<UserView | null> {
    this.viewById ??= this.prepareViewById();
    const [row] = await this.viewById.execute({ id });
    return (row as UserView | undefined) ?? null;
  }

  /** One user with whether a session of theirs is live, as every signed-in request reads it (prepared, as above). */
  private sessionViewById?: ReturnType<typeof this.prepareSessionViewById>;

  private prepareSessionViewById() {
    return this.db
      .select({
        ...userViewColumns,
        has_second_factor: hasFactor,
        company_requires_second_factor: sql<boolean>`coalesce(${companies.require_second_factor}, false)`,
        is_session_live: sql<boolean>`exists (
          select 1 from ${userSessions} where ${userSessions.id} = ${sql.placeholder("sessionId")}
          and ${userSessions.user_id} = ${users.id} and ${userSessions.ended_at} is null
        )`,
      })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.company_id))
      .where(eq(users.id, sql.placeholder("id")))
      .prepare("users_session_view_by_id");
  }

  async findSessionView(
    id: number,
    sessionId: number,
  ): Promise<{
    view: UserView;
    isSessionLive: boolean;
    secondFactor: { hasFactor: boolean; companyRequires: boolean };
  } | null> {
    this.sessionViewById ??= this.prepareSessionViewById();
    const [row] = await this.sessionViewById.execute({ id, sessionId });
    if (!row) return null;
    const { is_session_live, has_second_factor, company_requires_second_factor, ...view } = row;
    return {
      view: view as UserView,
      isSessionLive: is_session_live,
      secondFactor: { hasFactor: has_second_factor, companyRequires: company_requires_second_factor },
    };
  }

  /** Whether a user has a factor that signs in, and whether their company requires one (an API key's user). */
  async findSecondFactor(id: number): Promise<{ hasFactor: boolean; companyRequires: boolean }> {
    const [row] = await this.db
      .select({
        hasFactor,
        companyRequires: sql<boolean>`coalesce(${companies.require_second_factor}, false)`,
      })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.company_id))
      .where(eq(users.id, id));
    return { hasFactor: row?.hasFactor ?? false, companyRequires: row?.companyRequires ?? false };
  }

  /** The user whose username looks like this one (same case-folded, look-alike-free key). */
  async findByUsername(username: string): Promise<UserRow | null> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(eq(users.username_key, usernameKey(username)));
    return row ?? null;
  }

  /** Gives every user written before `username_key` existed their key; run at start-up, before requests. */
  async fillMissingUsernameKeys(): Promise<number> {
    const rows = await this.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(isNull(users.username_key));
    for (const row of rows) {
      await this.db
        .update(users)
        .set({ username_key: usernameKey(row.username) })
        .where(eq(users.id, row.id));
    }
    return rows.length;
  }

  /** Users by the list pattern, within `scope` (a company's employees, the staff). */
  list(query: ListQuery, scope?: SQL) {
    return findList<UserView>(this.db, userListResource, query, scope);
  }

  /** Inserts a user with these roles (in `db`'s transaction when it is one) and answers its id. */
  async insert(values: NewUser, roleNames: readonly string[], db: Db = this.db): Promise<number> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ ...values, username_key: usernameKey(values.username) })
        .returning({ id: users.id });
      if (!row) throw new Error("insert returned no row");
      await setRoles(tx, row.id, roleNames);
      return row.id;
    });
  }

  /** Records a sign-in, and the language it was made in when the request named one (the user's mails use it). */
  async touchLastLogin(id: number, language?: Language): Promise<void> {
    await this.db
      .update(users)
      .set({ last_login: new Date(), ...(language && { language }) })
      .where(eq(users.id, id));
  }
}

/** A user's roles as the users' resources write them: the ids of `roleIds` in the link table. */
export const roleLink: Link = {
  table: userRoles,
  owner: userRoles.user_id,
  target: userRoles.role_id,
  targetTable: roles,
};

/** The ids of these roles, for `roleLink`. */
export async function roleIds(db: Db, roleNames: readonly string[]): Promise<number[]> {
  const found = await db
    .select({ id: roles.id })
    .from(roles)
    .where(inArray(roles.name, [...roleNames]));
  if (found.length !== roleNames.length) throw new Error(`unknown role in ${roleNames.join(", ")}`);
  return found.map((role) => role.id);
}

/**
 * Ends every session of the user (a new password, a deactivation): the token version, written with it, ends their
 * access tokens; this, their refresh tokens, and on commit their live streams on every instance. It runs in the
 * user's versioned write, so its locks come after the user row's, the order a refresh's rotation keeps too
 * (AuthRepo.lockUser): the two never wait for each other in a cycle.
 */
export async function endSessions(db: Db, userId: number): Promise<void> {
  const now = new Date();
  const ended = await db
    .update(userSessions)
    .set({ ended_at: now })
    .where(and(eq(userSessions.user_id, userId), isNull(userSessions.ended_at)))
    .returning({ id: userSessions.id });
  await db
    .update(refreshTokens)
    .set({ revoked_at: now })
    .where(and(eq(refreshTokens.user_id, userId), isNull(refreshTokens.revoked_at)));
  await announceSessionsEnded(
    db,
    userId,
    ended.map((session) => session.id),
  );
}

async function setRoles(db: Db, userId: number, roleNames: readonly string[]): Promise<void> {
  await db.delete(userRoles).where(eq(userRoles.user_id, userId));
  if (roleNames.length === 0) return;
  const ids = await roleIds(db, roleNames);
  await db.insert(userRoles).values(ids.map((role_id) => ({ user_id: userId, role_id })));
}
