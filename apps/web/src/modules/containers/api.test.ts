import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { refreshContainerCalls } from "./api";

describe("refreshContainerCalls", () => {
  it("marks stale the container's own calls under its order, and nothing else", async () => {
    const client = new QueryClient();
    const keys = {
      tracking: ["resource", "/tracking/api/freight_orders/12/containers/7/tracking/"],
      labels: ["resource", "/tracking/api/freight_orders/12/containers/7/labels/"],
      other: ["resource", "/tracking/api/freight_orders/12/containers/70/tracking/"],
      order: ["resource", "/tracking/api/freight_orders/", "one", 12],
    };
    for (const key of Object.values(keys)) client.setQueryData(key, { results: [] });
    await refreshContainerCalls(client, 12, 7);
    const isStale = (key: unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(isStale(keys.tracking)).toBe(true);
    expect(isStale(keys.labels)).toBe(true);
    expect(isStale(keys.other)).toBe(false);
    expect(isStale(keys.order)).toBe(false);
  });
});
