// No zod here: the dashboard's page reads these (the answers' schemas are schemas.ts, for the API and tests)
import { APPROVED_STATUS } from "../orders/fields.ts";

/**
 * The stages of a container's journey the dashboard counts, in the journey's order: waiting (none of the dates
 * below yet), on the railway, at the border, released.
 */
export const CONTAINER_STAGES = ["waiting", "on_rail", "at_border", "released"] as const;
export type ContainerStage = (typeof CONTAINER_STAGES)[number];

/** The track dates a container's stage is read from. */
type StageDate = "railway_trip_start_date" | "arrival_at_border_date" | "final_release_date";

/**
 * The one definition of a container's stage: the first rule whose date is set wins, else `waiting`. A later stage's
 * date decides even when an earlier one's is missing (a domestic route has no border; a date may be filled late).
 * The API compiles the same list into its SQL (`case when … is not null`), so both sides count alike.
 */
export const CONTAINER_STAGE_RULES: readonly {
  stage: Exclude<ContainerStage, "waiting">;
  date: StageDate;
}[] = [
  { stage: "released", date: "final_release_date" },
  { stage: "at_border", date: "arrival_at_border_date" },
  { stage: "on_rail", date: "railway_trip_start_date" },
];

/** A container's stage by its track dates (CONTAINER_STAGE_RULES). */
export function containerStage(container: Partial<Record<StageDate, string | null>>): ContainerStage {
  return CONTAINER_STAGE_RULES.find((rule) => container[rule.date])?.stage ?? "waiting";
}

/** How many weeks the orders' chart shows: the current one and the eleven before it. */
export const DASHBOARD_WEEKS = 12;

/**
 * Moscow's offset from UTC: fixed at +3 hours since 2014 (no summer time), so a week's start is one instant. Weeks
 * are the forwarder's: they begin on Monday 00:00 in Moscow, whoever looks.
 */
const MOSCOW_OFFSET = "+03:00";
const DAY_MS = 86_400_000;

/**
 * The Mondays (`yyyy-MM-dd`, Moscow) of the dashboard's weeks at `now`, oldest first: ISO weeks, the last one the
 * week `now` falls in, in Moscow.
 */
export function dashboardWeeks(now: Date): string[] {
  const moscow = new Date(now.getTime() + 3 * 3_600_000);
  // Monday is 0 (ISO weeks), Sunday 6
  const weekday = (moscow.getUTCDay() + 6) % 7;
  const monday =
    Date.UTC(moscow.getUTCFullYear(), moscow.getUTCMonth(), moscow.getUTCDate()) - weekday * DAY_MS;
  return Array.from({ length: DASHBOARD_WEEKS }, (_, index) =>
    new Date(monday - (DASHBOARD_WEEKS - 1 - index) * 7 * DAY_MS).toISOString().slice(0, 10),
  );
}

/** The instant a dashboard week (its Monday, as `dashboardWeeks` gives it) begins: Monday 00:00 in Moscow. */
export function weekStart(monday: string): Date {
  return new Date(`${monday}T00:00:00${MOSCOW_OFFSET}`);
}

/** The lists a waiting count links to, each filtered by one of its fields. */
export type WaitingList = "freight_orders" | "containers" | "users";

/**
 * What waits for a user (issue 17), each a count of one list's rows with one field's value, and a link to that
 * list filtered so. Clients: their orders returned for correction, their approved orders waiting for the signed
 * order, their rejected packages. Staff: the orders submitted for approval, the sign-ups waiting for confirmation,
 * the packages the exchange failed on.
 */
export const WAITING_ITEMS = {
  client: [
    { key: "orders_to_correct", list: "freight_orders", field: "status", value: 4 },
    { key: "orders_to_sign", list: "freight_orders", field: "status", value: APPROVED_STATUS },
    { key: "packages_rejected", list: "containers", field: "pkg_state", value: "rejected" },
  ],
  manager: [
    { key: "orders_submitted", list: "freight_orders", field: "status", value: 3 },
    { key: "signups_pending", list: "users", field: "state", value: "pending" },
    { key: "packages_failed", list: "containers", field: "pkg_state", value: "processing_error" },
  ],
} as const satisfies Record<
  "client" | "manager",
  readonly { key: string; list: WaitingList; field: string; value: string | number }[]
>;
export type WaitingItem = (typeof WAITING_ITEMS)[keyof typeof WAITING_ITEMS][number];
export type WaitingKey = WaitingItem["key"];

/** The waiting counts a user is shown: staff's or a client's. */
export function waitingItemsOf(user: { is_manager: boolean }): readonly WaitingItem[] {
  return user.is_manager ? WAITING_ITEMS.manager : WAITING_ITEMS.client;
}
