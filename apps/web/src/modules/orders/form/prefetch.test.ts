import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { reportApiFailure } from "../../../app/errors";
import { queryClient } from "../../../app/query-client";
import { clearSession, setTokens } from "../../../app/session";
import { orders, statusesQuery, workflowQuery } from "../api";
import { prefetchOrder } from "./prefetch";

vi.mock("../../../app/errors", () => ({ reportApiFailure: vi.fn(), reportValidationMarker: vi.fn() }));

const ORDER = { id: 16, status: 3, version: 4 };
const WORKFLOW = [{ id: 4, name: "На доработке" }];
const STATUSES = [{ id: 3, name: "На согласовании" }];

let paths: string[];

/** Answers the order 16's calls as the API does; `status` for the order's own. */
function serve(orderStatus = 200) {
  paths = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const path = url.split("?")[0] ?? url;
      paths.push(path);
      const answer = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
      if (path === "/tracking/api/freight_orders/16/")
        return orderStatus === 200 ? answer(200, ORDER) : answer(orderStatus, { detail: "Не найдено." });
      if (path === "/tracking/api/freight_orders/16/wf/") return answer(200, WORKFLOW);
      if (path === "/tracking/api/freight-order-statuses/")
        return answer(200, { count: 1, results: STATUSES });
      return answer(404, { detail: "Не найдено." });
    }),
  );
}

beforeEach(() => {
  setTokens({ access: "access", refresh: "refresh" });
  // The answers' shapes are checked by the API's own tests: here only which calls go and where their answers land
  vi.stubEnv("DEV", false);
});
afterEach(() => {
  queryClient.clear();
  clearSession("user");
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.mocked(reportApiFailure).mockClear();
});

describe("an order form's prefetch", () => {
  it("reads the order, its workflow and the statuses into the queries the form reads", async () => {
    serve();
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
      serve();
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
