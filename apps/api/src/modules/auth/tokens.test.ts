import { createHmac } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TokenService } from "./tokens.ts";

const SECRET = "tokens-test-secret-tokens-test-secret-000";
const tokens = new TokenService(SECRET, 900, 86_400);
const CLAIMS = { userId: 7, tokenVersion: 3, sessionId: 11 };

/** A token signed by jose, a second implementation of the standard, with our claims unless told otherwise. */
function joseSigned(claims: Record<string, unknown> = {}, secret = SECRET) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ typ: "access", tv: 3, sid: 11, sub: "7", iat: now, exp: now + 600, ...claims })
    .setProtectedHeader({ alg: "HS256" })
    .sign(new TextEncoder().encode(secret));
}

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

afterEach(() => {
  vi.useRealTimers();
});

describe("access tokens", () => {
  it("checks the tokens it issues, and they are standard HS256 JWTs that another implementation checks", async () => {
    const token = tokens.issueAccess(CLAIMS);
    expect(tokens.verifyAccess(token)).toEqual(CLAIMS);
    const { payload, protectedHeader } = await jwtVerify(token, new TextEncoder().encode(SECRET));
    expect(protectedHeader).toEqual({ alg: "HS256" });
    expect(payload).toMatchObject({ sub: "7", tv: 3, sid: 11, typ: "access" });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(900);
  });

  it("accepts a token another implementation signed with the secret", async () => {
    expect(tokens.verifyAccess(await joseSigned())).toEqual(CLAIMS);
  });

  it("refuses a token once it has expired", () => {
    vi.useFakeTimers({ now: new Date("2026-11-29T10:00:00Z") });
    const token = tokens.issueAccess(CLAIMS);
    vi.setSystemTime(new Date("2026-11-29T10:14:59Z"));
    expect(tokens.verifyAccess(token)).toEqual(CLAIMS);
    vi.setSystemTime(new Date("2026-11-29T10:15:00Z"));
    expect(tokens.verifyAccess(token)).toBeNull();
  });

  it("refuses forged, altered and malformed tokens", async () => {
    const good = tokens.issueAccess(CLAIMS);
    const [header, body, signature = ""] = good.split(".");
    const other = (claims: Record<string, unknown>) => part({ ...JSON.parse(atob(body ?? "")), ...claims });
    const resigned = (head: string, payload: string) =>
      `${head}.${payload}.${createHmac("sha256", SECRET).update(`${head}.${payload}`).digest("base64url")}`;
    const refused = [
      "",
      "abc",
      `${header}.${body}`,
      `${good}.${signature}`,
      // Another secret; the payload changed under the old signature; the signature cut, lengthened or altered
      await joseSigned({}, "another-secret-another-secret-another-0000"),
      `${header}.${other({ sub: "1" })}.${signature}`,
      `${header}.${body}.${signature.slice(0, -1)}`,
      `${header}.${body}.${signature}A`,
      `${header}.${body}.${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`,
      // No algorithm, another one, or a header extension it does not know: refused though signed with the secret
      `${part({ alg: "none" })}.${body}.`,
      resigned(part({ alg: "none" }), body ?? ""),
      resigned(part({ alg: "HS512" }), body ?? ""),
      resigned(part({ alg: "HS256", crit: ["b64"], b64: false }), body ?? ""),
      // Signed, but not a JSON object
      resigned(header ?? "", Buffer.from("not json").toString("base64url")),
      resigned(header ?? "", part(null)),
      resigned(header ?? "", part([1, 2])),
      resigned(part("HS256"), body ?? ""),
    ];
    for (const token of refused) expect(tokens.verifyAccess(token), token).toBeNull();
  });

  it("refuses a signed token whose claims are not an access token's", async () => {
    const refused = [
      await joseSigned({ typ: "refresh" }),
      await joseSigned({ typ: undefined }),
      await joseSigned({ tv: "3" }),
      await joseSigned({ sid: 1.5 }),
      await joseSigned({ sub: "0" }),
      await joseSigned({ exp: "9999999999" }),
      // An expiry further off than the configured lifetime allows
      await joseSigned({ exp: Math.floor(Date.now() / 1000) + 3600 }),
    ];
    for (const token of refused) expect(tokens.verifyAccess(token), token).toBeNull();
  });
});
