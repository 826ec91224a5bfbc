import type { WaitingItem, WaitingList } from "@portal/domain";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../app/api-client";
import { urlParamNames } from "../../components/data-grid/url-state";

// The dashboard's figures (GET /api/dashboard/…). Their queries are keyed by their addresses, which the live stream
// refreshes on any change of an order or a container, and the waiting counts on a user's sign-up or its decision
// too (app/live/live-refresh.ts).

/** What waits for the user: the counts a client or a manager has to act on. */
export const waitingQuery = () =>
  queryOptions({
    queryKey: ["resource", "/api/dashboard/waiting/"],
    queryFn: ({ signal }) => apiFetch("GET /api/dashboard/waiting/", { signal }),
  });

/** The charts, over every company the user sees or one (`company`). */
export const chartsQuery = (company: number | null) =>
  queryOptions({
    queryKey: ["resource", "/api/dashboard/charts/", company],
    queryFn: ({ signal }) =>
      apiFetch("GET /api/dashboard/charts/", {
        signal,
        query: company === null ? {} : { company: String(company) },
      }),
  });

/**
 * The page and grid of each list a waiting count links to: the grid reads its filters from the page's address
 * (components/data-grid/url-state.ts), so the link opens the list filtered by the count's value. The grids' ids are
 * theirs (orders-grid.ts, containers-grid.ts, users-grid.ts; dashboard-links.test.ts holds them together).
 */
export const WAITING_LISTS: Record<WaitingList, { page: string; gridId: string }> = {
  freight_orders: { page: "/freight-orders", gridId: "freight-orders" },
  containers: { page: "/containers", gridId: "containers" },
  users: { page: "/profiles", gridId: "profiles" },
};

/** The address of the list a waiting count counts, filtered by its value. */
export function waitingLink(item: WaitingItem): string {
  const { page, gridId } = WAITING_LISTS[item.list];
  const params = new URLSearchParams({ [urlParamNames(gridId).filter(item.field)]: String(item.value) });
  return `${page}?${params}`;
}
