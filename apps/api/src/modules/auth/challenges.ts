import { randomBytes } from "node:crypto";
import type { ChallengeKind, ChallengeRow, FactorsRepo } from "./factors-repo.ts";
import { hashRefreshToken } from "./tokens.ts";

/** How long a second step's ticket and a passkey's challenge live. */
const LIFETIME_SECONDS = 5 * 60;
/** Wrong codes a second step's ticket takes before it is spent (the throttle counts each one besides). */
const MAX_TICKET_FAILURES = 5;

/**
 * Single-use, short-lived values kept in the database (hashed), so that any instance behind a load balancer takes
 * the step another began: the tickets of sign-ins' second steps and the challenges of passkey ceremonies.
 */
export class Challenges {
  constructor(private readonly repo: FactorsRepo) {}

  /** A new value of this kind for this user (null: a passkey sign-in that names nobody yet). */
  async issue(kind: ChallengeKind, userId: number | null, value = randomBytes(32).toString("base64url")) {
    await this.repo.insertChallenge({
      kind,
      user_id: userId,
      value_hash: hashRefreshToken(value),
      expires_at: new Date(Date.now() + LIFETIME_SECONDS * 1000),
    });
    return value;
  }

  /** The live row of a value, left in place. */
  find(kind: ChallengeKind, value: string): Promise<ChallengeRow | null> {
    return this.repo.findChallenge(kind, hashRefreshToken(value));
  }

  /** Takes a live value: only one request ever gets it. */
  take(kind: ChallengeKind, value: string): Promise<ChallengeRow | null> {
    return this.repo.takeChallenge(kind, hashRefreshToken(value));
  }

  /** Counts a wrong code against a ticket; past a few, the ticket is spent. */
  async fail(row: ChallengeRow): Promise<void> {
    if ((await this.repo.failChallenge(row.id)) >= MAX_TICKET_FAILURES)
      await this.repo.deleteChallenge(row.id);
  }
}
