import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import {
  API_KEY_DEFAULT_DAYS,
  API_KEY_PREFIX,
  type ApiKey,
  type ApiKeyCreateBody,
  type ApiKeyCreated,
  type NotificationKind,
} from "@portal/domain";
import { Forbidden, TooManyRequests, Unauthorized, ValidationFailed } from "../../core/errors.ts";
import { findList, findOne } from "../../core/find-page.ts";
import type { ListQuery } from "../../core/list-query.ts";
import type { Principal } from "../../core/principal.ts";
import type { Db } from "../../db/client.ts";
import type { Credential } from "../../http/auth.ts";
import type { NotificationsService } from "../notifications/service.ts";
import type { UsersService } from "../users/service.ts";
import { type ApiKeyRow, type ApiKeysRepo, type ApiKeyView, apiKeyList, keyScope } from "./repo.ts";

/** A key: `fpk_`, its public part (16 hex digits: the row's `prefix` with `fpk_`), `_`, 32 random bytes base64url. */
const KEY_PATTERN = /^(fpk_[0-9a-f]{16})_[A-Za-z0-9_-]{43}$/;
/** The most live keys a user holds at once: enough for every system of theirs, few enough to keep track of. */
export const API_KEY_LIVE_MAX = 20;
/** A key's last use is written at most this often (seconds): not a write per request. */
const LAST_USE_EVERY_SECONDS = 60;
const MINUTE_MS = 60_000;

const hashOf = (key: string) => createHash("sha256").update(key).digest();

/** A key's row as the API answers it: never its hash. */
function present(row: ApiKeyView): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    read_only: row.read_only,
    user_id: row.user_id,
    username: row.username,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    revoked_at: row.revoked_at?.toISOString() ?? null,
    last_used_at: row.last_used_at?.toISOString() ?? null,
    last_used_address: row.last_used_address,
  };
}

/** The event of a key's life, told to its user whoever acted (a security notice, as failed sign-ins are). */
function keyEvent(kind: NotificationKind, key: ApiKeyRow, address?: string) {
  return {
    kind,
    actor: null,
    company_id: null,
    object_type: "user" as const,
    object_id: key.user_id,
    params: { name: key.name, prefix: key.prefix, ...(address ? { address } : {}) },
  };
}

/**
 * API keys (docs/integrations.md): users make keys that act as themselves, list and revoke them (managers those of
 * customers' users, administrators all), and every request with one is authenticated here, throttled per key.
 */
export class ApiKeysService {
  /** Requests per key in the current minute (this instance's): the throttle. */
  private readonly windows = new Map<number, { startedAt: number; requests: number }>();

  constructor(
    private readonly db: Db,
    private readonly repo: ApiKeysRepo,
    private readonly users: UsersService,
    private readonly notifications: NotificationsService,
    private readonly options: { requestsPerMinute: number },
  ) {}

  /** The keys the user may see: rows of the key's fields (its timestamps in ISO text), never a secret or hash. */
  list(user: Principal, query: ListQuery) {
    return findList<ApiKey>(this.db, apiKeyList, query, keyScope(user));
  }

  /** Opens a key the user may see; 404 for another's. */
  async open(user: Principal, id: number): Promise<void> {
    await findOne(this.db, apiKeyList, id, keyScope(user));
  }

  /** Makes a key for the user (approved users only), told to them; answers it with its secret, this once. */
  async create(user: Principal, body: ApiKeyCreateBody): Promise<ApiKeyCreated> {
    if (user.state !== "approved") throw new Forbidden();
    const publicPart = `${API_KEY_PREFIX}${randomBytes(8).toString("hex")}`;
    const key = `${publicPart}_${randomBytes(32).toString("base64url")}`;
    const days = body.expires_in_days ?? API_KEY_DEFAULT_DAYS;
    const row = await this.db.transaction(async (db) => {
      const repo = this.repo.in(db);
      // Counted and inserted under a lock on the user's row: two creations at once cannot both pass the limit
      await repo.lockUser(user.id);
      if ((await repo.countLive(user.id)) >= API_KEY_LIVE_MAX) {
        throw new ValidationFailed({ name: [{ key: "api_key_limit", params: { limit: API_KEY_LIVE_MAX } }] });
      }
      const inserted = await repo.insert({
        user_id: user.id,
        name: body.name,
        prefix: publicPart,
        secret_hash: hashOf(key).toString("hex"),
        read_only: body.read_only ?? false,
        expires_at: new Date(Date.now() + days * 86_400_000),
      });
      await this.notifications.emit(db, keyEvent("api_key_created", inserted));
      return inserted;
    });
    return { ...present({ ...row, username: user.username }), key };
  }

  /** Revokes a key the user may see (404 for another's); told to its user. Revoking a revoked key changes nothing. */
  async revoke(user: Principal, id: number): Promise<ApiKey> {
    await this.open(user, id);
    await this.db.transaction(async (db) => {
      const repo = this.repo.in(db);
      const key = await repo.findView(id);
      if (key && (await repo.revoke(id))) await this.notifications.emit(db, keyEvent("api_key_revoked", key));
    });
    const saved = await this.repo.findView(id);
    if (!saved) throw new Error("API key gone");
    return present(saved);
  }

  /**
   * The user a key acts as, as they are now: 401 for a malformed, unknown, revoked or expired key and for a user
   * who is deactivated or no longer approved; 429 past the key's requests in a minute. Records the key's use.
   */
  async authenticate(token: string, address: string): Promise<Credential> {
    const refused = new Unauthorized({ key: "token_invalid" });
    const publicPart = KEY_PATTERN.exec(token)?.[1];
    if (!publicPart) throw refused;
    const key = await this.repo.findByPrefix(publicPart);
    if (!key || !timingSafeEqual(hashOf(token), Buffer.from(key.secret_hash, "hex"))) throw refused;
    if (key.revoked_at || key.expires_at.getTime() <= Date.now()) throw refused;
    const found = await this.users.principalOfUser(key.user_id);
    if (!found?.isActive || found.principal.state !== "approved") throw refused;
    this.throttle(key.id);
    await this.recordUse(key, address);
    return { principal: found.principal, apiKey: { id: key.id, read_only: key.read_only } };
  }

  /** Counts a request of a key in its minute; 429 with the seconds left of it past the limit. */
  private throttle(keyId: number): void {
    const now = Date.now();
    let window = this.windows.get(keyId);
    if (!window || now - window.startedAt >= MINUTE_MS) {
      if (this.windows.size > 10_000) {
        for (const [id, old] of this.windows) if (now - old.startedAt >= MINUTE_MS) this.windows.delete(id);
      }
      window = { startedAt: now, requests: 0 };
      this.windows.set(keyId, window);
    }
    window.requests += 1;
    if (window.requests > this.options.requestsPerMinute) {
      throw new TooManyRequests(
        Math.max(1, Math.ceil((window.startedAt + MINUTE_MS - now) / 1000)),
        "too_many_key_requests",
      );
    }
  }

  /** The key's last use, at most once a minute; its first, told to its user (once, whichever request it was). */
  private async recordUse(key: ApiKeyRow, address: string): Promise<void> {
    if (key.last_used_at === null) {
      await this.db.transaction(async (db) => {
        if (await this.repo.in(db).recordUse(key.id, address, true, 0)) {
          await this.notifications.emit(db, keyEvent("api_key_first_used", key, address));
        }
      });
    } else if (Date.now() - key.last_used_at.getTime() >= LAST_USE_EVERY_SECONDS * 1000) {
      await this.repo.recordUse(key.id, address, false, LAST_USE_EVERY_SECONDS);
    }
  }
}
