import { addressId } from "../../../app/address-id";
import { queryClient } from "../../../app/query-client";
import { orders, statusesQuery, workflowQuery } from "../api";

/**
 * The calls /freight-orders/{id} makes first, the order, its workflow and the statuses, asked for while the form's
 * code loads: the form then renders once, with the order's values. Failures are left to the page (it asks again).
 */
export async function prefetchOrder(id: string | undefined): Promise<void> {
  const orderId = addressId(id);
  if (orderId === null) return;
  await Promise.all([
    queryClient.prefetchQuery(orders.oneQuery(orderId, { silent: true })),
    queryClient.prefetchQuery(workflowQuery(orderId, { silent: true })),
    queryClient.prefetchQuery(statusesQuery),
  ]);
}
