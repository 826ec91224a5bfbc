import { type Language, type PasskeyAssertion, repeatMatches, type SignInAnswer } from "@portal/domain";
import {
  type FieldErrors,
  TooManyRequests,
  throwIfInvalid,
  Unauthorized,
  ValidationFailed,
} from "../../core/errors.ts";
import { securityEvent } from "../notifications/events.ts";
import type { NotificationsService } from "../notifications/service.ts";
import { checkPassword } from "../users/password-rules.ts";
import { hashPassword, UNKNOWN_USER_HASH, verifyPassword } from "../users/passwords.ts";
import type { UserRow } from "../users/repo.ts";
import type { SessionClient, UsersService } from "../users/service.ts";
import { normalizeUsername, usernameKey } from "../users/usernames.ts";
import { describeBrowser } from "./browser.ts";
import type { Challenges } from "./challenges.ts";
import type { FactorsService } from "./factors.ts";
import type { PasskeysService } from "./passkeys.ts";
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
    private readonly factors: FactorsService,
    private readonly passkeys: PasskeysService,
    private readonly challenges: Challenges,
    private readonly notifications: NotificationsService,
  ) {}

  /**
   * Exchanges credentials for tokens, each attempt counted by the sign-in throttling (throttle.ts): past a limit,
   * 429 with Retry-After, before the password is checked.
   */
  async signIn(
    username: string,
    password: string,
    client: SessionClient,
    language?: Language,
  ): Promise<SignInAnswer> {
    const attempt = await this.throttle.attempt(username, client.address);
    const user = await this.users.findAccount(username);
    const isValid = await verifyPassword(user?.password_hash ?? UNKNOWN_USER_HASH, password);
    if (!user || !isValid || !user.is_active) {
      await attempt.failed(isValid ? null : (user?.id ?? null));
      throw new Unauthorized({ key: "invalid_credentials" });
    }
    await attempt.succeeded();
    // A user with a second factor gets a ticket for the second step instead of tokens
    if (await this.factors.hasFactor(user.id)) {
      const ticket = await this.challenges.issue("second_step", user.id);
      return { second_step: { ticket, methods: await this.factors.methodsOf(user.id) } };
    }
    return this.startSession(user, client, language);
  }

  /**
   * The second step of a sign-in: the ticket of a right password and a one-time or recovery code. Each code is an
   * attempt counted by the sign-in throttling; a ticket is spent by its sign-in, or by a few wrong codes.
   */
  async secondStep(ticket: string, code: string, client: SessionClient, language?: Language) {
    const row = await this.challenges.find("second_step", ticket);
    const user = row?.user_id ? await this.users.findAccountById(row.user_id) : null;
    if (!row || !user?.is_active) throw new Unauthorized({ key: "second_step_expired" });
    if (!(await this.factors.checkCode(user, code, client.address))) {
      await this.challenges.fail(row);
      throw new ValidationFailed({ code: [{ key: "second_factor_code_wrong" }] });
    }
    if (!(await this.challenges.take("second_step", ticket))) {
      throw new Unauthorized({ key: "second_step_expired" });
    }
    return this.startSession(user, client, language);
  }

  /**
   * A sign-in with a passkey: alone (a discoverable credential names its user), or as the second step of the
   * password's ticket, whose user it must be.
   */
  async passkeySignIn(
    credential: PasskeyAssertion,
    ticket: string | undefined,
    client: SessionClient,
    language?: Language,
  ) {
    const ticketRow = ticket ? await this.challenges.find("second_step", ticket) : null;
    if (ticket && !ticketRow) throw new Unauthorized({ key: "second_step_expired" });
    const userId = await this.passkeys.verifySignIn(credential, ticketRow?.user_id ?? null);
    const user = await this.users.findAccountById(userId);
    if (!user?.is_active) throw new Unauthorized({ key: "passkey_refused" });
    if (ticket && !(await this.challenges.take("second_step", ticket))) {
      throw new Unauthorized({ key: "second_step_expired" });
    }
    return this.startSession(user, client, language);
  }

  /**
   * The options of a passkey sign-in: for a second step, the ticket's user's passkeys; alone, any discoverable one.
   */
  async passkeySignInOptions(ticket: string | undefined) {
    const ticketRow = ticket ? await this.challenges.find("second_step", ticket) : null;
    if (ticket && !ticketRow) throw new Unauthorized({ key: "second_step_expired" });
    return { options: await this.passkeys.signInOptions(ticketRow?.user_id ?? null) };
  }

  /**
   * Opens the session of a signed-in user. A sign-in from an address the account has not signed in from before (of
   * an account that has) is told to the user, in the session's transaction: no notice of a session that was not
   * opened, nor a session without its notice.
   */
  private async startSession(user: UserRow, client: SessionClient, language?: Language) {
    const account = usernameKey(user.username);
    await this.users.touchLastLogin(user.id, language);
    return this.auth.transaction(async (auth, tx) => {
      const isNewPlace =
        (await auth.hasSessions(user.id)) && !(await auth.hasSessionFrom(account, client.address));
      const pair = await this.sessions.start(user.id, user.token_version, client, auth);
      if (isNewPlace) {
        const event = securityEvent("security_new_sign_in", user.id, {
          address: client.address,
          browser: describeBrowser(client.userAgent),
        });
        await this.notifications.emit(tx, event);
      }
      return pair;
    });
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
