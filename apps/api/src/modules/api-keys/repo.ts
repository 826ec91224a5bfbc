import { apiKeyFields } from "@portal/domain";
import { and, count, eq, gt, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Principal } from "../../core/principal.ts";
import { resourceFrom } from "../../core/resource.ts";
import { Repo } from "../../db/repo.ts";
import { apiKeys, companies, users } from "../../db/schema/index.ts";

export type ApiKeyRow = typeof apiKeys.$inferSelect;
/** A key as its list and its answers read it: with its user's name. */
export type ApiKeyView = ApiKeyRow & { username: string };

/** The keys' list (GET /api/api-keys/): their fields, the user's name joined, newest first. */
export const apiKeyList = resourceFrom({
  fields: apiKeyFields,
  table: apiKeys,
  joins: [{ table: users, on: eq(users.id, apiKeys.user_id) }],
  exprs: { username: users.username },
  defaultOrdering: "-id",
});

/**
 * The keys a user may see and revoke: their own; a manager's, also those of every customer company's user; an
 * administrator's, all (docs/decisions.md, "API keys").
 */
export function keyScope(user: Principal): SQL | undefined {
  if (user.is_administrator) return undefined;
  const own = eq(apiKeys.user_id, user.id);
  if (!user.is_manager) return own;
  return or(
    own,
    sql`${apiKeys.user_id} in (select ${users.id} from ${users} join ${companies} on ${companies.id} = ${users.company_id}
      where not ${companies.is_expedition_company})`,
  );
}

/** Queries on API keys. */
export class ApiKeysRepo extends Repo {
  /** A key by its public part, as every request with one reads it: prepared once a connection. */
  private byPrefix?: ReturnType<typeof this.prepareByPrefix>;

  private prepareByPrefix() {
    return this.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.prefix, sql.placeholder("prefix")))
      .prepare("api_keys_by_prefix");
  }

  async findByPrefix(prefix: string): Promise<ApiKeyRow | null> {
    this.byPrefix ??= this.prepareByPrefix();
    const [row] = await this.byPrefix.execute({ prefix });
    return row ?? null;
  }

  async findView(id: number): Promise<ApiKeyView | null> {
    const [row] = await this.db
      .select({ key: apiKeys, username: users.username })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.user_id))
      .where(eq(apiKeys.id, id));
    return row ? { ...row.key, username: row.username } : null;
  }

  /** Locks the user's row until the transaction ends: their keys are counted and added one creation at a time. */
  async lockUser(userId: number): Promise<void> {
    await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  }

  /** How many of a user's keys are live (neither revoked nor expired). */
  async countLive(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(apiKeys)
      .where(
        and(eq(apiKeys.user_id, userId), isNull(apiKeys.revoked_at), gt(apiKeys.expires_at, sql`now()`)),
      );
    return row?.n ?? 0;
  }

  async insert(values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
    const [row] = await this.db.insert(apiKeys).values(values).returning();
    if (!row) throw new Error("API key not inserted");
    return row;
  }

  /** Revokes a live key; false when it was revoked already (by another request at the same time). */
  async revoke(id: number): Promise<boolean> {
    const rows = await this.db
      .update(apiKeys)
      .set({ revoked_at: sql`now()` })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revoked_at)))
      .returning({ id: apiKeys.id });
    return rows.length > 0;
  }

  /**
   * Records a use: only the first (answers true when this call was it) when `first`, else any older than
   * `olderThanSeconds`, so that busy keys write at most once in that time.
   */
  async recordUse(id: number, address: string, first: boolean, olderThanSeconds: number): Promise<boolean> {
    const rows = await this.db
      .update(apiKeys)
      .set({ last_used_at: sql`now()`, last_used_address: address.slice(0, 64) })
      .where(
        and(
          eq(apiKeys.id, id),
          first
            ? isNull(apiKeys.last_used_at)
            : sql`${apiKeys.last_used_at} < now() - make_interval(secs => ${olderThanSeconds})`,
        ),
      )
      .returning({ id: apiKeys.id });
    return rows.length > 0;
  }
}
