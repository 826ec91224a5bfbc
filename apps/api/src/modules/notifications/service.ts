import {
  type Language,
  NOTIFICATION_PARAM_MAX,
  type NotificationKind,
  type NotificationObject,
} from "@portal/domain";
import { NotFound } from "../../core/errors.ts";
import { findList, findOne, presentList } from "../../core/find-page.ts";
import type { ListQuery } from "../../core/list-query.ts";
import { announceChange } from "../../core/live.ts";
import type { Principal } from "../../core/principal.ts";
import type { Db } from "../../db/client.ts";
import type { NotificationDelivery, NotificationEntry } from "./delivery.ts";
import { type NotificationActor, resolveRecipients } from "./recipients.ts";
import { type RenderedNotification, renderNotification } from "./render.ts";
import type { EntryWithEvent, NotificationEventRow, NotificationsRepo } from "./repo.ts";
import { notificationList, ownEntries } from "./resources.ts";

type Params = Record<string, string | number | null>;

/** An event as a module tells it: what happened to which object of which company, by whom, with what words. */
export interface NotificationEvent {
  kind: NotificationKind;
  /** Who caused it (they get no entry); null when the system did (the customs system, a job). */
  actor: NotificationActor | null;
  /** The object's company: its users, related users and managers may hear it; null for a sign-up. */
  company_id: number | null;
  object_type: NotificationObject;
  object_id: number;
  /** The comment, the customs system's message…: cut to NOTIFICATION_PARAM_MAX characters. */
  params?: Params;
}

/** An entry as the API answers it, in the request's language. */
export interface PresentedNotification extends RenderedNotification {
  id: number;
  kind: NotificationKind;
  created_at: string;
  read: boolean;
}

/** How many users one live notice names at most: `pg_notify`'s payload must stay under 8,000 bytes. */
const USERS_PER_NOTICE = 500;

/**
 * Notifications (docs/notifications.md): an event is written once, in the transaction of the change that causes it
 * (`emit`), with one entry per recipient; each recipient's open portal hears of it live, and each registered delivery
 * (the mail) is given the entries in the same transaction. A user reads and marks their own entries only.
 */
export class NotificationsService {
  private readonly deliveries: NotificationDelivery[];

  constructor(
    private readonly db: Db,
    private readonly repo: NotificationsRepo,
    deliveries: NotificationDelivery[] = [],
  ) {
    this.deliveries = [...deliveries];
  }

  /** Adds a delivery: every later event's entries reach it too. */
  register(delivery: NotificationDelivery): void {
    this.deliveries.push(delivery);
  }

  /**
   * Writes an event, its recipients' entries, tells each recipient's open portal, and hands the entries to each
   * delivery. `db` is the causing write's transaction: nothing of it stays when that write rolls back, and the
   * recipients are chosen from what that transaction sees. An event nobody in the portal hears is written only when a
   * delivery of the event itself wants it (a webhook endpoint subscribed to it). Answers the entries written.
   */
  async emit(db: Db, event: NotificationEvent): Promise<NotificationEntry[]> {
    const repo = this.repo.in(db);
    const recipients = await resolveRecipients(repo, event);
    // The deliveries of the event itself (a company's webhook endpoints) that have somewhere to send it
    const listeners: NotificationDelivery[] = [];
    for (const delivery of this.deliveries) {
      if (delivery.eventWritten && (await delivery.wants?.(db, event)) !== false) listeners.push(delivery);
    }
    if (recipients.length === 0 && listeners.length === 0) return [];
    const row = await repo.insertEvent({
      kind: event.kind,
      actor_id: event.actor?.id ?? null,
      company_id: event.company_id,
      object_type: event.object_type,
      object_id: event.object_id,
      params: await this.describe(repo, event),
    });
    const written = recipients.length > 0 ? await repo.insertEntries(row.id, recipients) : [];
    const entries = written.map((entry) => ({ ...entry, kind: event.kind }));
    for (let start = 0; start < recipients.length; start += USERS_PER_NOTICE) {
      const users = recipients.slice(start, start + USERS_PER_NOTICE);
      await announceChange(db, {
        resource: "notifications",
        id: row.id,
        action: "created",
        companies: [],
        users,
      });
    }
    if (entries.length > 0) {
      for (const delivery of this.deliveries) await delivery.entriesAdded?.(db, entries);
    }
    for (const listener of listeners) {
      await listener.eventWritten?.(db, { ...event, id: row.id, created_at: row.created_at });
    }
    return entries;
  }

