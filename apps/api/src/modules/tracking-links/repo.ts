import { TRACK_DATE_EVENTS } from "@portal/domain";
import { and, asc, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { Repo } from "../../db/repo.ts";
import {
  containerEvents,
  containers,
  containerTypes,
  freightOrderStatuses,
  freightOrders,
  orderTrackingLinks,
  users,
} from "../../db/schema/index.ts";

/** The milestones the public page shows: the track dates' (DCSA-style), never the customs system's answers. */
const MILESTONE_CODES = Object.values(TRACK_DATE_EVENTS).map((event) => event.code);

/** Queries of the public tracking links and of what their page shows. */
export class TrackingLinksRepo extends Repo {
  /** Stores a new link of the order by the hash of its token. */
  async create(orderId: number, tokenHash: string, userId: number, expiresAt: Date): Promise<number> {
    const [row] = await this.db
      .insert(orderTrackingLinks)
      .values({ freight_order_id: orderId, token_hash: tokenHash, created_by: userId, expires_at: expiresAt })
      .returning({ id: orderTrackingLinks.id });
    if (!row) throw new Error("insert returned no row");
    return row.id;
  }

  /** The order's links, newest first (or the one `linkId` names), with their makers' names. */
  links(orderId: number, linkId?: number) {
    return this.db
      .select({
        id: orderTrackingLinks.id,
        created_at: orderTrackingLinks.created_at,
        expires_at: orderTrackingLinks.expires_at,
        revoked_at: orderTrackingLinks.revoked_at,
        last_opened_at: orderTrackingLinks.last_opened_at,
        first_name: users.first_name,
        last_name: users.last_name,
      })
      .from(orderTrackingLinks)
      .leftJoin(users, eq(users.id, orderTrackingLinks.created_by))
      .where(
        and(
          eq(orderTrackingLinks.freight_order_id, orderId),
          linkId === undefined ? undefined : eq(orderTrackingLinks.id, linkId),
        ),
      )
      .orderBy(desc(orderTrackingLinks.id));
  }

  /** Revokes the order's link now, unless it was revoked already (the first revocation's time stays). */
  async revoke(orderId: number, linkId: number, userId: number): Promise<void> {
    await this.db
      .update(orderTrackingLinks)
      .set({ revoked_at: sql`now()`, revoked_by: userId })
      .where(
        and(
          eq(orderTrackingLinks.id, linkId),
          eq(orderTrackingLinks.freight_order_id, orderId),
          isNull(orderTrackingLinks.revoked_at),
        ),
      );
  }

  /**
   * The order an active link's token hash opens (not revoked, not expired, its order not deleted), marking the link
   * opened now; undefined for any other hash.
   */
  /** Whether the token is a live link of the order (not revoked, not expired), without counting it as opened. */
  async isLive(orderId: number, tokenHash: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: orderTrackingLinks.id })
      .from(orderTrackingLinks)
      .where(
        and(
          eq(orderTrackingLinks.token_hash, tokenHash),
          eq(orderTrackingLinks.freight_order_id, orderId),
          isNull(orderTrackingLinks.revoked_at),
          gt(orderTrackingLinks.expires_at, sql`now()`),
        ),
      );
    return row !== undefined;
  }

  async open(tokenHash: string): Promise<number | undefined> {
    const [row] = await this.db
      .update(orderTrackingLinks)
      .set({ last_opened_at: sql`now()` })
      .from(freightOrders)
      .where(
        and(
          eq(orderTrackingLinks.token_hash, tokenHash),
          isNull(orderTrackingLinks.revoked_at),
          gt(orderTrackingLinks.expires_at, sql`now()`),
          eq(freightOrders.id, orderTrackingLinks.freight_order_id),
          isNull(freightOrders.deleted_at),
        ),
      )
      .returning({ orderId: orderTrackingLinks.freight_order_id });
    return row?.orderId;
  }

  /** The order's columns the public page shows, and no other. */
  async publicOrder(orderId: number) {
    const [row] = await this.db
      .select({
        id: freightOrders.id,
        status_name: freightOrderStatuses.name,
        status_name_en: freightOrderStatuses.name_en,
        dispatch_location: freightOrders.dispatch_location,
        destination: freightOrders.destination,
        border_crossing_point_name: freightOrders.border_crossing_point_name,
        consignor_countrycode: freightOrders.consignor_countrycode,
        consignee_countrycode: freightOrders.consignee_countrycode,
        preferred_shipping_period_start: freightOrders.preferred_shipping_period_start,
        preferred_shipping_period_end: freightOrders.preferred_shipping_period_end,
      })
      .from(freightOrders)
      .leftJoin(freightOrderStatuses, eq(freightOrderStatuses.id, freightOrders.status))
      .where(eq(freightOrders.id, orderId));
    return row;
  }

  /** The order's containers (number, type), in the order they were added. */
  publicContainers(orderId: number) {
    return this.db
      .select({
        id: containers.id,
        container: containers.container,
        type_code: containerTypes.code,
        type_name: containerTypes.description,
        type_name_en: containerTypes.description_en,
      })
      .from(containers)
      .leftJoin(containerTypes, eq(containerTypes.id, containers.container_type))
      .where(eq(containers.freight_order_id, orderId))
      .orderBy(asc(containers.id));
  }

  /** The containers' milestones, by day. */
  milestones(containerIds: number[]) {
    if (containerIds.length === 0) return Promise.resolve([]);
    return this.db
      .select({
        container_id: containerEvents.container_id,
        event_type: containerEvents.event_type,
        event_code: containerEvents.event_code,
        event_date: containerEvents.event_date,
      })
      .from(containerEvents)
      .where(
        and(
          inArray(containerEvents.container_id, containerIds),
          eq(containerEvents.source, "portal"),
          inArray(containerEvents.event_code, MILESTONE_CODES),
        ),
      )
      .orderBy(asc(containerEvents.event_date), asc(containerEvents.id));
  }
}
