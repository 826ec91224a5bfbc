import type { NotificationKind } from "@portal/domain";
import type { Db } from "../../db/client.ts";
import type { NotificationEvent } from "./service.ts";

/** One recipient's entry of an event, as a delivery receives it. */
export interface NotificationEntry {
  id: number;
  user_id: number;
  kind: NotificationKind;
}

/** An event as written (`notification_events`): its id and time. */
export interface WrittenEvent extends NotificationEvent {
  id: number;
  created_at: Date;
}

/**
 * A way of telling besides the portal's bell. Registered once in `modules/services.ts`; every method runs inside
 * the causing write's transaction (`db`), so what it writes (a job, an outbox row) commits or rolls back with the
 * change.
 * - A delivery to users (the mail: one job per entry) implements `entriesAdded`, called after the event's entries
 *   are written; it reads what it needs through `NotificationsService.loadRendered(db, ids, language)`.
 * - A delivery of the event itself (the webhooks: one job per subscribed endpoint) implements `wants` and
 *   `eventWritten`: an event that nobody in the portal hears is still written when a delivery wants it.
 */
export interface NotificationDelivery {
  entriesAdded?(db: Db, entries: NotificationEntry[]): Promise<void>;
  /** Whether this delivery has somewhere to send the event (asked before it is written). */
  wants?(db: Db, event: NotificationEvent): Promise<boolean>;
  eventWritten?(db: Db, event: WrittenEvent): Promise<void>;
}
