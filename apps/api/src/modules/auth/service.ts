import { type Language, repeatMatches } from "@portal/domain";
import { type FieldErrors, TooManyRequests, throwIfInvalid, Unauthorized } from "../../core/errors.ts";
import { checkPassword } from "../users/password-rules.ts";
import { hashPassword, UNKNOWN_USER_HASH, verifyPassword } from "../users/passwords.ts";
import type { UsersService } from "../users/service.ts";
import { normalizeUsername } from "../users/usernames.ts";
import type { AuthRepo } from "./repo.ts";
import type { SignUpBody } from "./schemas.ts";
import type { SessionService } from "./sessions.ts";
import type { SignInThrottle } from "./throttle.ts";
import { hashRefreshToken } from "./tokens.ts";

export interface SignupLimits {
  /** Sign-ups from one address in their window. */
  maxSignupsPerAddress: number;
  signupWindowSeconds: number;
}

/** Calls of one kind allowed from one address in a window (`AuthService.countPerAddress`). */
export interface AddressLimit {
  max: number;
  windowSeconds: number;
}

export class AuthService {
  constructor(
    private readonly auth: AuthRepo,
    private readonly users: UsersService,
    private readonly sessions: SessionService,
    private readonly throttle: SignInThrottle,
    private readonly limits: SignupLimits,
  ) {}

  /**
   * Exchanges credentials for tokens, each attempt counted by the sign-in throttling (throttle.ts): past a limit,
   * 429 with Retry-After, before the password is checked.
   */
  async signIn(username: string, password: string, address: string, language?: Language) {
    const attempt = await this.throttle.attempt(username, address);
    const user = await this.users.findAccount(username);
    const isValid = await verifyPassword(user?.password_hash ?? UNKNOWN_USER_HASH, password);
    if (!user || !isValid || !user.is_active) {
      await attempt.failed(isValid ? null : (user?.id ?? null));
      throw new Unauthorized({ key: "invalid_credentials" });
    }
    await attempt.succeeded();
    await this.users.touchLastLogin(user.id, language);
    return this.sessions.start(user.id, user.token_version, address);
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
   * Counts a call of a kind (`name`) from an address, in the database so that every instance counts alike: past
   * `max` in the window, 429 with Retry-After and the message `message` (minutes to wait). Sign-ups use it, and
   * any public call that must not be hammered (the public tracking page).
   */
  async countPerAddress(
    name: string,
    address: string,
    limit: AddressLimit,
    message: TooManyRequests["messageKey"],
  ): Promise<void> {
    const now = new Date();
    const windowStart = new Date(now.getTime() - limit.windowSeconds * 1000);
    const key = `${name}:${address}`;
    await this.auth.purgeClosedWindows(`${name}:`, windowStart);
    const attempts = (await this.auth.hit([key], now, windowStart)).get(key);
    if (attempts && attempts.count > limit.max) {
      const reopensAt = attempts.windowStartedAt.getTime() + limit.windowSeconds * 1000;
      throw new TooManyRequests(Math.max(1, Math.ceil((reopensAt - now.getTime()) / 1000)), message);
    }
  }

  /**
   * Creates a user in state `new` with no company (role Customer); they sign in next. Sign-ups are counted per
   * address, whatever their outcome, so that neither accounts nor the taken usernames can be farmed.
   */
  async signup(body: SignUpBody, address: string) {
    await this.countPerAddress(
      "signup",
      address,
      { max: this.limits.maxSignupsPerAddress, windowSeconds: this.limits.signupWindowSeconds },
      "too_many_signups",
    );

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
