import {
  type containerFields,
  type EventClassifier,
  FORWARDER_TIME_ZONE,
  type Language,
  type RowOf,
  TRACK_DATE_EVENTS,
  type TrackDateField,
  type TrackingAnswer,
  type TrackingEvent,
} from "@portal/domain";
import type { PendingWrite } from "../../core/crud.ts";
import { NotFound } from "../../core/errors.ts";
import type { Principal } from "../../core/principal.ts";
import type { OrdersService } from "../orders/service.ts";
import type { StatusChangeRow, TrackingRepo } from "./tracking-repo.ts";

// A container's tracking (DOMAIN.md "Containers and the customs declaration system", docs/decisions.md
// "Containers"): the milestones of its track dates kept as events while it is written, and the history the container
// form's side column lists, newest first: those events, the customs system's, and the order's status changes.

type ContainerRow = RowOf<typeof containerFields>;

const TRACK_DATE_FIELDS = Object.keys(TRACK_DATE_EVENTS) as TrackDateField[];

/** Records the milestones of containers' track dates and answers containers' tracking. */
export class ContainerTracking {
  constructor(
    private readonly repo: TrackingRepo,
    private readonly orders: OrdersService,
  ) {}

  /**
   * The `record` step of a container's create or change, in its transaction with the row as saved: each track date
   * set records its milestone (by the writer, on the date set), a changed one moves it, a cleared one removes it.
   * One event a milestone a container, so the tracking shows each milestone once, on its current date.
   */
  /** Answers the events recorded (set, not removed). */
  async recordTrackDates({
    db,
    user,
    current,
    id,
    saved,
  }: PendingWrite<ContainerRow> & { id: number; saved: ContainerRow }): Promise<
    { code: string; date: string }[]
  > {
    const repo = this.repo.in(db);
    const recorded: { code: string; date: string }[] = [];
    for (const field of TRACK_DATE_FIELDS) {
      const before = current?.[field] ?? null;
      const after = saved[field] ?? null;
      if (before === after) continue;
      const event = TRACK_DATE_EVENTS[field];
      if (after === null) await repo.removeTrackDateEvent(id, event.code);
      else {
        await repo.setTrackDateEvent(id, event, after, user.id);
        recorded.push({ code: event.code, date: String(after) });
      }
    }
    return recorded;
  }

  /**
   * GET freight_orders/{fid}/containers/{id}/tracking/: the container's events and its order's status changes,
   * newest first (by day, then by when they were recorded). Days of status changes and "today" (a day still to come
   * is planned, `PLN`) are read in `timeZone`. 404 for an order outside the user's and a container of another order.
   */
  async tracking(
    user: Principal,
    orderId: number,
    containerId: number,
    lang: Language,
    timeZone = FORWARDER_TIME_ZONE,
  ): Promise<TrackingAnswer> {
    await this.orders.orders.get(user, orderId);
    if (!(await this.repo.hasContainer(orderId, containerId))) throw new NotFound();
    const today = dayIn(new Date(), timeZone);
    const classifier = (date: string): EventClassifier => (date > today ? "PLN" : "ACT");
    const changes = (await this.repo.statusChanges(orderId)).map(
      (row): TrackingEvent => statusEvent(row, orderId, lang, dayIn(row.modify_date, timeZone), classifier),
    );
    const own = (await this.repo.containerEvents(containerId)).map(
      (row): TrackingEvent => ({
        id: `event-${row.id}`,
        date: row.event_date,
        recorded_at: row.recorded_at.toISOString(),
        event_type: row.event_type,
        event_code: row.event_code,
        classifier: classifier(row.event_date),
        source: row.source,
        status: null,
        status_name: "",
        status_desc: "",
        document: null,
        pkg_pid: row.pkg_pid,
        message: row.message,
      }),
    );
    // Ids break ties of one millisecond: the later row first (`event-10` after `event-9`)
    const newestFirst = (a: TrackingEvent, b: TrackingEvent) =>
      b.date.localeCompare(a.date) ||
      b.recorded_at.localeCompare(a.recorded_at) ||
      b.id.localeCompare(a.id, "en", { numeric: true });
    return { results: [...changes, ...own].sort(newestFirst) };
  }
}

/**
 * An order's status change as a tracking event: the status named in the language, its comment as the description
 * where it says more than the name, and the signed document with the address it downloads from.
 */
function statusEvent(
  row: StatusChangeRow,
  orderId: number,
  lang: Language,
  date: string,
  classifier: (date: string) => EventClassifier,
): TrackingEvent {
  const name = (lang === "en" && row.status_name_en ? row.status_name_en : row.status_name) ?? "";
  const comment = row.status_comment.trim();
  return {
    id: `order-${row.id}`,
    date,
    recorded_at: row.modify_date.toISOString(),
    event_type: "shipment",
    event_code: "order_status",
    classifier: classifier(date),
    source: "portal",
    status: row.status,
    status_name: name,
    status_desc: comment !== name ? comment : "",
    document:
      row.sign_file_id === null
        ? null
        : {
            id: row.sign_file_id,
            filename: row.sign_filename ?? "",
            // Signed orders download from sign/, never from file/ (docs/decisions.md "Files and uploads")
            url: `/tracking/api/freight_orders/${orderId}/sign/${row.sign_file_id}`,
          },
    pkg_pid: null,
    message: "",
  };
}

/** The day (yyyy-MM-dd) a moment falls on in the time zone. */
export function dayIn(moment: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(moment);
}
