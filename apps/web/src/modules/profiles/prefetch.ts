import { apiFetch } from "../../app/api-client";
import { queryClient } from "../../app/query-client";
import { getSession } from "../../app/session";
import { initialListRequest } from "../../components/data-grid/list-request";
import { companyOptionsQuery } from "./api";
import { USERS_GRID } from "./users-grid";

/**
 * Starts the calls /profiles makes first, the grid's first page and the company choices, while the page's
 * code is still loading (router.tsx): the grid then renders its rows at once instead of asking for them
 * after its first render.
 */
export function prefetchProfiles(): void {
  const user = getSession().user;
  // Anyone else is sent elsewhere by the route guard
  if (!user?.is_manager) return;
  const first = initialListRequest(USERS_GRID, new URLSearchParams(window.location.search), user.id);
  void queryClient.prefetchQuery({
    queryKey: first.queryKey,
    queryFn: ({ signal }) => apiFetch(first.url, { signal, silent: true }),
  });
  void queryClient.prefetchQuery(companyOptionsQuery);
}
