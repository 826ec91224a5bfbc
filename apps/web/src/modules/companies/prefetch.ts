import { apiRequest } from "../../app/api-client";
import { queryClient } from "../../app/query-client";
import { getSession } from "../../app/session";
import { initialListRequest } from "../../components/data-grid/list-request";
import { COMPANIES_GRID } from "./companies-grid";

/**
 * The first page of /companies, asked for while the page's code loads (router.tsx, lazyPage): the grid then
 * renders with its rows at once.
 */
export async function prefetchCompanies(): Promise<void> {
  const user = getSession().user;
  if (!user) return;
  const first = initialListRequest(COMPANIES_GRID, new URLSearchParams(window.location.search), user.id);
  await queryClient.prefetchQuery({
    queryKey: first.queryKey,
    queryFn: ({ signal }) => apiRequest(first.url, { signal, silent: true }),
  });
}
