import { apiRequest } from "../../app/api-client";
import { queryClient } from "../../app/query-client";
import { getSession } from "../../app/session";
import { initialListRequest } from "../../components/data-grid/list-request";
import { currentLanguage } from "../../i18n";
import { statusesQuery } from "../orders/api";
import { containersGrid } from "./containers-grid";

/**
 * The calls /containers makes first, the grid's first page and the orders' statuses, asked for while the page's
 * code loads (router.tsx, lazyPage): the grid then renders once, with its rows and their statuses' names.
 */
export async function prefetchContainers(): Promise<void> {
  const user = getSession().user;
  if (!user) return;
  const grid = containersGrid(currentLanguage());
  const first = initialListRequest(grid, new URLSearchParams(window.location.search), user.id);
  await Promise.all([
    queryClient.prefetchQuery({
      queryKey: first.queryKey,
      queryFn: ({ signal }) => apiRequest(first.url, { signal, silent: true }),
    }),
    queryClient.prefetchQuery(statusesQuery),
  ]);
}
