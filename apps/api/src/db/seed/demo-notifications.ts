import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import {
  containerEvent,
  orderEvent,
  orderStatusEvent,
  signupEvent,
} from "../../modules/notifications/events.ts";
import { NotificationsRepo } from "../../modules/notifications/repo.ts";
import type { NotificationEvent } from "../../modules/notifications/service.ts";
import { NotificationsService } from "../../modules/notifications/service.ts";
import type { Db } from "../client.ts";
import { containers, freightOrders, notificationEvents, notifications } from "../schema/index.ts";

/** A manager or a client as an event's actor. */
const actor = (id: number, isManager: boolean) => ({ id, is_manager: isManager });

/**
 * The demo's notifications, told through the notifications' own `emit` (so each reaches whom it would): the latest
 * status moves of the demo orders with their comments, an approved cost, a paid order, a customs package's
 * verdict and the applicant waiting for confirmation, spread over the last days; the older ones already read.
 */
export async function seedNotifications(db: Db, userIds: Map<string, number>): Promise<void> {
  const notifier = new NotificationsService(db, new NotificationsRepo(db));
  const id = (username: string) => userIds.get(username) ?? 0;
  const [manager, client] = [actor(id("manager"), true), actor(id("client"), false)];
  const orders = await db
    .select({
      id: freightOrders.id,
      company: freightOrders.company_id,
      status: freightOrders.status,
      status_comment: freightOrders.status_comment,
      approved_cost: freightOrders.approved_cost,
      is_paid: freightOrders.is_paid,
    })
    .from(freightOrders)
    .orderBy(asc(freightOrders.id));
  const withStatus = (status: number) => orders.find((order) => order.status === status);
  const told: [NotificationEvent | null, hoursAgo: number][] = [];
  for (const [status, by, hoursAgo] of [
    [5, client, 70],
    [2, manager, 50],
    [3, client, 26],
    [4, manager, 3],
  ] as const) {
    const order = withStatus(status);
    if (order) told.push([orderStatusEvent(by, order), hoursAgo]);
  }
  const costed = orders.find((order) => order.approved_cost !== null);
  if (costed)
    told.push([orderEvent("order_cost_approved", manager, costed, { cost: costed.approved_cost }), 48]);
  const paid = orders.find((order) => order.is_paid);
  if (paid) told.push([orderEvent("order_paid", actor(id("head"), true), paid), 30]);
  const [decided] = await db
    .select({
      id: containers.id,
      company: freightOrders.company_id,
      state: containers.pkg_state,
      message: containers.pkg_message,
    })
    .from(containers)
    .innerJoin(freightOrders, eq(freightOrders.id, containers.freight_order_id))
    .where(and(isNotNull(containers.pkg_state), inArray(containers.pkg_state, ["accepted", "rejected"])))
    .orderBy(asc(containers.id))
    .limit(1);
  if (decided) {
    const kind = decided.state === "accepted" ? "package_accepted" : "package_rejected";
    told.push([containerEvent(kind, null, decided, { message: decided.message }), 20]);
  }
  const applicant = id("applicant");
  told.push([signupEvent(actor(applicant, false), "new", { id: applicant, state: "pending" }), 5]);

  // Oldest first: the entries' order (by id) is the order they came in
  told.sort((a, b) => b[1] - a[1]);
  for (const [event, hoursAgo] of told) {
    if (!event) continue;
    const entries = await notifier.emit(db, event);
    const [first] = entries;
    if (!first) continue;
    // Told over the last days rather than all at once; what came more than a day ago has been read
    const at = sql`now() - make_interval(hours => ${hoursAgo})`;
    const ids = entries.map((entry) => entry.id);
    await db
      .update(notifications)
      .set({ created_at: at, read_at: hoursAgo > 24 ? at : null })
      .where(inArray(notifications.id, ids));
    await db
      .update(notificationEvents)
      .set({ created_at: at })
      .where(eq(notificationEvents.id, sql`(select event_id from ${notifications} where id = ${first.id})`));
  }
}
