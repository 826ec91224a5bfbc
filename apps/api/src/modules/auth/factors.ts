import { mustEnrolSecondFactor, type SecurityAnswer, type StaffSecondFactor } from "@portal/domain";
import { ValidationFailed } from "../../core/errors.ts";
import type { Principal } from "../../core/principal.ts";
import type { Db } from "../../db/client.ts";
import { type SecurityEventKind, securityEvent } from "../notifications/events.ts";
import type { NotificationsService } from "../notifications/service.ts";
import type { FactorsRepo } from "./factors-repo.ts";
import { AuthRepo } from "./repo.ts";
import type { SecretBox } from "./secret-box.ts";
import type { SignInThrottle } from "./throttle.ts";
import { hashRecoveryCode, isRecoveryCodeShape, newRecoveryCodes, newTotpSecret, totpStep } from "./totp.ts";

/** A factor as the events name it: one-time codes, or a passkey by its name. */
export type FactorChange = { factor: "totp" } | { factor: "passkey"; name: string };

/** The check of the own password (`UsersService`), counted and throttled as a sign-in's attempt is. */
export interface PasswordConfirmation {
  confirmPassword(user: Principal, password: string | undefined, address: string): Promise<void>;
}

/**
 * The own second factors: one-time codes (TOTP) and the recovery codes that come with the first factor; passkeys
 * are `PasskeysService`'s, and share `changed` (other sessions end, the user is told). Every code checked is an
 * attempt counted by the sign-in throttling.
 */
export class FactorsService {
  constructor(
    private readonly repo: FactorsRepo,
    private readonly box: SecretBox,
    private readonly throttle: SignInThrottle,
    private readonly notifications: NotificationsService,
    private readonly staffPolicy: StaffSecondFactor,
    private readonly passwords: PasswordConfirmation,
  ) {}

  /** Asks the own password again before a factor is removed or the recovery codes replaced (outside the write). */
  confirmPassword(user: Principal, password: string, address: string): Promise<void> {
    return this.passwords.confirmPassword(user, password, address);
  }

  /** GET profile/api/security/: the own factors, never a secret. */
  async overview(user: Principal): Promise<SecurityAnswer> {
    const totp = await this.repo.findTotp(user.id);
    const passkeys = await this.repo.listPasskeys(user.id);
    const hasFactor = (totp?.confirmed_at ?? null) !== null || passkeys.length > 0;
    const companyRequires = await this.repo.companyRequiresFactor(user.id);
    return {
      totp: totp?.confirmed_at ? { created_at: totp.confirmed_at.toISOString() } : null,
      recovery_codes_left: await this.repo.countRecoveryCodes(user.id),
      passkeys: passkeys.map((row) => ({
        id: row.id,
        name: row.name,
        created_at: row.created_at.toISOString(),
        last_used_at: row.last_used_at?.toISOString() ?? null,
      })),
      second_factor_required: mustEnrolSecondFactor(
        user,
        { hasFactor: false, companyRequires },
        this.staffPolicy,
      ),
      must_enrol: mustEnrolSecondFactor(user, { hasFactor, companyRequires }, this.staffPolicy),
    };
  }

  /**
   * Begins an enrolment of one-time codes: a new secret (in place of an unconfirmed one), shown this once, as text
   * and as a QR code. A user with confirmed codes removes them first.
   */
  async startTotp(user: Principal) {
    const current = await this.repo.findTotp(user.id);
    if (current?.confirmed_at) throw new ValidationFailed({ code: [{ key: "totp_already_enrolled" }] });
    const enrolment = newTotpSecret(user.username);
    await this.repo.putPendingTotp(user.id, this.box.seal(enrolment.secret));
    return enrolment;
  }

  /**
   * Confirms the enrolment with a first code: the generator signs in from now on. The first factor of a user comes
   * with ten recovery codes, answered this once; the user's other sessions end.
   */
  async confirmTotp(user: Principal, code: string, address: string) {
    const attempt = await this.codeAttempt(user.username, address);
    const pending = await this.repo.findTotp(user.id);
    const secret = pending && !pending.confirmed_at ? this.box.open(pending.secret) : null;
    const step = secret === null ? null : totpStep(secret, code);
    const codes = await this.repo.transaction(async (repo, db) => {
      await repo.lockUser(user.id);
      if (step === null || !(await repo.takeTotpStep(user.id, step, true))) return null;
      return this.changed(repo, db, user, "security_factor_added", { factor: "totp" });
    });
    if (codes === null) {
      await attempt.failed(user.id);
      throw new ValidationFailed({ code: [{ key: secret ? "totp_code_wrong" : "totp_not_started" }] });
    }
    await attempt.succeeded();
    return { recovery_codes: codes };
  }

