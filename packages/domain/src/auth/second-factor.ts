import { z } from "zod";
import { USER_FIELD_LIMITS } from "../users/fields.ts";
import type { UserFlags } from "../users/flags.ts";
import { lineText, passwordInput } from "../values/schemas.ts";
import { tokenPair } from "./schemas.ts";

/** `STAFF_SECOND_FACTOR`: whether staff must have a second factor before anything else opens. */
export type StaffSecondFactor = "required" | "optional";

/** The ways of a sign-in's second step. */
export const SECOND_STEP_METHODS = ["totp", "recovery_code", "passkey"] as const;
export type SecondStepMethod = (typeof SECOND_STEP_METHODS)[number];

/** The longest passkey name. */
export const PASSKEY_NAME_MAX = 100;

/**
 * Whether a signed-in user must enrol a second factor before anything else opens: staff (managers, heads,
 * administrators) under `required`, and the users of a company whose managers require it, while they have none.
 */
export function mustEnrolSecondFactor(
  user: Pick<UserFlags, "is_manager" | "is_administrator" | "is_staff">,
  state: { hasFactor: boolean; companyRequires: boolean },
  staffPolicy: StaffSecondFactor,
): boolean {
  if (state.hasFactor) return false;
  const isStaff = user.is_manager || user.is_administrator || user.is_staff;
  return (isStaff && staffPolicy === "required") || state.companyRequires;
}

/** The answer of a right password for a user with a second factor: the step's ticket and the ways to take it. */
export const secondStepAnswer = z.object({
  second_step: z.object({ ticket: z.string(), methods: z.array(z.enum(SECOND_STEP_METHODS)) }),
});
export type SecondStepAnswer = z.infer<typeof secondStepAnswer>;

/** POST api/token/: tokens, or the second step for a user with a factor. */
export const signInAnswer = z.union([tokenPair, secondStepAnswer]);
export type SignInAnswer = z.infer<typeof signInAnswer>;

const ticket = () => z.string().min(1).max(200);
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/);

/** A one-time code (6 digits) or a recovery code (letters and digits, dashes and spaces ignored). */
export const secondFactorCode = lineText().min(1).max(64);

/** POST api/token/second-step/. */
export const secondStepBody = z.object({ ticket: ticket(), code: secondFactorCode });
export type SecondStepBody = z.infer<typeof secondStepBody>;

/** A WebAuthn assertion as `@simplewebauthn/browser` sends it (AuthenticationResponseJSON). */
export const passkeyAssertion = z.object({
  id: base64url(1400).min(1),
  rawId: base64url(1400).min(1),
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: base64url(4000).min(1),
    authenticatorData: base64url(4000).min(1),
    signature: base64url(2000).min(1),
    userHandle: base64url(200).optional(),
  }),
  clientExtensionResults: z.object({}).passthrough().default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
});

export type PasskeyAssertion = z.infer<typeof passkeyAssertion>;

/** A WebAuthn attestation as `@simplewebauthn/browser` sends it (RegistrationResponseJSON). */
export const passkeyAttestation = z.object({
  id: base64url(1400).min(1),
  rawId: base64url(1400).min(1),
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: base64url(4000).min(1),
    attestationObject: base64url(20000).min(1),
    authenticatorData: base64url(20000).optional(),
    transports: z
      .array(z.enum(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"]))
      .max(8)
      .optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4000).optional(),
  }),
  clientExtensionResults: z.object({}).passthrough().default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
});

export type PasskeyAttestation = z.infer<typeof passkeyAttestation>;

/** POST api/token/passkey/options/: with a second step's ticket, the options of that user's passkeys. */
export const passkeyOptionsBody = z.object({ ticket: ticket().optional() });
/** The WebAuthn options the browser is given (PublicKeyCredential*OptionsJSON), as they are. */
export const passkeyOptionsAnswer = z.object({ options: z.record(z.string(), z.unknown()) });

/** POST api/token/passkey/: a passkey alone, or (with the ticket) as the second step. */
export const passkeySignInBody = z.object({ ticket: ticket().optional(), credential: passkeyAssertion });

/** A one-time code generator being enrolled: its secret as text, as a link and as a QR code (SVG). */
export const totpEnrolmentAnswer = z.object({ secret: z.string(), uri: z.string(), qr_svg: z.string() });
/** The first code that confirms an enrolment. */
export const totpConfirmBody = z.object({ code: secondFactorCode });
/**
 * The own password, asked again before a second factor is removed or the recovery codes are replaced, so that an
 * open session alone (a borrowed computer) cannot strip the account of its factors.
 */
export const passwordConfirmBody = z.object({ current_password: passwordInput(USER_FIELD_LIMITS.password) });
/** Recovery codes, shown once. */
export const recoveryCodesAnswer = z.object({ recovery_codes: z.array(z.string()) });

/** POST profile/api/security/passkeys/. */
export const passkeyRegisterBody = z.object({
  name: lineText().min(1).max(PASSKEY_NAME_MAX),
  credential: passkeyAttestation,
});
/** A registered passkey's id, with the first factor's recovery codes (shown once; [] when there were some). */
export const passkeyRegisteredAnswer = z.object({ id: z.number(), recovery_codes: z.array(z.string()) });
export const passkeySchema = z.object({
  id: z.number(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});

/** GET profile/api/security/: the own factors (never their secrets) and whether one is required. */
export const securityAnswer = z.object({
  totp: z.object({ created_at: z.string() }).nullable(),
  recovery_codes_left: z.number(),
  passkeys: z.array(passkeySchema),
  second_factor_required: z.boolean(),
  must_enrol: z.boolean(),
});
export type SecurityAnswer = z.infer<typeof securityAnswer>;

/** One of the own sessions: where and when it began, its last use, whether it is the caller's. */
export const sessionSchema = z.object({
  id: z.number(),
  browser: z.string(),
  address: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  is_current: z.boolean(),
});
export const sessionsAnswer = z.object({ results: z.array(sessionSchema) });
