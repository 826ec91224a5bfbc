import { and, desc, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  authChallenges,
  companies,
  passkeys,
  recoveryCodes,
  totpFactors,
  userSessions,
  users,
} from "../../db/schema/index.ts";
import { hasFactor } from "../users/repo.ts";

export type ChallengeKind = (typeof authChallenges.$inferSelect)["kind"];
export type ChallengeRow = typeof authChallenges.$inferSelect;
export type PasskeyRow = typeof passkeys.$inferSelect;
export type TotpRow = typeof totpFactors.$inferSelect;
export type SessionRow = typeof userSessions.$inferSelect;

/** Queries on the second factors (one-time codes, recovery codes, passkeys), their challenges and the sessions' list. */
export class FactorsRepo {
  constructor(readonly db: Db) {}

  transaction<T>(work: (repo: FactorsRepo, db: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new FactorsRepo(tx), tx));
  }

  /** Locks the user's row: enrolments and removals of one user run one at a time. */
  async lockUser(userId: number): Promise<void> {
    await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  }

  /** Whether the user has a factor that signs in: a confirmed one-time code generator or a passkey. */
  async hasFactor(userId: number): Promise<boolean> {
    const [row] = await this.db.select({ has: hasFactor }).from(users).where(eq(users.id, userId));
    return row?.has === true;
  }

  async companyRequiresFactor(userId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ requires: companies.require_second_factor })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.company_id))
      .where(eq(users.id, userId));
    return row?.requires === true;
  }

  async findTotp(userId: number): Promise<TotpRow | null> {
    const [row] = await this.db.select().from(totpFactors).where(eq(totpFactors.user_id, userId));
    return row ?? null;
  }

  /** Starts an enrolment: the sealed secret, unconfirmed, in place of an earlier unconfirmed one. */
  async putPendingTotp(userId: number, sealedSecret: string): Promise<void> {
    await this.db
      .insert(totpFactors)
      .values({ user_id: userId, secret: sealedSecret })
      .onConflictDoUpdate({
        target: totpFactors.user_id,
        set: { secret: sealedSecret, created_at: new Date(), last_step: null },
        where: isNull(totpFactors.confirmed_at),
      });
  }

  /**
   * Takes a code's time step: true when it is later than the last one taken (and, with `confirm`, marks the
   * generator confirmed). One statement decides, so the same code sent twice at once is taken once.
   */
  async takeTotpStep(userId: number, step: number, confirm: boolean): Promise<boolean> {
    const rows = await this.db
      .update(totpFactors)
      .set({ last_step: step, ...(confirm ? { confirmed_at: new Date() } : {}) })
      .where(
        and(
          eq(totpFactors.user_id, userId),
          confirm ? isNull(totpFactors.confirmed_at) : isNotNull(totpFactors.confirmed_at),
          or(isNull(totpFactors.last_step), lt(totpFactors.last_step, step)),
        ),
      )
      .returning({ user_id: totpFactors.user_id });
    return rows.length > 0;
  }

  async deleteTotp(userId: number): Promise<boolean> {
    const rows = await this.db
      .delete(totpFactors)
      .where(and(eq(totpFactors.user_id, userId), isNotNull(totpFactors.confirmed_at)))
      .returning({ user_id: totpFactors.user_id });
    return rows.length > 0;
  }

  async replaceRecoveryCodes(userId: number, hashes: string[]): Promise<void> {
    await this.db.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
    if (hashes.length > 0) {
      await this.db.insert(recoveryCodes).values(hashes.map((code_hash) => ({ user_id: userId, code_hash })));
    }
  }

  async countRecoveryCodes(userId: number): Promise<number> {
    const rows = await this.db
      .select({ id: recoveryCodes.id })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.user_id, userId), isNull(recoveryCodes.used_at)));
    return rows.length;
  }

  /** Uses a recovery code: true when it was the user's and unused (one statement: used once, even at once). */
  async useRecoveryCode(userId: number, hash: string): Promise<boolean> {
    const rows = await this.db
      .update(recoveryCodes)
      .set({ used_at: new Date() })
      .where(
        and(
          eq(recoveryCodes.user_id, userId),
          eq(recoveryCodes.code_hash, hash),
          isNull(recoveryCodes.used_at),
        ),
      )
      .returning({ id: recoveryCodes.id });
    return rows.length > 0;
  }

  listPasskeys(userId: number): Promise<PasskeyRow[]> {
    return this.db.select().from(passkeys).where(eq(passkeys.user_id, userId)).orderBy(passkeys.id);
  }

  async findPasskeyByCredential(credentialId: string): Promise<PasskeyRow | null> {
    const [row] = await this.db.select().from(passkeys).where(eq(passkeys.credential_id, credentialId));
    return row ?? null;
  }

  async insertPasskey(values: typeof passkeys.$inferInsert): Promise<PasskeyRow> {
    const [row] = await this.db.insert(passkeys).values(values).returning();
    if (!row) throw new Error("insert returned no row");
    return row;
  }

  /**
   * Records a use of a passkey with its new signature counter, only if the stored one is still the one checked: of
   * two uses of one assertion at once, one passes.
   */
  async usePasskey(id: number, checkedCounter: number, counter: number): Promise<boolean> {
    const rows = await this.db
      .update(passkeys)
      .set({ counter, last_used_at: new Date() })
      .where(and(eq(passkeys.id, id), eq(passkeys.counter, checkedCounter)))
      .returning({ id: passkeys.id });
    return rows.length > 0;
  }

  async deletePasskey(userId: number, id: number): Promise<PasskeyRow | null> {
    const [row] = await this.db
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.user_id, userId)))
      .returning();
    return row ?? null;
  }

  /** Removes every factor of a user (a manager's reset): one-time codes, recovery codes, passkeys. */
  async deleteAllFactors(userId: number): Promise<void> {
    await this.db.delete(totpFactors).where(eq(totpFactors.user_id, userId));
    await this.db.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
    await this.db.delete(passkeys).where(eq(passkeys.user_id, userId));
  }

  async insertChallenge(values: typeof authChallenges.$inferInsert): Promise<void> {
    const now = new Date();
    await this.db.delete(authChallenges).where(lt(authChallenges.expires_at, now));
    await this.db.insert(authChallenges).values(values);
  }

  /** Takes (deletes) a live challenge of this kind: it is used once, by one request. */
  async takeChallenge(kind: ChallengeKind, valueHash: string): Promise<ChallengeRow | null> {
    const [row] = await this.db
      .delete(authChallenges)
      .where(and(eq(authChallenges.kind, kind), eq(authChallenges.value_hash, valueHash)))
      .returning();
    return row && row.expires_at.getTime() > Date.now() ? row : null;
  }

  /** A live challenge of this kind, left in place (a second step's ticket while its code is checked). */
  async findChallenge(kind: ChallengeKind, valueHash: string): Promise<ChallengeRow | null> {
    const [row] = await this.db
      .select()
      .from(authChallenges)
      .where(and(eq(authChallenges.kind, kind), eq(authChallenges.value_hash, valueHash)));
    return row && row.expires_at.getTime() > Date.now() ? row : null;
  }

  /** Counts a wrong code given with a ticket; answers the failures so far. */
  async failChallenge(id: number): Promise<number> {
    const [row] = await this.db
      .update(authChallenges)
      .set({ failures: sql`${authChallenges.failures} + 1` })
      .where(eq(authChallenges.id, id))
      .returning({ failures: authChallenges.failures });
    return row?.failures ?? Number.POSITIVE_INFINITY;
  }

  async deleteChallenge(id: number): Promise<void> {
    await this.db.delete(authChallenges).where(eq(authChallenges.id, id));
  }

  /** The user's live sessions, the latest used first. */
  listSessions(userId: number): Promise<SessionRow[]> {
    return this.db
      .select()
      .from(userSessions)
      .where(and(eq(userSessions.user_id, userId), isNull(userSessions.ended_at)))
      .orderBy(desc(userSessions.last_used_at), desc(userSessions.id));
  }

  /** The user's live sessions but `keep` (none kept when null). */
  async liveSessionIds(userId: number, keep: number | null): Promise<number[]> {
    const rows = await this.listSessions(userId);
    return rows.map((row) => row.id).filter((id) => id !== keep);
  }
}
