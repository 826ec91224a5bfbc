import { notificationFields } from "@portal/domain";
import { eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import { resourceFrom } from "../../core/resource.ts";
import { notificationEvents, notifications } from "../../db/schema/index.ts";

/** An entry with its event, as the list and the deliveries read it to render it (`EntryWithEvent`). */
export const entryColumns = {
  id: notifications.id,
  user_id: notifications.user_id,
  read_at: notifications.read_at,
  created_at: notifications.created_at,
  event: getTableColumns(notificationEvents),
};

/**
 * The user's notifications (GET /api/notifications/) by the list pattern, newest first: sorted, filtered and grouped
 * by their fields, each row an entry with its event, which the service renders in the request's language.
 */
export const notificationList = resourceFrom({
  fields: notificationFields,
  table: notifications,
  joins: [{ table: notificationEvents, on: eq(notificationEvents.id, notifications.event_id) }],
  exprs: { kind: notificationEvents.kind, read: sql<boolean>`(${notifications.read_at} is not null)` },
  columns: entryColumns,
  defaultOrdering: "-id",
});

/** A user's own entries, and nobody else's: the list's scope. */
export function ownEntries(userId: number): SQL {
  return eq(notifications.user_id, userId);
}
