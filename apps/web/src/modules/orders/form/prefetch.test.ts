import { describe, expect, it, vi } from "vitest";
import { reportApiFailure } from "../../../app/errors";
import { queryClient } from "../../../app/query-client";
import { fakeApi, withFakeApi } from "../../../app/test-api";
import { orders, statusesQuery, workflowQuery } from "../api";
import { prefetchOrder } from "./prefetch";

vi.mock("../../../app/errors", () => ({ reportApiFailure: vi.fn(), reportValidationMarker: vi.fn() }));

const ORDER = { id: 16, status: 3, version: 4 };
const WORKFLOW = [{ id: 4, name: "На доработке" }];
const STATUSES = [{ id: 3, name: "На согласовании" }];

/** The order 16's calls answered as the API does; `orderStatus` for the order's own. */
function serve(orderStatus = 200): string[] {
  return fakeApi({
    "/tracking/api/freight_orders/16/":
      orderStatus === 200 ? [200, ORDER] : [orderStatus, { detail: "Не найдено." }],
    "/tracking/api/freight_orders/16/wf/": [200, WORKFLOW],
    "/tracking/api/freight-order-statuses/": [200, { count: 1, results: STATUSES }],
  });
}

withFakeApi();

describe("an order form's prefetch", () => {
  it("reads the order, its workflow and the statuses into the queries the form reads", async () => {
    const paths = serve();
    await prefetchOrder("16");
    expect(paths.sort()).toEqual([
      "/tracking/api/freight-order-statuses/",
      "/tracking/api/freight_orders/16/",
      "/tracking/api/freight_orders/16/wf/",
    ]);
    expect(queryClient.getQueryData(orders.oneQuery(16).queryKey)).toEqual(ORDER);
    expect(queryClient.getQueryData(workflowQuery(16).queryKey)).toEqual(WORKFLOW);
    expect(queryClient.getQueryData(statusesQuery.queryKey)).toEqual(STATUSES);
  });

  it.each([undefined, "abc", "0", "-3", "1e3", "99999999999999999"])(
    "asks nothing for an address that names no order (%s)",
    async (id) => {
      const paths = serve();
      await prefetchOrder(id);
      expect(paths).toEqual([]);
    },
  );

  it("leaves an order it may not read to the page: no message, the refusal kept for it", async () => {
    serve(404);
    await prefetchOrder("16");
    expect(reportApiFailure).not.toHaveBeenCalled();
    expect(queryClient.getQueryState(orders.oneQuery(16).queryKey)?.status).toBe("error");
  });
});
