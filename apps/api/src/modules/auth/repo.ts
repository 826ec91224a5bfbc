import { and, eq, inArray, isNull, like, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { loginFailures, refreshTokens } from "../../db/schema/index.ts";

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** Attempts counted on a throttle key within its window. */
export interface ThrottleCount {
  count: number;
  windowStartedAt: Date;
}

/** Queries on refresh tokens and the throttle counters (sign-in failures, sign-ups). */
export class AuthRepo {
  constructor(private readonly db: Db) {}

  async insertRefreshToken(userId: number, hash: string, expiresAt: Date): Promise<void> {
    await this.db.insert(refreshTokens).values({ user_id: userId, token_hash: hash, expires_at: expiresAt });
  }

  async findRefreshToken(hash: string): Promise<RefreshTokenRow | null> {
    const [row] = await this.db.select().from(refreshTokens).where(eq(refreshTokens.token_hash, hash));
    return row ?? null;
  }

  /** Revokes one token if it is still live; false when it was already revoked (a replay). */
  async revokeRefreshToken(id: number): Promise<boolean> {
    const rows = await this.db
      .update(refreshTokens)
      .set({ revoked_at: new Date() })
      .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revoked_at)))
      .returning({ id: refreshTokens.id });
    return rows.length > 0;
  }

  async revokeAllRefreshTokens(userId: number): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revoked_at: new Date() })
      .where(and(eq(refreshTokens.user_id, userId), isNull(refreshTokens.revoked_at)));
  }

  /**
   * Counts one attempt on each key and answers every key's count within its window, in one statement: each row
   * is updated under its lock, so parallel attempts get distinct counts and never more than a limit pass. A
   * stored window that has closed starts again at `now`.
   */
  async hit(keys: readonly string[], now: Date, windowStart: Date): Promise<Map<string, ThrottleCount>> {
    const rows = await this.db
      .insert(loginFailures)
      .values(keys.map((key) => ({ key, failures: 1, window_started_at: now })))
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          failures: sql`case when ${loginFailures.window_started_at} > ${windowStart} then ${loginFailures.failures} + 1 else 1 end`,
          window_started_at: sql`case when ${loginFailures.window_started_at} > ${windowStart} then ${loginFailures.window_started_at} else ${now} end`,
        },
      })
      .returning();
    return new Map(
      rows.map((row) => [row.key, { count: row.failures, windowStartedAt: row.window_started_at }]),
    );
  }

  /** Takes back one counted attempt of each key (it succeeded, so it was no failure). */
  async unhit(keys: readonly string[]): Promise<void> {
    await this.db
      .update(loginFailures)
      .set({ failures: sql`greatest(${loginFailures.failures} - 1, 0)` })
      .where(inArray(loginFailures.key, [...keys]));
  }

  /** Forgets the counters under a prefix whose window has closed, so the table holds only live ones. */
  async purgeClosedWindows(prefix: string, windowStart: Date): Promise<void> {
    await this.db
      .delete(loginFailures)
      .where(and(like(loginFailures.key, `${prefix}%`), lt(loginFailures.window_started_at, windowStart)));
  }

  /** Expired refresh tokens of a user are of no use, even for replay detection. */
  async purgeExpiredRefreshTokens(userId: number, now: Date): Promise<void> {
    await this.db
      .delete(refreshTokens)
      .where(and(eq(refreshTokens.user_id, userId), lte(refreshTokens.expires_at, now)));
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.key, key));
  }
}
