import type { NotificationKind } from "@portal/domain";
import type { Db } from "../../db/client.ts";

/** One recipient's entry of an event, as a delivery receives it. */
export interface NotificationEntry {
  id: number;
  user_id: number;
  kind: NotificationKind;
}

/**
 * A way of telling recipients besides the portal's bell (the mail: one job per entry). `entriesAdded` is called by
 * `NotificationsService.emit` inside the causing write's transaction (`db`), after the event's entries are written:
 * what it writes (a job, an outbox row) commits or rolls back with the change. It reads what it needs through
 * `NotificationsService.loadRendered(db, ids, language)`. Registered once in `modules/services.ts`.
 */
export interface NotificationDelivery {
  entriesAdded(db: Db, entries: NotificationEntry[]): Promise<void>;
}
