import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type LookupPage, LookupSearch, type LookupState, partlyShown } from "./lookup-search";

const ROWS = Array.from({ length: 45 }, (_, i) => `row ${i}`);

/** A server that answers the matching rows' page, after `delay` ms when asked. */
function server(delay = 0) {
  const calls: { search: string; skip: number; take: number }[] = [];
  const fetchPage = vi.fn((search: string, skip: number, take: number, signal: AbortSignal) => {
    calls.push({ search, skip, take });
    const matching = ROWS.filter((row) => row.includes(search));
    return new Promise<LookupPage<string>>((resolve, reject) => {
      const timer = setTimeout(
        () => resolve({ results: matching.slice(skip, skip + take), count: matching.length }),
        delay,
      );
      signal.addEventListener("abort", () => {
        clearTimeout(timer);
        reject(new Error("aborted"));
      });
    });
  });
  return { calls, fetchPage };
}

let states: LookupState<string>[];
beforeEach(() => {
  vi.useFakeTimers();
  states = [];
});
afterEach(() => vi.useRealTimers());

describe("LookupSearch", () => {
  it("asks the server once typing has paused for 400 ms, with the last text", async () => {
    const { calls, fetchPage } = server();
    const lookup = new LookupSearch(fetchPage, (state) => states.push(state));
    lookup.search("r");
    await vi.advanceTimersByTimeAsync(300);
    lookup.search("row 1");
    await vi.advanceTimersByTimeAsync(399);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([{ search: "row 1", skip: 0, take: 20 }]);
    await vi.runAllTimersAsync();
    expect(lookup.current).toMatchObject({ search: "row 1", count: 11, loading: false });
    expect(lookup.current.items).toHaveLength(11);
  });

  it("loads the next page at the end of the list, and stops when every row is there", async () => {
    const { calls, fetchPage } = server();
    const lookup = new LookupSearch(fetchPage, (state) => states.push(state));
    lookup.searchNow("");
    await vi.runAllTimersAsync();
    expect(lookup.current.items).toHaveLength(20);
    lookup.loadMore();
    await vi.runAllTimersAsync();
    lookup.loadMore();
    await vi.runAllTimersAsync();
    expect(lookup.current.items).toEqual(ROWS);
    lookup.loadMore();
    await vi.runAllTimersAsync();
    expect(calls.map((call) => call.skip)).toEqual([0, 20, 40]);
  });

  it.each([
    ["estimated below the rows there are", { count: 40, count_estimated: true as const }],
    ["capped", { count: 21, count_capped: true as const }],
  ])("reaches every row when the count is %s, and stops at the first short page", async (_kind, count) => {
    const calls: number[] = [];
    const fetchPage = vi.fn(async (_search: string, skip: number, take: number) => {
      calls.push(skip);
      return { results: ROWS.slice(skip, skip + take), ...count };
    });
    const lookup = new LookupSearch(fetchPage, (state) => states.push(state));
    lookup.searchNow("");
    await vi.runAllTimersAsync();
    for (let page = 0; page < 4; page += 1) {
      lookup.loadMore();
      await vi.runAllTimersAsync();
    }
    expect(lookup.current.items).toEqual(ROWS);
    expect(lookup.current.count).toBe(ROWS.length);
    expect(calls).toEqual([0, 20, 40]);
  });

  it("does not ask for the next page while one is loading", async () => {
    const { calls, fetchPage } = server(100);
    const lookup = new LookupSearch(fetchPage, (state) => states.push(state));
    lookup.searchNow("");
    await vi.advanceTimersByTimeAsync(100);
    lookup.loadMore();
    lookup.loadMore();
    await vi.advanceTimersByTimeAsync(100);
    expect(calls.map((call) => call.skip)).toEqual([0, 20]);
  });

  it("drops the answer of a search a newer one replaced", async () => {
    const { fetchPage } = server(200);
    const lookup = new LookupSearch(fetchPage, (state) => states.push(state));
    lookup.searchNow("row 4");
    await vi.advanceTimersByTimeAsync(50);
    lookup.searchNow("row 2");
    await vi.advanceTimersByTimeAsync(200);
    expect(lookup.current.search).toBe("row 2");
    expect(lookup.current.items.every((row) => row.includes("row 2"))).toBe(true);
    expect(states.some((state) => state.items.includes("row 40"))).toBe(false);
  });

  it("says the search failed and keeps the items it had", async () => {
    const lookup = new LookupSearch<string>(
      () => Promise.reject(new Error("offline")),
      (state) => states.push(state),
    );
    lookup.searchNow("x");
    await vi.runAllTimersAsync();
    expect(lookup.current).toMatchObject({ failed: true, loading: false, items: [] });
  });
  it("keeps the text typed into a closed field when the list opens at the first key", async () => {
    const { calls, fetchPage } = server();
    const lookup = new LookupSearch(fetchPage, (state) => states.push(state));
    lookup.search("row 4");
    lookup.open();
    await vi.advanceTimersByTimeAsync(400);
    expect(calls).toEqual([{ search: "row 4", skip: 0, take: 20 }]);
    lookup.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.at(-1)).toEqual({ search: "row 4", skip: 0, take: 20 });
  });

  it("offers none of the previous text's options while a new text waits for its pause or its answer", async () => {
    const { fetchPage } = server(100);
    const lookup = new LookupSearch(fetchPage, (state) => states.push(state));
    lookup.searchNow("");
    await vi.runAllTimersAsync();
    expect(lookup.current.items).toHaveLength(20);
    states = [];
    lookup.search("row 4");
    expect(lookup.current).toMatchObject({ search: "row 4", items: [], loading: true });
    await vi.advanceTimersByTimeAsync(450);
    expect(lookup.current).toMatchObject({ items: [], loading: true });
    await vi.runAllTimersAsync();
    expect(lookup.current.items).toEqual(ROWS.filter((row) => row.includes("row 4")));
    expect(states.every((state) => state.items.every((row) => row.includes("row 4")))).toBe(true);
  });

  it("drops an answer for an older text that arrives while a newer text waits for its pause", async () => {
    const { fetchPage } = server(300);
    const lookup = new LookupSearch(fetchPage, (state) => states.push(state));
    lookup.searchNow("row 1");
    await vi.advanceTimersByTimeAsync(100);
    states = [];
    lookup.search("row 2");
    await vi.runAllTimersAsync();
    expect(states.every((state) => state.items.every((row) => row.includes("row 2")))).toBe(true);
    expect(lookup.current.items).toEqual(ROWS.filter((row) => row.includes("row 2")));
  });
});

describe("partlyShown", () => {
  const items = Array.from({ length: 20 }, (_, index) => index);

  it("tells how much of a long list is loaded while the list is open", () => {
    expect(partlyShown({ items, count: 78 }, true)).toEqual({ shown: 20, count: 78 });
  });

  it("gives the field its hint back once the list closes on a choice", () => {
    expect(partlyShown({ items, count: 78 }, false)).toBeNull();
  });

  it("says nothing of a list loaded whole", () => {
    expect(partlyShown({ items, count: 20 }, true)).toBeNull();
  });
});
