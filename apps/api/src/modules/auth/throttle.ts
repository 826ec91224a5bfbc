import { createHash } from "node:crypto";
import { TooManyRequests } from "../../core/errors.ts";
import { signInFailuresEvent } from "../notifications/events.ts";
import type { NotificationsService } from "../notifications/service.ts";
import { usernameKey } from "../users/usernames.ts";
import type { AuthRepo, ThrottleCount } from "./repo.ts";

export interface SignInLimits {
  /** Failures of one account from one address: the limit a password guesser meets. */
  maxFailuresPerAccountAddress: number;
  /** Failures from one address over any accounts. */
  maxFailuresPerAddress: number;
  /** Failures of one account from every address: past it, only addresses with no failures still try. */
  maxFailuresPerAccount: number;
  windowSeconds: number;
  /**
   * Failures of one account, from any addresses, after which it cools down between attempts: each attempt from an
   * address the account has no session from waits for the previous one's cool-down, which doubles from 2 seconds.
   */
  accountSlowdownAfter: number;
  /** The longest cool-down: the longest its owner waits at an address new to the account. */
  accountCooldownMaxSeconds: number;
}

/** One counted attempt at an account's password, told how it went. */
export interface PasswordAttempt {
  /** The password was right: the attempt was no failure. */
  succeeded(): Promise<void>;
  /** The password was wrong; `userId`: the account's user, told once of a burst of failures. */
  failed(userId: number | null): Promise<void>;
}

/** How long after a notice of failed sign-ins the same account's next one may come: one a day while they go on. */
const NOTICE_INTERVAL_SECONDS = 24 * 60 * 60;

/**
 * Sign-in throttling, kept in the database so that every instance counts alike. Each attempt at a password (a
 * sign-in, the current password of a password change) is counted before the password is checked, so that parallel
 * guesses cannot slip past a limit while others are being verified, and taken back when it succeeds. Limits: per
 * account and address, per address, and per account; the last one only stops addresses that have already failed
 * on the account, so that a stranger cannot lock its owner out. Past `accountSlowdownAfter` failures of an account
 * from any number of addresses, it cools down between attempts (growing up to `accountCooldownMaxSeconds`), except
 * for addresses it has a session from: a guesser spread over many addresses gets one guess per cool-down, and the
 * owner waits at most one cool-down, none at an address they work from. The account's user is told of such a
 * burst, once (at most once a day while it goes on). Past a limit: 429 with Retry-After.
 */
export class SignInThrottle {
  constructor(
    private readonly auth: AuthRepo,
    private readonly notifications: NotificationsService,
    private readonly limits: SignInLimits,
  ) {}

  /** Counts an attempt at the account named `username` from `address`; 429 when a limit refuses it. */
  async attempt(username: string, address: string): Promise<PasswordAttempt> {
    const now = new Date();
    const windowStart = new Date(now.getTime() - this.limits.windowSeconds * 1000);
    const account = digest(usernameKey(username));
    const keys = {
      pair: `login:pair:${account}:${address}`,
      address: `login:address:${address}`,
      account: `login:account:${account}`,
    };
    await this.auth.purgeClosedWindows("login:", windowStart);
    const counts = await this.auth.hit(Object.values(keys), now, windowStart);
    const count = (key: string) => counts.get(key) ?? { count: 0, windowStartedAt: now };
    const over = [
      count(keys.pair).count > this.limits.maxFailuresPerAccountAddress ? count(keys.pair) : null,
      count(keys.address).count > this.limits.maxFailuresPerAddress ? count(keys.address) : null,
      count(keys.account).count > this.limits.maxFailuresPerAccount && count(keys.pair).count > 1
        ? count(keys.account)
        : null,
    ].filter((entry) => entry !== null);
    if (over.length > 0) throw this.tooMany(over, now);

    const failures = count(keys.account).count;
    if (failures > this.limits.accountSlowdownAfter) {
      await this.coolDown(keys.account, usernameKey(username), address, failures, now);
    }
    return {
      succeeded: async () => {
        await this.auth.clear(keys.pair);
        await this.auth.unhit([keys.address, keys.account]);
      },
      failed: async (userId) => {
        if (userId !== null && failures >= this.limits.accountSlowdownAfter) {
          await this.tellOwner(account, userId, failures, now);
        }
      },
    };
  }

  /**
   * An account past its burst: the attempt takes the account's turn when its cool-down is over, starting the next
   * (2 s, doubling with each attempt since, up to the longest), or is refused until it is. An address the account
   * has a session from never waits.
   */
  private async coolDown(key: string, account: string, address: string, failures: number, now: Date) {
    if (await this.auth.hasSessionFrom(account, address)) return;
    const exponent = Math.min(failures - this.limits.accountSlowdownAfter, 30);
    const seconds = Math.min(this.limits.accountCooldownMaxSeconds, 2 ** exponent);
    const busyUntil = await this.auth.takeTurn(key, now, new Date(now.getTime() + seconds * 1000));
    if (busyUntil) {
      const wait = Math.max(1, Math.ceil((busyUntil.getTime() - now.getTime()) / 1000));
      throw new TooManyRequests(wait, "sign_in_cooling_down");
    }
  }

  /**
   * Tells the account's user of the burst (a notification: the bell and, by their settings, a mail), at its first
   * failure past the limit and then at most once a day while failures go on; the claim and the event commit
   * together.
   */
  private async tellOwner(account: string, userId: number, failures: number, now: Date) {
    const key = `notice:${account}`;
    const since = new Date(now.getTime() - NOTICE_INTERVAL_SECONDS * 1000);
    await this.auth.transaction(async (repo, db) => {
      await repo.purgeClosedWindows("notice:", since);
      if ((await repo.hit([key], now, since)).get(key)?.count !== 1) return;
      await this.notifications.emit(
        db,
        signInFailuresEvent(userId, { failures, minutes: Math.round(this.limits.windowSeconds / 60) }),
      );
    });
  }

  /** 429 until the latest of the exceeded windows closes. */
  private tooMany(over: ThrottleCount[], now: Date) {
    const reopensAt =
      Math.max(...over.map((entry) => entry.windowStartedAt.getTime())) + this.limits.windowSeconds * 1000;
    return new TooManyRequests(Math.max(1, Math.ceil((reopensAt - now.getTime()) / 1000)));
  }
}

/** Throttle keys hold no usernames, and stay short whatever was typed. */
export function digest(text: string): string {
  return createHash("sha256").update(text).digest("base64url");
}
