import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * Encrypts the one-time code secrets at rest (AES-256-GCM) with a key from the environment (SECOND_FACTOR_KEY), so
 * that a copy of the database alone (a backup, a replica) does not give the codes away.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash("sha256").update(`second-factor:${secret}`).digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
  }

  /** The sealed text, or null when it cannot be opened with this key (another key, a damaged value). */
  open(sealed: string): string | null {
    const bytes = Buffer.from(sealed, "base64url");
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
    } catch {
      return null;
    }
  }
}