  /**
   * Removes the own one-time codes (the recovery codes go with the last factor), the password given again; the
   * other sessions end.
   */
  async removeTotp(user: Principal, password: string, address: string): Promise<void> {
    await this.confirmPassword(user, password, address);
    await this.repo.transaction(async (repo, db) => {
      await repo.lockUser(user.id);
      if (!(await repo.deleteTotp(user.id)))
        throw new ValidationFailed({ code: [{ key: "totp_not_enrolled" }] });
      await this.changed(repo, db, user, "security_factor_removed", { factor: "totp" });
    });
  }

  /**
   * Ten new recovery codes in place of the old ones, answered this once; only for a user with a factor, who gives
   * the password again.
   */
  async regenerateRecoveryCodes(user: Principal, password: string, address: string) {
    await this.confirmPassword(user, password, address);
    return this.repo.transaction(async (repo) => {
      await repo.lockUser(user.id);
      if (!(await repo.hasFactor(user.id))) {
        throw new ValidationFailed({ recovery_codes: [{ key: "second_factor_none" }] });
      }
      const codes = newRecoveryCodes();
      await repo.replaceRecoveryCodes(user.id, codes.map(hashRecoveryCode));
      return { recovery_codes: codes };
    });
  }

  /**
   * After a factor of `user` was added or removed (in `repo`'s transaction, the user locked): the user's other
   * sessions end, the user is told, and the recovery codes follow the factors: ten new ones with the first factor
   * (answered, to be shown once), none left with the last. Answers the new codes ([] when none were made).
   */
  async changed(
    repo: FactorsRepo,
    db: Db,
    user: Principal,
    kind: SecurityEventKind,
    change: FactorChange,
  ): Promise<string[]> {
    const auth = new AuthRepo(db);
    for (const id of await repo.liveSessionIds(user.id, user.session_id ?? null)) await auth.endSession(id);
    await this.notifications.emit(db, securityEvent(kind, user.id, change));
    const hasFactor = await repo.hasFactor(user.id);
    const hasCodes = (await repo.countRecoveryCodes(user.id)) > 0;
    if (!hasFactor) await repo.replaceRecoveryCodes(user.id, []);
    if (!hasFactor || hasCodes) return [];
    const codes = newRecoveryCodes();
    await repo.replaceRecoveryCodes(user.id, codes.map(hashRecoveryCode));
    return codes;
  }

  /**
   * Checks a second step's code of a user from `address`: a one-time code of their confirmed generator (each
   * accepted once) or one of their unused recovery codes (used up). Each is an attempt counted as sign-ins are (429
   * past the limits), apart from the password's, whose success would otherwise take the codes' failures back.
   */
  async checkCode(user: { id: number; username: string }, code: string, address: string): Promise<boolean> {
    const attempt = await this.codeAttempt(user.username, address);
    const isRight = await this.isRightCode(user.id, code);
    if (isRight) await attempt.succeeded();
    else await attempt.failed(user.id);
    return isRight;
  }

  private async isRightCode(userId: number, code: string): Promise<boolean> {
    if (isRecoveryCodeShape(code)) return this.repo.useRecoveryCode(userId, hashRecoveryCode(code));
    const totp = await this.repo.findTotp(userId);
    const secret = totp?.confirmed_at ? this.box.open(totp.secret) : null;
    const step = secret === null ? null : totpStep(secret, code);
    return step !== null && (await this.repo.takeTotpStep(userId, step, false));
  }

  /** An attempt at an account's codes, throttled as sign-ins are but counted apart from its password's. */
  private codeAttempt(username: string, address: string) {
    return this.throttle.attempt(`second-factor:${username}`, address);
  }

  /** The ways the user's second step can be taken. */
  async methodsOf(userId: number): Promise<("totp" | "recovery_code" | "passkey")[]> {
    const totp = await this.repo.findTotp(userId);
    const passkeys = await this.repo.listPasskeys(userId);
    const codes = await this.repo.countRecoveryCodes(userId);
    return [
      ...(totp?.confirmed_at ? (["totp"] as const) : []),
      ...(codes > 0 ? (["recovery_code"] as const) : []),
      ...(passkeys.length > 0 ? (["passkey"] as const) : []),
    ];
  }

  hasFactor(userId: number): Promise<boolean> {
    return this.repo.hasFactor(userId);
  }

  /**
   * A manager resets a user's factors (a lost phone and lost codes): every factor goes, every session of the user
   * ends, the user is told (the event names the manager: the record of who did it).
   */
  async reset(actor: Principal, userId: number): Promise<void> {
    await this.repo.transaction(async (repo, db) => {
      await repo.lockUser(userId);
      await repo.deleteAllFactors(userId);
      const auth = new AuthRepo(db);
      for (const id of await repo.liveSessionIds(userId, null)) await auth.endSession(id);
      await this.notifications.emit(db, securityEvent("security_factors_reset", userId, {}, actor));
    });
  }
}
