import { apiRequest } from "../../app/api-client";
import { queryClient } from "../../app/query-client";
import { getSession } from "../../app/session";
import { initialListRequest } from "../../components/data-grid/list-request";
import { companyOptionsQuery } from "./api";
import { USERS_GRID } from "./users-grid";

/**
 * Makes the calls /profiles makes first, the grid's first page and the company choices, while the page's code
 * is still loading (router.tsx, lazyPage): the grid then renders its rows at once instead of asking for them
 * after its first render. Resolves when both have answered (or failed: the page asks again itself).
 */
export async function prefetchProfiles(): Promise<void> {
  const user = getSession().user;
  // Anyone else is sent elsewhere by the route guard
  if (!user?.is_manager) return;
  const first = initialListRequest(USERS_GRID, new URLSearchParams(window.location.search), user.id);
  await Promise.all([
    queryClient.prefetchQuery({
      queryKey: first.queryKey,
      queryFn: ({ signal }) => apiRequest(first.url, { signal, silent: true }),
    }),
    queryClient.prefetchQuery(companyOptionsQuery),
  ]);
}