  /**
   * GET /api/notifications/: the user's own entries by the list pattern (newest first unless `ordering` says
   * otherwise), rendered in a language.
   */
  async list(user: Principal, query: ListQuery, language: Language) {
    const page = await findList<EntryWithEvent>(this.db, notificationList, query, ownEntries(user.id));
    return presentList(page, (entry) => present(entry, language));
  }

  /** Opens one of the user's own entries; another's answers 404, as if it did not exist. */
  async get(user: Principal, id: number): Promise<void> {
    await findOne(this.db, notificationList, id, ownEntries(user.id));
  }

  unreadCount(user: Principal): Promise<number> {
    return this.repo.unreadCount(user.id);
  }

  /** Marks one of the user's own entries read; another's answers 404, as if it did not exist. */
  async markRead(user: Principal, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (!(await this.repo.in(tx).markRead(user.id, id))) throw new NotFound();
      await this.announceRead(tx, user, id);
    });
  }

  /** Marks every unread entry of the user read; answers how many were. */
  async markAllRead(user: Principal): Promise<number> {
    return this.db.transaction(async (tx) => {
      const marked = await this.repo.in(tx).markAllRead(user.id);
      // One notice names the newest of them: the user's lists and count refresh whichever entry it names
      if (marked.length > 0)
        await this.announceRead(
          tx,
          user,
          marked.reduce((a, b) => Math.max(a, b)),
        );
      return marked.length;
    });
  }

  /**
   * Entries by id, rendered in a language, in the order asked (unknown ids left out): what a delivery sends. `db`:
   * the emitting transaction, or the database when a job renders later.
   */
  async loadRendered(
    db: Db,
    entryIds: number[],
    language: Language,
  ): Promise<(PresentedNotification & { user_id: number })[]> {
    const found = new Map((await this.repo.in(db).byIds(entryIds)).map((entry) => [entry.id, entry]));
    return entryIds.flatMap((id) => {
      const entry = found.get(id);
      return entry ? [{ ...present(entry, language), user_id: entry.user_id }] : [];
    });
  }

  /** The user's other tabs refresh their count and list. */
  private announceRead(db: Db, user: Principal, id: number) {
    return announceChange(db, {
      resource: "notifications",
      id,
      action: "changed",
      companies: [],
      users: [user.id],
    });
  }

  /**
   * The params an event is kept with: the given ones cut to length, and the names its messages show as they are now
   * (a status's names, a container's number and order, a sign-up's name), so that it reads the same later.
   */
  private async describe(repo: NotificationsRepo, event: NotificationEvent): Promise<Params> {
    const params: Params = {};
    for (const [name, value] of Object.entries(event.params ?? {})) {
      params[name] = typeof value === "string" ? value.slice(0, NOTIFICATION_PARAM_MAX) : value;
    }
    if (event.object_type === "freight_order") params.order = event.object_id;
    if (event.object_type === "export_task") params.task = event.object_id;
    if (typeof params.status === "number") {
      const names = await repo.statusNames(params.status);
      params.status_name = names?.name ?? "";
      params.status_name_en = names?.name_en ?? "";
    }
    if (event.object_type === "container") {
      const container = await repo.container(event.object_id);
      params.container = container?.container ?? "";
      params.order = container?.freight_order_id ?? null;
    }
    if (event.kind === "signup_waiting") {
      const user = await repo.signup(event.object_id);
      const name = [user?.first_name, user?.last_name].filter(Boolean).join(" ");
      params.user = name ? `${name} (${user?.username})` : (user?.username ?? "");
      params.company = user?.request_name ?? "";
      params.inn = user?.request_inn ?? "";
    }
    return params;
  }
}

/** An entry in a language. */
function present(entry: EntryWithEvent, language: Language): PresentedNotification {
  return {
    id: entry.id,
    kind: entry.event.kind,
    ...renderNotification(entry.event as NotificationEventRow, language),
    created_at: entry.created_at.toISOString(),
    read: entry.read_at !== null,
  };
}
