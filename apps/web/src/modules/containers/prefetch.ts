import { queryClient } from "../../app/query-client";
import { prefetchFirstPage } from "../../components/data-grid/prefetch";
import { currentLanguage } from "../../i18n";
import { statusesQuery } from "../orders/api";
import { containersGrid } from "./containers-grid";

/** The calls /containers makes first, the grid's first page and the orders' statuses (to name them). */
export async function prefetchContainers(): Promise<void> {
  await Promise.all([
    prefetchFirstPage(containersGrid(currentLanguage())),
    queryClient.prefetchQuery(statusesQuery),
  ]);
}
