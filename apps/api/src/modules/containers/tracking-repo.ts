import type { ContainerEventCode, ContainerEventType } from "@portal/domain";
import { and, asc, eq, sql } from "drizzle-orm";
import { Repo } from "../../db/repo.ts";
import {
  containerEvents,
  containers,
  freightOrderFiles,
  freightOrderHistory,
  freightOrderStatuses,
} from "../../db/schema/index.ts";

/** An order's status change as its history keeps it, with the status's names and the signed document. */
export interface StatusChangeRow {
  id: number;
  modify_date: Date;
  status: number | null;
  status_name: string | null;
  status_name_en: string | null;
  status_comment: string;
  sign_file_id: number | null;
  sign_filename: string | null;
}

/** Queries of a container's tracking: its own events and its order's status changes. */
export class TrackingRepo extends Repo {
  /** Whether the order has this container. */
  async hasContainer(orderId: number, containerId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: containers.id })
      .from(containers)
      .where(and(eq(containers.id, containerId), eq(containers.freight_order_id, orderId)));
    return row !== undefined;
  }

  /**
   * Moves the container's event of a track date to `date` (recorded again now, by this user), or records it when
   * it has none. The container's row is locked by its write, so two writes never record the same milestone twice.
   */
  async setTrackDateEvent(
    containerId: number,
    event: { code: ContainerEventCode; type: ContainerEventType },
    date: string,
    userId: number,
  ): Promise<void> {
    const moved = await this.db
      .update(containerEvents)
      .set({ event_date: date, recorded_at: sql`now()`, user_id: userId, event_type: event.type })
      .where(this.trackDateEvent(containerId, event.code))
      .returning({ id: containerEvents.id });
    if (moved.length > 0) return;
    await this.db.insert(containerEvents).values({
      container_id: containerId,
      event_type: event.type,
      event_code: event.code,
      event_date: date,
      source: "portal",
      user_id: userId,
    });
  }

  /** Removes the container's event of a track date that was cleared. */
  async removeTrackDateEvent(containerId: number, code: ContainerEventCode): Promise<void> {
    await this.db.delete(containerEvents).where(this.trackDateEvent(containerId, code));
  }

  /** The container's own events (track dates, the customs system's answers), oldest first. */
  containerEvents(containerId: number) {
    return this.db
      .select({
        id: containerEvents.id,
        event_type: containerEvents.event_type,
        event_code: containerEvents.event_code,
        event_date: containerEvents.event_date,
        recorded_at: containerEvents.recorded_at,
        source: containerEvents.source,
        pkg_pid: containerEvents.pkg_pid,
        message: containerEvents.message,
      })
      .from(containerEvents)
      .where(eq(containerEvents.container_id, containerId))
      .orderBy(asc(containerEvents.id));
  }

  /** The order's status changes (history entries of kind `status`), oldest first. */
  statusChanges(orderId: number): Promise<StatusChangeRow[]> {
    return this.db
      .select({
        id: freightOrderHistory.id,
        modify_date: freightOrderHistory.modify_date,
        status: freightOrderHistory.status,
        status_name: freightOrderStatuses.name,
        status_name_en: freightOrderStatuses.name_en,
        status_comment: freightOrderHistory.status_comment,
        sign_file_id: freightOrderHistory.sign_file_id,
        sign_filename: freightOrderFiles.filename,
      })
      .from(freightOrderHistory)
      .leftJoin(freightOrderStatuses, eq(freightOrderStatuses.id, freightOrderHistory.status))
      .leftJoin(freightOrderFiles, eq(freightOrderFiles.id, freightOrderHistory.sign_file_id))
      .where(and(eq(freightOrderHistory.freight_order_id, orderId), eq(freightOrderHistory.kind, "status")))
      .orderBy(asc(freightOrderHistory.id));
  }

  /** A track date's event is the portal's: the customs system's events of the same code are never touched. */
  private trackDateEvent(containerId: number, code: ContainerEventCode) {
    return and(
      eq(containerEvents.container_id, containerId),
      eq(containerEvents.event_code, code),
      eq(containerEvents.source, "portal"),
    );
  }
}
