import { createHash } from "node:crypto";
import { type Language, repeatMatches } from "@portal/domain";
import { type FieldErrors, TooManyRequests, throwIfInvalid, Unauthorized } from "../../core/errors.ts";
import { checkPassword } from "../users/password-rules.ts";
import { hashPassword, UNKNOWN_USER_HASH, verifyPassword } from "../users/passwords.ts";
import type { UsersService } from "../users/service.ts";
import { normalizeUsername, usernameKey } from "../users/usernames.ts";
import type { AuthRepo, ThrottleCount } from "./repo.ts";
import type { SignUpBody } from "./schemas.ts";
import type { SessionService } from "./sessions.ts";
import { hashRefreshToken } from "./tokens.ts";

export interface ThrottleLimits {
  /** Failures of one account from one address: the limit a password guesser meets. */
  maxFailuresPerAccountAddress: number;
  /** Failures from one address over any accounts. */
  maxFailuresPerAddress: number;
  /** Failures of one account from every address: past it, only addresses with no failures still try. */
  maxFailuresPerAccount: number;
  windowSeconds: number;
  /** Sign-ups from one address in their window. */
  maxSignupsPerAddress: number;
  signupWindowSeconds: number;
}

export class AuthService {
  constructor(
    private readonly auth: AuthRepo,
    private readonly users: UsersService,
    private readonly sessions: SessionService,
    private readonly limits: ThrottleLimits,
  ) {}

  /**
   * Exchanges credentials for tokens. Each attempt is counted before the password is checked (parallel guesses
   * cannot slip past a limit while others are being verified) and taken back when it succeeds. Limits:
   * per account and address, per address, and per account; the last one only stops addresses that have already
   * failed on the account, so a stranger cannot lock its owner out. Past a limit: 429 with Retry-After.
   */
  async signIn(username: string, password: string, address: string, language?: Language) {
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
    if (over.length > 0) throw this.tooMany(over, now, this.limits.windowSeconds, "too_many_attempts");

    const user = await this.users.findAccount(username);
    const isValid = await verifyPassword(user?.password_hash ?? UNKNOWN_USER_HASH, password);
    if (!user || !isValid || !user.is_active) throw new Unauthorized({ key: "invalid_credentials" });
    await this.auth.clear(keys.pair);
    await this.auth.unhit([keys.address, keys.account]);
    await this.users.touchLastLogin(user.id, language);
    return this.sessions.start(user.id, user.token_version);
  }

  /** 429 until the latest of the exceeded windows closes. */
  private tooMany(
    over: ThrottleCount[],
    now: Date,
    windowSeconds: number,
    key: "too_many_attempts" | "too_many_signups",
  ) {
    const reopensAt =
      Math.max(...over.map((entry) => entry.windowStartedAt.getTime())) + windowSeconds * 1000;
    return new TooManyRequests(Math.max(1, Math.ceil((reopensAt - now.getTime()) / 1000)), key);
  }

  /**
   * Rotates a refresh token into the session's next pair. The same token presented again at once gets the same new
   * refresh token; presented later, it was stolen, and its session ends (sessions.ts).
   */
  async refresh(token: string) {
    const row = await this.auth.findRefreshToken(hashRefreshToken(token));
    if (!row || row.session_ended || row.expires_at.getTime() <= Date.now()) {
      throw new Unauthorized({ key: "token_invalid" });
    }
    const user = await this.users.findAccountById(row.user_id);
    if (!user?.is_active) throw new Unauthorized({ key: "token_invalid" });
    const pair = await this.sessions.rotate(row, token, user.token_version);
    if (!pair) throw new Unauthorized({ key: "token_invalid" });
    return pair;
  }

  /** Ends the refresh token's session: its refresh and access tokens are refused from now on. */
  logout(token: string): Promise<void> {
    return this.sessions.end(token);
  }

  /**
   * Creates a user in state `new` with no company (role Customer); they sign in next. Sign-ups are counted per
   * address, whatever their outcome, so that neither accounts nor the taken usernames can be farmed.
   */
  async signup(body: SignUpBody, address: string) {
    const now = new Date();
    const windowStart = new Date(now.getTime() - this.limits.signupWindowSeconds * 1000);
    const key = `signup:${address}`;
    await this.auth.purgeClosedWindows("signup:", windowStart);
    const attempts = (await this.auth.hit([key], now, windowStart)).get(key);
    if (attempts && attempts.count > this.limits.maxSignupsPerAddress) {
      throw this.tooMany([attempts], now, this.limits.signupWindowSeconds, "too_many_signups");
    }

    const username = normalizeUsername(body.username);
    const errors: FieldErrors = {
      username: await this.users.usernameProblems(username),
      password: checkPassword(body.password, { username }),
      repeatPassword: repeatMatches(body) ? [] : [{ key: "signup_password_mismatch" }],
    };
    throwIfInvalid(errors);
    return this.users.createAccount(
      { username, password_hash: await hashPassword(body.password), state: "new" },
      ["Customer"],
    );
  }
}

/** Throttle keys hold no usernames, and stay short whatever was typed. */
function digest(text: string): string {
  return createHash("sha256").update(text).digest("base64url");
}
