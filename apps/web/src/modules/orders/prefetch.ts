import { queryClient } from "../../app/query-client";
import { prefetchFirstPage } from "../../components/data-grid/prefetch";
import { currentLanguage } from "../../i18n";
import { statusesQuery } from "./api";
import { ordersGrid } from "./orders-grid";

/** The calls /freight-orders makes first, the grid's first page and the statuses (to name them). */
export async function prefetchOrders(): Promise<void> {
  await Promise.all([
    prefetchFirstPage(ordersGrid(currentLanguage())),
    queryClient.prefetchQuery(statusesQuery),
  ]);
}
