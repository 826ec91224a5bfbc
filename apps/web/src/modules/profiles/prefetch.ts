import { queryClient } from "../../app/query-client";
import { getSession } from "../../app/session";
import { prefetchFirstPage } from "../../components/data-grid/prefetch";
import { companyOptionsQuery } from "./api";
import { USERS_GRID } from "./users-grid";

/** The calls /profiles makes first, the grid's first page and the company choices: managers' only. */
export async function prefetchProfiles(): Promise<void> {
  // Anyone else is sent elsewhere by the route guard
  if (!getSession().user?.is_manager) return;
  await Promise.all([prefetchFirstPage(USERS_GRID), queryClient.prefetchQuery(companyOptionsQuery)]);
}
