import { describe, expect, it, vi } from "vitest";
import { reportApiFailure } from "../../app/errors";
import { queryClient } from "../../app/query-client";
import { fakeApi, withFakeApi } from "../../app/test-api";
import { statusesQuery } from "../orders/api";
import { containers } from "./api";
import { prefetchContainer } from "./form-prefetch";

vi.mock("../../app/errors", () => ({ reportApiFailure: vi.fn(), reportValidationMarker: vi.fn() }));

const CONTAINER = { id: 45, container: "MSKU1234565", version: 2 };
const STATUSES = [{ id: 5, name: "В работе" }];

/** The container 45's calls answered as the API does; `containerStatus` for the container's own. */
function serve(containerStatus = 200): string[] {
  return fakeApi({
    "/tracking/api/containers/45/":
      containerStatus === 200 ? [200, CONTAINER] : [containerStatus, { detail: "Не найдено." }],
    "/tracking/api/freight-order-statuses/": [200, { count: 1, results: STATUSES }],
  });
}

withFakeApi();

describe("a container form's prefetch", () => {
  it("reads the container and the statuses into the queries the form reads", async () => {
    const paths = serve();
    await prefetchContainer("45");
    expect(paths.sort()).toEqual(["/tracking/api/containers/45/", "/tracking/api/freight-order-statuses/"]);
    expect(queryClient.getQueryData(containers.oneQuery(45).queryKey)).toEqual(CONTAINER);
    expect(queryClient.getQueryData(statusesQuery.queryKey)).toEqual(STATUSES);
  });

  it.each([undefined, "abc", "0", "4.5"])(
    "asks nothing for an address that names no container (%s)",
    async (id) => {
      const paths = serve();
      await prefetchContainer(id);
      expect(paths).toEqual([]);
    },
  );

  it("leaves a container the user may not see to the page: no message, the refusal kept for it", async () => {
    serve(404);
    await prefetchContainer("45");
    expect(reportApiFailure).not.toHaveBeenCalled();
    expect(queryClient.getQueryState(containers.oneQuery(45).queryKey)?.status).toBe("error");
  });
});
