import type { SessionClient } from "../users/service.ts";
import type { AuthRepo, RefreshTokenRow } from "./repo.ts";
import { hashRefreshToken, openSuccessor, sealSuccessor, type TokenService } from "./tokens.ts";

/** An access and refresh token pair, as sign-in and refresh answer it. */
export interface TokenPair {
  access: string;
  refresh: string;
}

/** The most rotations a duplicate refresh follows to the session's live token. */
const MAX_FOLLOWED_ROTATIONS = 5;

/**
 * Sessions and their token pairs. A sign-in opens a session; each refresh rotates its refresh token (the old one
 * revoked, its successor sealed beside it); a logout ends it, and the access tokens naming it with it.
 */
export class SessionService {
  constructor(
    private readonly auth: AuthRepo,
    private readonly tokens: TokenService,
    private readonly reuseGraceSeconds: number,
  ) {}

  /**
   * A new session with its first pair, begun from `client` (address, browser): at sign-in, and after the own password
   * change ended the others.
   */
  async start(
    userId: number,
    tokenVersion: number,
    client: SessionClient,
    auth: AuthRepo = this.auth,
  ): Promise<TokenPair> {
    await auth.purgeExpiredRefreshTokens(userId, new Date());
    const sessionId = await auth.openSession(userId, client);
    const refresh = this.tokens.newRefreshToken();
    await auth.insertRefreshToken(userId, sessionId, refresh.hash, refresh.expiresAt);
    return this.pair(userId, tokenVersion, sessionId, refresh.token);
  }

  /**
   * The session's next pair for a live refresh token (`row`, of the presented `token`), or null when the session
   * must end. The revocation and the successor are written in one transaction, so a request presenting the same
   * token at the same moment waits for it and then finds the successor.
   */
  async rotate(row: RefreshTokenRow, token: string, tokenVersion: number): Promise<TokenPair | null> {
    const successor = this.tokens.newRefreshToken();
    const isRotated = await this.auth.transaction(async (repo) => {
      await repo.lockUser(row.user_id);
      // The session's row before its token's, the order a logout takes (repo.endSession): its last use
      await repo.touchSession(row.session_id);
      if (!(await repo.rotateRefreshToken(row.id, sealSuccessor(token, successor.token)))) return false;
      await repo.insertRefreshToken(row.user_id, row.session_id, successor.hash, successor.expiresAt);
      return true;
    });
    if (isRotated) return this.pair(row.user_id, tokenVersion, row.session_id, successor.token);
    return this.answerRotated(token, tokenVersion);
  }

  /**
   * A token that was rotated already. Within the grace period it is a duplicate (two tabs, a retried request): it
   * gets the session's live refresh token, following the rotations since, and a new access token; nothing is
   * revoked. Later it is a stolen token replayed: its session ends (the user's other sessions stay) and null.
   */
  private async answerRotated(token: string, tokenVersion: number): Promise<TokenPair | null> {
    let presented = token;
    for (let step = 0; step <= MAX_FOLLOWED_ROTATIONS; step += 1) {
      const row = await this.auth.findRefreshToken(hashRefreshToken(presented));
      if (!row || row.session_ended || row.expires_at.getTime() <= Date.now()) return null;
      if (row.revoked_at === null) return this.pair(row.user_id, tokenVersion, row.session_id, presented);
      const isWithinGrace = Date.now() - row.revoked_at.getTime() <= this.reuseGraceSeconds * 1000;
      const successor = row.successor === null ? null : openSuccessor(presented, row.successor);
      if (!isWithinGrace || successor === null) {
        await this.endSession(row.session_id);
        return null;
      }
      presented = successor;
    }
    return null;
  }

  /** Ends the session of a refresh token (logout); an unknown token ends nothing. */
  async end(token: string): Promise<void> {
    const row = await this.auth.findRefreshToken(hashRefreshToken(token));
    if (row) await this.endSession(row.session_id);
  }

  /** Ends a session, its tokens and (on commit) its live streams together. */
  private endSession(sessionId: number): Promise<void> {
    return this.auth.transaction((repo) => repo.endSession(sessionId));
  }

  private pair(userId: number, tokenVersion: number, sessionId: number, refresh: string): TokenPair {
    return { access: this.tokens.issueAccess({ userId, tokenVersion, sessionId }), refresh };
  }
}
