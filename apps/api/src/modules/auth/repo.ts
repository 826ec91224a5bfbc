import { and, eq, gt, isNull, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { loginFailures, refreshTokens } from "../../db/schema/index.ts";

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** Queries on refresh tokens and sign-in failure counters. */
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

  /** The failure count of a key within the window still open at `now`, if any. */
  async failures(
    key: string,
    windowStart: Date,
  ): Promise<{ failures: number; window_started_at: Date } | null> {
    const [row] = await this.db
      .select({ failures: loginFailures.failures, window_started_at: loginFailures.window_started_at })
      .from(loginFailures)
      .where(and(eq(loginFailures.key, key), gt(loginFailures.window_started_at, windowStart)));
    return row ?? null;
  }

  /** Counts one failure: opens a new window when the stored one has closed. Atomic across instances. */
  async recordFailure(key: string, now: Date, windowStart: Date): Promise<void> {
    await this.db
      .insert(loginFailures)
      .values({ key, failures: 1, window_started_at: now })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          failures: sql`case when ${loginFailures.window_started_at} > ${windowStart} then ${loginFailures.failures} + 1 else 1 end`,
          window_started_at: sql`case when ${loginFailures.window_started_at} > ${windowStart} then ${loginFailures.window_started_at} else ${now} end`,
        },
      });
  }

  /** Forgets counters whose window has closed, so the table holds only live ones. */
  async purgeClosedWindows(windowStart: Date): Promise<void> {
    await this.db.delete(loginFailures).where(lt(loginFailures.window_started_at, windowStart));
  }

  /** Expired refresh tokens of a user are of no use, even for replay detection. */
  async purgeExpiredRefreshTokens(userId: number, now: Date): Promise<void> {
    await this.db
      .delete(refreshTokens)
      .where(and(eq(refreshTokens.user_id, userId), lte(refreshTokens.expires_at, now)));
  }

  async clearFailures(key: string): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.key, key));
  }
}
