import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EventStreamReader } from "./event-stream";
import { createLiveRefresher, showsChanges } from "./live-refresh";

const ORDERS = "/tracking/api/freight_orders/";
const MONITORING = "/tracking/api/monitoring/";
const TERMINAL_REPORT = "/tracking/api/reports/terminal-utro/";
const WAITING = "/api/dashboard/waiting/";
const CHARTS = "/api/dashboard/charts/";

describe("showsChanges: the queries a change touches", () => {
  const shows = showsChanges([{ resource: "freight_orders", id: 12, action: "changed" }]);

  it.each([
    ["a grid page of the orders", ["grid", "orders", ORDERS, { skip: 0 }], true],
    ["a grid's groups of the orders", ["grid", "orders", ORDERS, "groups", null], true],
    ["the orders for a select", ["resource", ORDERS, "all", "-id"], true],
    ["the changed order", ["resource", ORDERS, "one", 12], true],
    ["the changed order's workflow", ["resource", ORDERS, "one", 12, "wf"], true],
    ["another order", ["resource", ORDERS, "one", 13], false],
    ["a grid of another resource", ["grid", "companies", "/profile/api/companies/", {}], false],
    ["a row of another resource", ["resource", "/profile/api/companies/", "one", 12], false],
    ["the order's documents", ["resource", `${ORDERS}12/files/`, "all", "id"], false],
    // Its containers' changes are announced as containers (the next cases): the order's own change leaves them
    ["the order's containers grid", ["grid", "order-containers", `${ORDERS}12/containers/`, {}], false],
    ["the statuses", ["freight-order-statuses"], false],
    [
      "the tracking of one of the order's containers",
      ["resource", `${ORDERS}12/containers/7/tracking/`],
      true,
    ],
    ["the tracking of another order's container", ["resource", `${ORDERS}13/containers/7/tracking/`], false],
    ["the order's containers", ["grid", "order-containers", `${ORDERS}12/containers/`, {}], false],
    // Any monitoring or terminal report row may be one of the order's containers, showing its values
    ["the monitoring grid", ["grid", "monitoring", MONITORING, { skip: 0 }], true],
    ["a monitoring row", ["resource", MONITORING, "one", 7], true],
    ["the terminal report", ["grid", "terminal-report", TERMINAL_REPORT, "groups", null], true],
    // The dashboard counts orders by status
    ["the dashboard's waiting counts", ["resource", WAITING], true],
    ["the dashboard's charts", ["resource", CHARTS, null], true],
  ])("%s: %s", (_name, key, expected) => {
    expect(shows(key)).toBe(expected);
  });
});

describe("showsChanges: the queries a container's change touches", () => {
  const CONTAINERS = "/tracking/api/containers/";
  const shows = showsChanges([{ resource: "containers", id: 7, action: "changed" }]);

  it.each([
    ["the containers list", ["grid", "containers", CONTAINERS, { skip: 0 }], true],
    ["the changed container", ["resource", CONTAINERS, "one", 7], true],
    ["another container", ["resource", CONTAINERS, "one", 8], false],
    ["an order's containers grid", ["grid", "order-containers", `${ORDERS}12/containers/`, {}], true],
    [
      "an order's count of containers",
      ["grid", "order-containers", `${ORDERS}12/containers/`, "total"],
      true,
    ],
    ["the container's tracking", ["resource", `${ORDERS}12/containers/7/tracking/`], true],
    ["the container's labels", ["resource", `${ORDERS}12/containers/7/labels/`], true],
    ["another container's labels", ["resource", `${ORDERS}12/containers/8/labels/`], false],
    ["the order itself", ["resource", ORDERS, "one", 12], false],
    ["the order's documents", ["resource", `${ORDERS}12/files/`, "all", "id"], false],
    // A monitoring or terminal report row is its container's: their lists and that row show the container's values
    ["the monitoring grid", ["grid", "monitoring", MONITORING, { skip: 0 }], true],
    ["the container's monitoring row", ["resource", MONITORING, "one", 7], true],
    ["another container's monitoring row", ["resource", MONITORING, "one", 8], false],
    ["the terminal report", ["grid", "terminal-report", TERMINAL_REPORT, { skip: 0 }], true],
    ["the container's terminal report row", ["resource", TERMINAL_REPORT, "one", 7], true],
    ["another container's terminal report row", ["resource", TERMINAL_REPORT, "one", 8], false],
    // The dashboard counts containers by stage and packages by state
    ["the dashboard's charts", ["resource", CHARTS, 3], true],
  ])("%s: %s", (_name, key, expected) => {
    expect(shows(key)).toBe(expected);
  });
});

