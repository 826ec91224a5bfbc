import { z } from "zod";
import { PKG_STATES } from "../containers/fields.ts";
import { CONTAINER_STAGES, WAITING_ITEMS, type WaitingKey } from "./figures.ts";

const waitingKeys = [...WAITING_ITEMS.client, ...WAITING_ITEMS.manager].map((item) => item.key) as [
  WaitingKey,
  ...WaitingKey[],
];

/** GET /api/dashboard/waiting/: what waits for the user, each with its count (figures.ts, WAITING_ITEMS). */
export const dashboardWaitingAnswer = z.object({
  results: z.array(z.object({ key: z.enum(waitingKeys), count: z.number().int() })),
});
export type DashboardWaiting = z.infer<typeof dashboardWaitingAnswer>;

/** GET /api/dashboard/charts/: the query, a company to narrow the charts to (one of the user's, any for staff). */
export const dashboardChartsQuery = z.object({
  company: z.coerce.number().int().positive().max(2147483647).optional(),
});

/** GET /api/dashboard/charts/: the orders by status per week, the containers by stage, the packages by state. */
export const dashboardChartsAnswer = z.object({
  /** The company the charts are narrowed to, or null: every company the user sees. */
  company: z.object({ id: z.number(), name: z.string() }).nullable(),
  orders_by_week: z.object({
    /** The weeks' Mondays (`yyyy-MM-dd`, Moscow), oldest first; the last is the current week. */
    weeks: z.array(z.string()),
    /** Every status of the workflow in its order, with its orders created in each week (zeros included). */
    statuses: z.array(
      z.object({ id: z.number(), name: z.string(), name_en: z.string(), counts: z.array(z.number().int()) }),
    ),
  }),
  containers_by_stage: z.array(z.object({ stage: z.enum(CONTAINER_STAGES), count: z.number().int() })),
  packages_by_state: z.array(z.object({ state: z.enum(PKG_STATES), count: z.number().int() })),
});
export type DashboardCharts = z.infer<typeof dashboardChartsAnswer>;
