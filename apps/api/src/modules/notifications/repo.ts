import { STAFF_ROLES } from "@portal/domain";
import { and, count, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { Repo } from "../../db/repo.ts";
import {
  companyManagers,
  containers,
  exportTasks,
  freightOrderStatuses,
  notificationEvents,
  notifications,
  relatedUsers,
  roles,
  userRoles,
  users,
} from "../../db/schema/index.ts";
import { entryColumns } from "./resources.ts";

export type NotificationEventRow = typeof notificationEvents.$inferSelect;
export type NotificationEventValues = typeof notificationEvents.$inferInsert;

/** An entry with its event, as the list and the renderer read it (`entryColumns`). */
export interface EntryWithEvent {
  id: number;
  user_id: number;
  read_at: Date | null;
  created_at: Date;
  event: NotificationEventRow;
}

/** A user holds a staff role (Head, Manager, RWManager): `is_manager`, who sees every company. */
const isStaff = sql`exists (select 1 from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.role_id}
  where ${userRoles.user_id} = ${users.id} and ${inArray(roles.name, [...STAFF_ROLES])})`;

/** A user works with a company's data (`companyScope`): staff, its own users, its related users. */
function inScopeOf(companyId: number): SQL {
  return sql`(${isStaff} or ${users.company_id} = ${companyId} or exists (select 1 from ${relatedUsers}
    where ${relatedUsers.user_id} = ${users.id} and ${relatedUsers.company_id} = ${companyId}))`;
}

/** Queries of notifications: events, entries, and the users an event may reach. */
export class NotificationsRepo extends Repo {
  async insertEvent(values: NotificationEventValues): Promise<NotificationEventRow> {
    const [row] = await this.db.insert(notificationEvents).values(values).returning();
    if (!row) throw new Error("the event was not written");
    return row;
  }

  async insertEntries(eventId: number, userIds: number[]): Promise<{ id: number; user_id: number }[]> {
    if (userIds.length === 0) return [];
    return this.db
      .insert(notifications)
      .values(userIds.map((user_id) => ({ event_id: eventId, user_id })))
      .onConflictDoNothing()
      .returning({ id: notifications.id, user_id: notifications.user_id });
  }

  /** The active, approved users of a company and its related users, staff excepted (they hear as managers). */
  async clientsOf(companyId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.is_active, true),
          eq(users.state, "approved"),
          sql`not ${isStaff}`,
          sql`(${users.company_id} = ${companyId} or exists (select 1 from ${relatedUsers}
            where ${relatedUsers.user_id} = ${users.id} and ${relatedUsers.company_id} = ${companyId}))`,
        ),
      );
    return rows.map((row) => row.id);
  }

  /** The active staff assigned to a company (its managers), or every active staff user when it has none. */
  async managersOf(companyId: number): Promise<number[]> {
    const assigned = await this.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(companyManagers, eq(companyManagers.manager_id, users.id))
      .where(and(eq(companyManagers.company_id, companyId), eq(users.is_active, true), isStaff));
    return assigned.length > 0 ? assigned.map((row) => row.id) : this.allManagers();
  }

  /** Every active staff user. */
  async allManagers(): Promise<number[]> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.is_active, true), isStaff));
    return rows.map((row) => row.id);
  }

  /**
   * Of these users, the active ones whose tenancy scope holds the company (any when `companyId` is null): the one
   * last check every recipient passes, whichever rule chose them.
   */
  async withinScope(userIds: number[], companyId: number | null): Promise<number[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          inArray(users.id, userIds),
          eq(users.is_active, true),
          companyId === null ? undefined : inScopeOf(companyId),
        ),
      );
    return rows.map((row) => row.id);
  }

  async statusNames(id: number): Promise<{ name: string; name_en: string } | null> {
    const [row] = await this.db
      .select({ name: freightOrderStatuses.name, name_en: freightOrderStatuses.name_en })
      .from(freightOrderStatuses)
      .where(eq(freightOrderStatuses.id, id));
    return row ?? null;
  }

  async container(id: number): Promise<{ container: string; freight_order_id: number } | null> {
    const [row] = await this.db
      .select({ container: containers.container, freight_order_id: containers.freight_order_id })
      .from(containers)
      .where(eq(containers.id, id));
    return row ?? null;
  }

  async exportAuthor(taskId: number): Promise<number | null> {
    const [row] = await this.db
      .select({ author_id: exportTasks.author_id })
      .from(exportTasks)
      .where(eq(exportTasks.id, taskId));
    return row?.author_id ?? null;
  }

  async signup(id: number) {
    const [row] = await this.db
      .select({
        username: users.username,
        first_name: users.first_name,
        last_name: users.last_name,
        request_name: users.request_name,
        request_inn: users.request_inn,
      })
      .from(users)
      .where(eq(users.id, id));
    return row ?? null;
  }

  /** Entries by id (what a delivery renders). */
  async byIds(ids: number[]): Promise<EntryWithEvent[]> {
    if (ids.length === 0) return [];
    return this.db
      .select(entryColumns)
      .from(notifications)
      .innerJoin(notificationEvents, eq(notificationEvents.id, notifications.event_id))
      .where(inArray(notifications.id, ids));
  }

  async unreadCount(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ count: count() })
      .from(notifications)
      .where(and(eq(notifications.user_id, userId), isNull(notifications.read_at)));
    return row?.count ?? 0;
  }

  /** Marks one of the user's entries read (kept as first read when it already was); false when it is not theirs. */
  async markRead(userId: number, id: number): Promise<boolean> {
    const [row] = await this.db
      .update(notifications)
      .set({ read_at: sql`coalesce(${notifications.read_at}, now())` })
      .where(and(eq(notifications.id, id), eq(notifications.user_id, userId)))
      .returning({ id: notifications.id });
    return row !== undefined;
  }

  /** Marks every unread entry of the user read; answers their ids. */
  async markAllRead(userId: number): Promise<number[]> {
    const rows = await this.db
      .update(notifications)
      .set({ read_at: sql`now()` })
      .where(and(eq(notifications.user_id, userId), isNull(notifications.read_at)))
      .returning({ id: notifications.id });
    return rows.map((row) => row.id);
  }
}
