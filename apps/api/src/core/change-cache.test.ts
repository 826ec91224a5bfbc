import { afterEach, describe, expect, it, vi } from "vitest";
import { ChangeCache } from "./change-cache.ts";
import type { LiveHub, LiveObserver } from "./live-hub.ts";

/** A hub whose feed this test speaks for: `tell` is a notice heard by every observer. */
function feed() {
  const observers: LiveObserver[] = [];
  const hub = {
    observe: async (observer: LiveObserver) => {
      observers.push(observer);
      return () => undefined;
    },
  } as unknown as LiveHub;
  const tell = (resource: "freight_orders" | "containers", companies: number[]) => {
    for (const observer of observers) observer.change({ resource, id: 1, action: "changed", companies });
  };
  return { hub, tell };
}

afterEach(() => vi.useRealTimers());

describe("ChangeCache", () => {
  it("keeps a value until a change of its companies, or of any company for a value of every company", async () => {
    const { hub, tell } = feed();
    const cache = new ChangeCache(hub, ["freight_orders"]);
    let computed = 0;
    const compute = async () => ++computed;
    expect(await cache.get("a", [1], compute)).toBe(1);
    expect(await cache.get("all", null, compute)).toBe(2);
    expect(await cache.get("a", [1], compute)).toBe(1);
    // Another resource's change, and another company's, leave company 1's value
    tell("containers", [1]);
    tell("freight_orders", [2]);
    expect(await cache.get("a", [1], compute)).toBe(1);
    expect(await cache.get("all", null, compute)).toBe(3);
    tell("freight_orders", [1]);
    expect(await cache.get("a", [1], compute)).toBe(4);
  });

  it("computes anew a value older than its maximum age", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-26T10:00:00Z"), toFake: ["Date"] });
    const cache = new ChangeCache(feed().hub, ["freight_orders"], 1000, 60_000);
    let computed = 0;
    const compute = async () => ++computed;
    expect(await cache.get("a", null, compute)).toBe(1);
    vi.setSystemTime(new Date("2026-11-26T10:00:59Z"));
    expect(await cache.get("a", null, compute)).toBe(1);
    vi.setSystemTime(new Date("2026-11-26T10:01:01Z"));
    expect(await cache.get("a", null, compute)).toBe(2);
    expect(await cache.get("a", null, compute)).toBe(2);
  });

  it("keeps no failure: the next caller computes again", async () => {
    const cache = new ChangeCache(feed().hub, ["freight_orders"]);
    await expect(cache.get("a", null, () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("a", null, async () => 7)).toBe(7);
  });
});
