import { and, eq, inArray, isNull, like, lt, lte, or, sql } from "drizzle-orm";
import { announceSessionsEnded } from "../../core/live.ts";
import type { Db } from "../../db/client.ts";
import { loginFailures, refreshTokens, userSessions, users } from "../../db/schema/index.ts";

/** A refresh token with whether its session has ended. */
export type RefreshTokenRow = typeof refreshTokens.$inferSelect & { session_ended: boolean };

/** Attempts counted on a throttle key within its window. */
export interface ThrottleCount {
  count: number;
  windowStartedAt: Date;
}

/** Queries on sessions, refresh tokens and the throttle counters (sign-in failures, sign-ups). */
export class AuthRepo {
  constructor(private readonly db: Db) {}

  /** Opens a session (a sign-in from the client's address and browser) and answers its id. */
  async openSession(
    userId: number,
    client: { address: string; userAgent?: string | undefined },
  ): Promise<number> {
    const [row] = await this.db
      .insert(userSessions)
      .values({
        user_id: userId,
        address: client.address,
        user_agent: client.userAgent?.slice(0, 512) ?? null,
      })
      .returning({ id: userSessions.id });
    if (!row) throw new Error("insert returned no row");
    return row.id;
  }

  /** Marks a session used now (a refresh): the profile's list shows its last use. */
  async touchSession(sessionId: number): Promise<void> {
    await this.db
      .update(userSessions)
      .set({ last_used_at: new Date() })
      .where(eq(userSessions.id, sessionId));
  }

  async insertRefreshToken(userId: number, sessionId: number, hash: string, expiresAt: Date): Promise<void> {
    await this.db
      .insert(refreshTokens)
      .values({ user_id: userId, session_id: sessionId, token_hash: hash, expires_at: expiresAt });
  }

  async findRefreshToken(hash: string): Promise<RefreshTokenRow | null> {
    const [row] = await this.db
      .select({ token: refreshTokens, session_ended: sql<boolean>`${userSessions.ended_at} is not null` })
      .from(refreshTokens)
      .innerJoin(userSessions, eq(userSessions.id, refreshTokens.session_id))
      .where(eq(refreshTokens.token_hash, hash));
    return row ? { ...row.token, session_ended: row.session_ended } : null;
  }

  /**
   * Locks the user's row before any of their sessions' rows, the order every write ending sessions takes (the
   * versioned write locks the user first): a rotation that locked its token first and then met the user row in its
   * insert's foreign key check deadlocked with a password change waiting on that token. `for key share` is the lock
   * the foreign key check takes anyway: rotations do not wait for each other, only for a write of the user.
   */
  async lockUser(userId: number): Promise<void> {
    await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("key share");
  }

  /**
   * Revokes one token if it is still live, keeping its sealed successor; false when it was already revoked (another
   * request rotated it first: a concurrent duplicate waits here for that one's transaction and then finds it).
   */
  async rotateRefreshToken(id: number, successor: string): Promise<boolean> {
    const rows = await this.db
      .update(refreshTokens)
      .set({ revoked_at: new Date(), successor })
      .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revoked_at)))
      .returning({ id: refreshTokens.id });
    return rows.length > 0;
  }

  /**
   * Ends a session and revokes its refresh tokens: its access tokens are refused from now on, and its live streams
   * end when this commits (call it in a transaction). The session's row is locked before its tokens, the order the
   * writes ending every session of a user take after the user's row.
   */
  async endSession(sessionId: number): Promise<void> {
    const now = new Date();
    const [ended] = await this.db
      .update(userSessions)
      .set({ ended_at: now })
      .where(and(eq(userSessions.id, sessionId), isNull(userSessions.ended_at)))
      .returning({ user_id: userSessions.user_id });
    await this.db
      .update(refreshTokens)
      .set({ revoked_at: now })
      .where(and(eq(refreshTokens.session_id, sessionId), isNull(refreshTokens.revoked_at)));
    if (ended) await announceSessionsEnded(this.db, ended.user_id, [sessionId]);
  }

  /** Runs `work` in one transaction, on a repository of that transaction (and the transaction, for others' writes). */
  transaction<T>(work: (repo: AuthRepo, db: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new AuthRepo(tx), tx));
  }

  /** Whether the user has any session kept (a sign-in before this one). */
  async hasSessions(userId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: userSessions.id })
      .from(userSessions)
      .where(eq(userSessions.user_id, userId))
      .limit(1);
    return row !== undefined;
  }

  /** Whether the account (its username key) has a session begun at this address, of any age that is still kept. */
  async hasSessionFrom(account: string, address: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: userSessions.id })
      .from(userSessions)
      .innerJoin(users, eq(users.id, userSessions.user_id))
      .where(and(eq(users.username_key, account), eq(userSessions.address, address)))
      .limit(1);
    return row !== undefined;
  }

  /**
   * Takes the turn of a cooling key: when its cool-down is over (or never began), starts the next one, up to `until`,
   * and answers null; otherwise answers when the running one ends. One statement decides, so parallel attempts get
   * one turn between them.
   */
  async takeTurn(key: string, now: Date, until: Date): Promise<Date | null> {
    const taken = await this.db
      .update(loginFailures)
      .set({ cool_down_until: until })
      .where(
        and(
          eq(loginFailures.key, key),
          or(isNull(loginFailures.cool_down_until), lte(loginFailures.cool_down_until, now)),
        ),
      )
      .returning({ key: loginFailures.key });
    if (taken.length > 0) return null;
    const [row] = await this.db
      .select({ until: loginFailures.cool_down_until })
      .from(loginFailures)
      .where(eq(loginFailures.key, key));
    return row?.until ?? now;
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

  /**
   * Expired refresh tokens of a user are of no use, even for replay detection; nor are the sessions left without
   * tokens (ended, or with only expired ones), which a new access token can no longer name.
   */
  async purgeExpiredRefreshTokens(userId: number, now: Date): Promise<void> {
    await this.db
      .delete(refreshTokens)
      .where(and(eq(refreshTokens.user_id, userId), lte(refreshTokens.expires_at, now)));
    await this.db
      .delete(userSessions)
      .where(
        and(
          eq(userSessions.user_id, userId),
          sql`not exists (select 1 from ${refreshTokens} where ${refreshTokens.session_id} = ${userSessions.id})`,
        ),
      );
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.key, key));
  }
}
