import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { reportApiFailure } from "../../app/errors";
import { queryClient } from "../../app/query-client";
import { clearSession, setTokens } from "../../app/session";
import { statusesQuery } from "../orders/api";
import { containers } from "./api";
import { prefetchContainer } from "./form-prefetch";

vi.mock("../../app/errors", () => ({ reportApiFailure: vi.fn(), reportValidationMarker: vi.fn() }));

const CONTAINER = { id: 45, container: "MSKU1234565", version: 2 };
const STATUSES = [{ id: 5, name: "В работе" }];

let paths: string[];

/** Answers the container 45's calls as the API does; `status` for the container's own. */
function serve(containerStatus = 200) {
  paths = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const path = url.split("?")[0] ?? url;
      paths.push(path);
      const answer = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
      if (path === "/tracking/api/containers/45/")
        return containerStatus === 200
          ? answer(200, CONTAINER)
          : answer(containerStatus, { detail: "Не найдено." });
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

describe("a container form's prefetch", () => {
  it("reads the container and the statuses into the queries the form reads", async () => {
    serve();
    await prefetchContainer("45");
    expect(paths.sort()).toEqual(["/tracking/api/containers/45/", "/tracking/api/freight-order-statuses/"]);
    expect(queryClient.getQueryData(containers.oneQuery(45).queryKey)).toEqual(CONTAINER);
    expect(queryClient.getQueryData(statusesQuery.queryKey)).toEqual(STATUSES);
  });

  it.each([undefined, "abc", "0", "4.5"])(
    "asks nothing for an address that names no container (%s)",
    async (id) => {
      serve();
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
