import { apiRequest } from "../../app/api-client";
import { queryClient } from "../../app/query-client";
import { getSession } from "../../app/session";
import { type GridSource, initialListRequest } from "./list-request";

/**
 * Asks for a grid page's first rows, as the address and the user's saved layout make its first call, while the page's
 * code loads (router.tsx, lazyPage): the grid then renders once, with its rows. Nothing for a signed-out visitor (the
 * route guard sends them away). Resolves when the rows have answered, or failed: the page asks again itself.
 */
export async function prefetchFirstPage(grid: GridSource): Promise<void> {
  const user = getSession().user;
  if (!user) return;
  const first = initialListRequest(grid, new URLSearchParams(window.location.search), user.id);
  await queryClient.prefetchQuery({
    queryKey: first.queryKey,
    queryFn: ({ signal }) => apiRequest(first.url, { signal, silent: true }),
  });
}
