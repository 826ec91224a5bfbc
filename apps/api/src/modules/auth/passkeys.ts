import type { PasskeyAssertion, PasskeyAttestation } from "@portal/domain";
import {
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { isUniqueViolation, NotFound, Unauthorized, ValidationFailed } from "../../core/errors.ts";
import type { Principal } from "../../core/principal.ts";
import type { Challenges } from "./challenges.ts";
import type { FactorsService } from "./factors.ts";
import type { ChallengeRow, FactorsRepo } from "./factors-repo.ts";

/** Where passkeys are valid: the portal's origin and its host name (the RP ID), from PORTAL_URL. */
export interface RelyingParty {
  origin: string;
  rpID: string;
}

export function relyingPartyOf(portalUrl: string): RelyingParty {
  const url = new URL(portalUrl);
  return { origin: url.origin, rpID: url.hostname };
}

const RP_NAME = "Freight portal";
/**
 * The signature algorithms a passkey may use: EdDSA, ES256, RS256. Left to the library, Chromium's authenticator
 * picks ML-DSA, which Node verifies only experimentally.
 */
const ALGORITHMS = [-8, -7, -257];
const TIMEOUT_MS = 5 * 60 * 1000;

/**
 * Passkeys (WebAuthn, `@simplewebauthn/server`): registered on the profile, used to sign in alone (discoverable
 * credentials) or as a sign-in's second step. Each ceremony's challenge is single-use and short-lived, in the
 * database (`Challenges`); each use's signature counter must move on from the stored one.
 */
export class PasskeysService {
  constructor(
    private readonly repo: FactorsRepo,
    private readonly challenges: Challenges,
    private readonly factors: FactorsService,
    private readonly party: RelyingParty,
  ) {}

  /** The options of a new passkey of the user: discoverable, none of their passkeys again. */
  async registrationOptions(user: Principal) {
    const existing = await this.repo.listPasskeys(user.id);
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: this.party.rpID,
      userName: user.username,
      userID: new TextEncoder().encode(`user:${user.id}`),
      attestationType: "none",
      timeout: TIMEOUT_MS,
      excludeCredentials: existing.map((row) => ({
        id: row.credential_id,
        transports: transportsOf(row.transports),
      })),
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
      supportedAlgorithmIDs: ALGORITHMS,
    });
    await this.challenges.issue("passkey_register", user.id, options.challenge);
    return { options: options as unknown as Record<string, unknown> };
  }

  /**
   * Registers the passkey the browser made with the options' challenge (taken: once). The first factor of a user
   * comes with its recovery codes; the user's other sessions end.
   */
  async register(user: Principal, name: string, credential: PasskeyAttestation) {
    const verification = await verifyRegistrationResponse({
      response: credential,
      expectedChallenge: async (challenge) =>
        (await this.challenges.take("passkey_register", challenge))?.user_id === user.id,
      expectedOrigin: this.party.origin,
      expectedRPID: this.party.rpID,
      requireUserVerification: false,
      supportedAlgorithmIDs: ALGORITHMS,
    }).catch(() => null);
    if (!verification?.verified) throw new ValidationFailed({ credential: [{ key: "passkey_refused" }] });
    const { credential: made } = verification.registrationInfo;
    try {
      return await this.repo.transaction(async (repo, db) => {
        await repo.lockUser(user.id);
        const row = await repo.insertPasskey({
          user_id: user.id,
          name,
          credential_id: made.id,
          public_key: Buffer.from(made.publicKey).toString("base64url"),
          counter: made.counter,
          transports: (made.transports ?? []).join(","),
        });
        const codes = await this.factors.changed(repo, db, user, "security_factor_added", {
          factor: "passkey",
          name,
        });
        return { id: row.id, recovery_codes: codes };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ValidationFailed({ credential: [{ key: "passkey_taken" }] });
      throw error;
    }
  }

  /**
   * Removes one of the own passkeys (another's: 404), the password given again; the other sessions end, the user
   * is told.
   */
  async remove(user: Principal, id: number, password: string, address: string): Promise<void> {
    await this.factors.confirmPassword(user, password, address);
    await this.repo.transaction(async (repo, db) => {
      await repo.lockUser(user.id);
      const row = await repo.deletePasskey(user.id, id);
      if (!row) throw new NotFound();
      await this.factors.changed(repo, db, user, "security_factor_removed", {
        factor: "passkey",
        name: row.name,
      });
    });
  }

  /** The options of a passkey sign-in: `userId`'s passkeys for a second step, any discoverable one with null. */
  async signInOptions(userId: number | null) {
    const allowed = userId === null ? [] : await this.repo.listPasskeys(userId);
    const options = await generateAuthenticationOptions({
      rpID: this.party.rpID,
      timeout: TIMEOUT_MS,
      userVerification: userId === null ? "required" : "preferred",
      allowCredentials: allowed.map((row) => ({
        id: row.credential_id,
        transports: transportsOf(row.transports),
      })),
    });
    await this.challenges.issue("passkey_sign_in", userId, options.challenge);
    return options as unknown as Record<string, unknown>;
  }

  /**
   * Checks a passkey sign-in against its challenge (taken: once) and answers the passkey's user: of `userId` for a
   * second step. A signature counter that does not move on refuses it (a cloned authenticator, a replay); a passkey
   * alone must have verified its user (a PIN, a fingerprint), being the only factor.
   */
  async verifySignIn(credential: PasskeyAssertion, userId: number | null): Promise<number> {
    const passkey = await this.repo.findPasskeyByCredential(credential.id);
    let taken: ChallengeRow | null = null;
    const verification =
      passkey && (userId === null || passkey.user_id === userId)
        ? await verifyAuthenticationResponse({
            response: credential,
            expectedChallenge: async (challenge) => {
              taken = await this.challenges.take("passkey_sign_in", challenge);
              return taken !== null && taken.user_id === userId;
            },
            expectedOrigin: this.party.origin,
            expectedRPID: this.party.rpID,
            requireUserVerification: userId === null,
            credential: {
              id: passkey.credential_id,
              publicKey: new Uint8Array(Buffer.from(passkey.public_key, "base64url")),
              counter: passkey.counter,
              transports: transportsOf(passkey.transports),
            },
          }).catch(() => null)
        : null;
    if (!passkey || !verification?.verified) throw new Unauthorized({ key: "passkey_refused" });
    const { newCounter } = verification.authenticationInfo;
    if (!(await this.repo.usePasskey(passkey.id, passkey.counter, newCounter))) {
      throw new Unauthorized({ key: "passkey_refused" });
    }
    return passkey.user_id;
  }
}

function transportsOf(stored: string): AuthenticatorTransport[] {
  return stored ? (stored.split(",") as AuthenticatorTransport[]) : [];
}
