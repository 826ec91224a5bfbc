import type { AuthRepo } from "./repo.ts";
import type { TokenService } from "./tokens.ts";

/** Issues an access and refresh token pair: at sign-in, refresh, and after the own password change. */
export class SessionService {
  constructor(
    private readonly auth: AuthRepo,
    private readonly tokens: TokenService,
  ) {}

  async issuePair(userId: number, tokenVersion: number): Promise<{ access: string; refresh: string }> {
    await this.auth.purgeExpiredRefreshTokens(userId, new Date());
    const refresh = this.tokens.newRefreshToken();
    await this.auth.insertRefreshToken(userId, refresh.hash, refresh.expiresAt);
    return { access: await this.tokens.issueAccess({ userId, tokenVersion }), refresh: refresh.token };
  }
}
