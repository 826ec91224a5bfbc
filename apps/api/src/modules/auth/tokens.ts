import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { parseId } from "@portal/domain";
import { errors, jwtVerify, SignJWT } from "jose";

export interface AccessClaims {
  userId: number;
  tokenVersion: number;
  /** The session the token was issued in (user_sessions): ending it ends the token. */
  sessionId: number;
}

/** Signs and checks short-lived access tokens (HS256); refresh tokens are opaque and stored hashed. */
export class TokenService {
  /**
   * The secret imported once as a WebCrypto key: given as bytes, jose imported it on every signature and check
   * (145 µs a check, 45 µs with the key imported once), and every signed-in request checks one.
   */
  private readonly key: Promise<CryptoKey>;

  constructor(
    secret: string,
    readonly accessTtlSeconds: number,
    readonly refreshTtlSeconds: number,
  ) {
    this.key = crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign", "verify"],
    );
  }

  async issueAccess(claims: AccessClaims): Promise<string> {
    return new SignJWT({ tv: claims.tokenVersion, sid: claims.sessionId, typ: "access" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(`${this.accessTtlSeconds}s`)
      .sign(await this.key);
  }

  /**
   * The claims of a valid access token, or null for anything else: expired, forged, malformed, without an
   * expiry or with one past the configured lifetime (a token minted to last for ever), or naming no user id or
   * no session (a token issued before sessions existed: the client refreshes it).
   */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ["HS256"],
        requiredClaims: ["exp", "sub"],
      });
      const userId = typeof payload.sub === "string" ? parseId(payload.sub) : null;
      const nowSeconds = Math.floor(Date.now() / 1000);
      // A few seconds of leeway for clocks of instances that differ slightly.
      const isWithinLifetime = (payload.exp ?? 0) <= nowSeconds + this.accessTtlSeconds + 5;
      const isWellFormed = Number.isInteger(payload.tv) && Number.isInteger(payload.sid);
      if (payload.typ !== "access" || userId === null || !isWithinLifetime || !isWellFormed) return null;
      return { userId, tokenVersion: payload.tv as number, sessionId: payload.sid as number };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }

  /** A new refresh token: the value goes to the client once; only its hash is stored. */
  newRefreshToken(): { token: string; hash: string; expiresAt: Date } {
    const token = randomBytes(32).toString("base64url");
    return {
      token,
      hash: hashRefreshToken(token),
      expiresAt: new Date(Date.now() + this.refreshTtlSeconds * 1000),
    };
  }
}

export function hashRefreshToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Seals a rotated refresh token's successor with a key that only the rotated token gives: the database holds the
 * rotated token's hash, never the token, so the successor can be read back only by someone presenting it.
 */
export function sealSuccessor(rotated: string, successor: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", successorKey(rotated), iv);
  const sealed = Buffer.concat([cipher.update(successor, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
}

/** The successor `sealSuccessor` sealed with this token, or null when it cannot be opened with it. */
export function openSuccessor(rotated: string, sealed: string): string | null {
  const bytes = Buffer.from(sealed, "base64url");
  try {
    const decipher = createDecipheriv("aes-256-gcm", successorKey(rotated), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/** A key apart from the token's stored hash (another input), so the hash never opens the successor. */
function successorKey(token: string): Buffer {
  return createHash("sha256").update(`successor:${token}`).digest();
}
