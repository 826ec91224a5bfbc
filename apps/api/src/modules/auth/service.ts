import {
  type FieldErrors,
  TooManyRequests,
  throwIfInvalid,
  Unauthorized,
  ValidationFailed,
} from "../../http/errors.ts";
import { checkPassword } from "../users/password-rules.ts";
import { presentUser } from "../users/presenter.ts";
import type { UsersRepo } from "../users/repo.ts";
import { hashPassword, UNKNOWN_USER_HASH, verifyPassword } from "./passwords.ts";
import type { AuthRepo } from "./repo.ts";
import type { SignupBody } from "./schemas.ts";
import { hashRefreshToken, type TokenService } from "./tokens.ts";

export interface ThrottleLimits {
  maxFailuresPerAccount: number;
  maxFailuresPerAddress: number;
  windowSeconds: number;
}

/** Issues an access and refresh token pair for a user; shared with the profile's password change. */
export interface TokenIssuer {
  issuePair(userId: number, tokenVersion: number): Promise<{ access: string; refresh: string }>;
}

/** Django's username alphabet: letters, digits and @ . + - _ */
const USERNAME = /^[\p{L}\p{N}@.+\-_]+$/u;

export class AuthService implements TokenIssuer {
  constructor(
    private readonly auth: AuthRepo,
    private readonly users: UsersRepo,
    private readonly tokens: TokenService,
    private readonly limits: ThrottleLimits,
  ) {}

  /**
   * Exchanges credentials for tokens. Failures are counted per account and per address; past either limit
   * the caller waits for the window to close (429 with Retry-After), whatever the password.
   */
  async signIn(username: string, password: string, address: string) {
    const keys = [`account:${username.toLowerCase()}`, `address:${address}`];
    const now = new Date();
    const windowStart = new Date(now.getTime() - this.limits.windowSeconds * 1000);
    const [account, byAddress] = await Promise.all(keys.map((key) => this.auth.failures(key, windowStart)));
    const blocked = [
      account && account.failures >= this.limits.maxFailuresPerAccount ? account : null,
      byAddress && byAddress.failures >= this.limits.maxFailuresPerAddress ? byAddress : null,
    ].filter((entry) => entry !== null);
    if (blocked.length > 0) {
      const reopensAt =
        Math.max(...blocked.map((entry) => entry.window_started_at.getTime())) +
        this.limits.windowSeconds * 1000;
      throw new TooManyRequests(Math.max(1, Math.ceil((reopensAt - now.getTime()) / 1000)));
    }

    const user = await this.users.findByUsername(username);
    const isValid = await verifyPassword(user?.password_hash ?? UNKNOWN_USER_HASH, password);
    if (!user || !isValid || !user.is_active) {
      await this.auth.purgeClosedWindows(windowStart);
      for (const key of keys) await this.auth.recordFailure(key, now, windowStart);
      throw new Unauthorized({ key: "invalid_credentials" });
    }
    await this.auth.clearFailures(keys[0] as string);
    await this.users.touchLastLogin(user.id);
    return this.issuePair(user.id, user.token_version);
  }

  async issuePair(userId: number, tokenVersion: number) {
    await this.auth.purgeExpiredRefreshTokens(userId, new Date());
    const refresh = this.tokens.newRefreshToken();
    await this.auth.insertRefreshToken(userId, refresh.hash, refresh.expiresAt);
    return { access: await this.tokens.issueAccess({ userId, tokenVersion }), refresh: refresh.token };
  }

  /**
   * Rotates a refresh token: the old one is revoked and a new pair issued. A token presented again after it
   * was revoked means it leaked, so every session of that user is revoked.
   */
  async refresh(token: string) {
    const row = await this.auth.findRefreshToken(hashRefreshToken(token));
    if (!row) throw new Unauthorized({ key: "token_invalid" });
    if (row.revoked_at) {
      await this.auth.revokeAllRefreshTokens(row.user_id);
      throw new Unauthorized({ key: "token_invalid" });
    }
    if (row.expires_at.getTime() <= Date.now()) throw new Unauthorized({ key: "token_invalid" });
    const view = await this.users.findView(row.user_id);
    if (!view?.user.is_active) throw new Unauthorized({ key: "token_invalid" });
    if (!(await this.auth.revokeRefreshToken(row.id))) throw new Unauthorized({ key: "token_invalid" });
    return this.issuePair(view.user.id, view.user.token_version);
  }

  async logout(token: string): Promise<void> {
    const row = await this.auth.findRefreshToken(hashRefreshToken(token));
    if (row) await this.auth.revokeRefreshToken(row.id);
  }

  /** Creates a user in state `new` with no company (role Customer); they sign in next. */
  async signup(body: SignupBody) {
    const errors: FieldErrors = { username: [], password: [], repeatPassword: [] };
    if (!USERNAME.test(body.username)) errors.username?.push({ key: "username_invalid" });
    else if (await this.users.findByUsername(body.username)) errors.username?.push({ key: "username_taken" });
    if (body.password !== body.repeatPassword)
      errors.repeatPassword?.push({ key: "signup_password_mismatch" });
    errors.password = checkPassword(body.password, { username: body.username });
    throwIfInvalid(errors);
    try {
      const id = await this.users.insert(
        { username: body.username, password_hash: await hashPassword(body.password), state: "new" },
        ["Customer"],
      );
      const view = await this.users.findView(id);
      if (!view) throw new Error("created user not found");
      return presentUser(view);
    } catch (error) {
      // Two sign-ups with the same name at once: the unique index decides, the loser gets the same 400.
      if (isUniqueViolation(error)) throw new ValidationFailed({ username: [{ key: "username_taken" }] });
      throw error;
    }
  }
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause;
  return (error as { code?: string })?.code === "23505" || cause?.code === "23505";
}