describe("showsChanges: the queries a user's change touches (a sign-up or its decision, heard by staff)", () => {
  const USERS = "/profile/api/users/";
  const shows = showsChanges([{ resource: "users", id: 9, action: "changed" }]);

  it.each([
    ["the users grid", ["grid", "profiles", USERS, { skip: 0 }], true],
    ["the changed user", ["resource", USERS, "one", 9], true],
    ["another user", ["resource", USERS, "one", 10], false],
    ["a company's employees grid", ["grid", "employees", "/profile/api/companies/4/users/", {}], true],
    ["the dashboard's waiting counts", ["resource", WAITING], true],
    // The charts count orders and containers only
    ["the dashboard's charts", ["resource", CHARTS, null], false],
    ["the orders grid", ["grid", "orders", ORDERS, { skip: 0 }], false],
    // The user's own account (an approval): their page follows it without waiting for the window's focus
    ["the changed user's own account", ["me", 9], true],
    ["another user's own account", ["me", 10], false],
  ])("%s: %s", (_name, key, expected) => {
    expect(shows(key)).toBe(expected);
  });

  it("leaves the user's own account alone when other resources change", () => {
    expect(showsChanges([{ resource: "freight_orders", id: 9, action: "changed" }])(["me", 9])).toBe(false);
  });
});

describe("showsChanges: the queries a monitoring or terminal report change touches", () => {
  const shows = showsChanges([{ resource: "monitoring", id: 7, action: "changed" }]);

  it.each([
    ["the monitoring grid", ["grid", "monitoring", MONITORING, { skip: 0 }], true],
    ["the changed row", ["resource", MONITORING, "one", 7], true],
    // Their own columns are shown nowhere else
    ["the terminal report", ["grid", "terminal-report", TERMINAL_REPORT, { skip: 0 }], false],
    ["the containers list", ["grid", "containers", "/tracking/api/containers/", { skip: 0 }], false],
    ["the container", ["resource", "/tracking/api/containers/", "one", 7], false],
  ])("%s: %s", (_name, key, expected) => {
    expect(shows(key)).toBe(expected);
  });
});

/** A query on screen (an observer holds it) whose fetches the test counts and finishes when it says. */
function watchedQuery(client: QueryClient, queryKey: unknown[]) {
  const fetches: ((value: string) => void)[] = [];
  const observer = new QueryObserver(client, {
    queryKey,
    queryFn: () => new Promise<string>((resolve) => fetches.push(resolve)),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const unsubscribe = observer.subscribe(() => undefined);
  return { fetches, unsubscribe };
}

describe("createLiveRefresher", () => {
  afterEach(() => vi.useRealTimers());

  it("refreshes each touched query on screen once for a burst of changes, and nothing else", async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const list = watchedQuery(client, ["grid", "orders", ORDERS, { skip: 0 }]);
    const row = watchedQuery(client, ["resource", ORDERS, "one", 12]);
    const other = watchedQuery(client, ["resource", ORDERS, "one", 13]);
    for (const query of [list, row, other]) query.fetches.shift()?.("first");
    await vi.runAllTimersAsync();

    const refresher = createLiveRefresher(client, 100);
    for (const action of ["changed", "changed", "deleted"] as const) {
      refresher.add({ resource: "freight_orders", id: 12, action });
    }
    expect(list.fetches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(list.fetches).toHaveLength(1);
    expect(row.fetches).toHaveLength(1);
    expect(other.fetches).toHaveLength(0);
    for (const query of [list, row, other]) query.unsubscribe();
  });

  it("leaves a fetch that began after the change to finish, and fetches again one under way before it", async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const early = watchedQuery(client, ["grid", "orders", ORDERS, { skip: 0 }]);
    early.fetches.shift()?.("first");
    await vi.runAllTimersAsync();
    // The list is being fetched again (another page, a focus) when the change is heard: that answer may predate it
    void client.refetchQueries({ queryKey: ["grid"] });
    expect(early.fetches).toHaveLength(1);
    const refresher = createLiveRefresher(client, 100);
    refresher.add({ resource: "freight_orders", id: 5, action: "changed" });
    // The row's page opens after the change: its first fetch already sees it
    const late = watchedQuery(client, ["resource", ORDERS, "one", 5]);
    await vi.advanceTimersByTimeAsync(100);
    expect(early.fetches).toHaveLength(2);
    expect(late.fetches).toHaveLength(1);
    early.unsubscribe();
    late.unsubscribe();
  });

  it("refreshes every list and row of the live resources on a resync", async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const row = watchedQuery(client, ["resource", ORDERS, "one", 40]);
    const unrelated = watchedQuery(client, ["freight-order-statuses"]);
    for (const query of [row, unrelated]) query.fetches.shift()?.("first");
    await vi.runAllTimersAsync();
    const refresher = createLiveRefresher(client, 100);
    refresher.refreshAll();
    await vi.advanceTimersByTimeAsync(100);
    expect(row.fetches).toHaveLength(1);
    expect(unrelated.fetches).toHaveLength(0);
    row.unsubscribe();
    unrelated.unsubscribe();
  });
});

describe("EventStreamReader", () => {
  it("reads events split anywhere across pieces, skipping comments and joining data lines", () => {
    const reader = new EventStreamReader();
    const text =
      'event: ready\ndata: {"heartbeat_seconds":25}\n\n: heartbeat\n\nevent: change\r\ndata: a\r\ndata: b\r\n\r\ndata: plain\n\n';
    const events = [...text].flatMap((character) => reader.feed(character));
    expect(events).toEqual([
      { event: "ready", data: '{"heartbeat_seconds":25}' },
      { event: "change", data: "a\nb" },
      { event: "message", data: "plain" },
    ]);
  });
});
