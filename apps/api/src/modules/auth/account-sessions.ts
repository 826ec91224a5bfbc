import { NotFound } from "../../core/errors.ts";
import type { Principal } from "../../core/principal.ts";
import { describeBrowser } from "./browser.ts";
import type { FactorsRepo } from "./factors-repo.ts";
import type { AuthRepo } from "./repo.ts";

/**
 * The own sessions as the profile lists them (browser and device, address, begun, last used) and ends them: an
 * ended session's browser is signed out at its next request or refresh (its tokens are refused).
 */
export class AccountSessions {
  constructor(
    private readonly factors: FactorsRepo,
    private readonly auth: AuthRepo,
  ) {}

  async list(user: Principal) {
    const rows = await this.factors.listSessions(user.id);
    return {
      results: rows.map((row) => ({
        id: row.id,
        browser: describeBrowser(row.user_agent),
        address: row.address ?? "",
        created_at: row.created_at.toISOString(),
        last_used_at: row.last_used_at.toISOString(),
        is_current: row.id === user.session_id,
      })),
    };
  }

  /** Ends one of the own live sessions (another user's, or an ended one: 404). */
  async end(user: Principal, sessionId: number): Promise<void> {
    const live = await this.factors.liveSessionIds(user.id, null);
    if (!live.includes(sessionId)) throw new NotFound();
    await this.auth.transaction((repo) => repo.endSession(sessionId));
  }

  /** Ends every own session but the caller's. */
  async endOthers(user: Principal): Promise<void> {
    const others = await this.factors.liveSessionIds(user.id, user.session_id ?? null);
    await this.auth.transaction(async (repo) => {
      for (const id of others) await repo.endSession(id);
    });
  }
}
