import { addressId } from "../../app/address-id";
import { queryClient } from "../../app/query-client";
import { statusesQuery } from "../orders/api";
import { containers } from "./api";

/**
 * The calls /containers/{id} makes first, the container and the orders' statuses, asked for while the form's code
 * loads: the form then renders once, with the container's values. Failures are left to the page (it asks again).
 */
export async function prefetchContainer(id: string | undefined): Promise<void> {
  const containerId = addressId(id);
  if (containerId === null) return;
  await Promise.all([
    queryClient.prefetchQuery(containers.oneQuery(containerId, { silent: true })),
    queryClient.prefetchQuery(statusesQuery),
  ]);
}
