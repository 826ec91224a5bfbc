import { createHash, randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import qrcode from "qrcode-generator";

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 seconds. */
const PERIOD = 30;
/** Codes of the step before and after the current one are taken too (a phone's clock a little off). */
const WINDOW = 1;
const ISSUER = "Freight portal";

/** A new generator's secret (160 bits, base32) with its otpauth:// link and that link's QR code (SVG). */
export function newTotpSecret(label: string): { secret: string; uri: string; qr_svg: string } {
  const secret = new Secret({ size: 20 }).base32;
  const uri = generator(secret, label).toString();
  const qr = qrcode(0, "M");
  qr.addData(uri);
  qr.make();
  return { secret, uri, qr_svg: qr.createSvgTag({ cellSize: 4, margin: 4, scalable: true }) };
}

/** The time step of a code of this secret, or null when it is none of the window's; `now` in milliseconds. */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = generator(secret, "").validate({ token, timestamp: now, window: WINDOW });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
}

/** The code of a secret at a time (the tests' authenticator app). */
export function totpCode(secret: string, now = Date.now()): string {
  return generator(secret, "").generate({ timestamp: now });
}

function generator(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/** Recovery codes: ten, of ten letters and digits each (50 bits), written `xxxxx-xxxxx`. */
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz123456789";

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const letters = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join("");
    return `${letters.slice(0, 5)}-${letters.slice(5)}`;
  });
}

/** A recovery code's stored hash; case, spaces and dashes as typed do not matter. */
export function hashRecoveryCode(code: string): string {
  return createHash("sha256")
    .update(code.toLowerCase().replace(/[\s-]+/g, ""))
    .digest("hex");
}

/** Whether a typed code is shaped like a recovery code rather than a one-time code. */
export function isRecoveryCodeShape(code: string): boolean {
  return code.toLowerCase().replace(/[\s-]+/g, "").length === 10;
}
