import { createHash, randomBytes } from "node:crypto";
import { parseId } from "@portal/domain";
import { errors, jwtVerify, SignJWT } from "jose";

export interface AccessClaims {
  userId: number;
  tokenVersion: number;
}

/** Signs and checks short-lived access tokens (HS256); refresh tokens are opaque and stored hashed. */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    readonly accessTtlSeconds: number,
    readonly refreshTtlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  issueAccess(claims: AccessClaims): Promise<string> {
    return new SignJWT({ tv: claims.tokenVersion, typ: "access" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(`${this.accessTtlSeconds}s`)
      .sign(this.key);
  }

  /**
   * The claims of a valid access token, or null for anything else: expired, forged, malformed, without an
   * expiry or with one past the configured lifetime (a token minted to last for ever), or naming no user id.
   */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ["HS256"],
        requiredClaims: ["exp", "sub"],
      });
      const userId = typeof payload.sub === "string" ? parseId(payload.sub) : null;
      const nowSeconds = Math.floor(Date.now() / 1000);
      // A few seconds of leeway for clocks of instances that differ slightly.
      const isWithinLifetime = (payload.exp ?? 0) <= nowSeconds + this.accessTtlSeconds + 5;
      if (payload.typ !== "access" || userId === null || !isWithinLifetime || !Number.isInteger(payload.tv))
        return null;
      return { userId, tokenVersion: payload.tv as number };
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
