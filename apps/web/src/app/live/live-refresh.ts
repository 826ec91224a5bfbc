import { LIVE_RESOURCES, type LiveChange, type LiveResource } from "@portal/domain";
import type { Query, QueryClient } from "@tanstack/react-query";
import { ME_QUERY } from "../me-query";

/** How long changes gather before their queries refresh: a burst of changes costs one request per query. */
export const LIVE_BATCH_MS = 150;

/** The rows each resource's address has changed, or all of them. */
type Touched = Map<string, Set<number> | "every row">;

/** The monitoring's and the terminal report's lists and rows, whose row ids are their containers' (`id`). */
const MONITORING_ROWS = /^\/tracking\/api\/monitoring\/(?:(?<id>\d+)\/)?/;
const TERMINAL_REPORT_ROWS = /^\/tracking\/api\/reports\/terminal-utro\/(?:(?<id>\d+)\/)?/;
/** The dashboard's figures: counts of orders and containers, whichever changed. */
const DASHBOARD = /^\/api\/dashboard\//;
/** The dashboard's waiting counts: among them a manager's count of the sign-ups waiting for confirmation. */
const DASHBOARD_WAITING = /^\/api\/dashboard\/waiting\//;

/**
 * Calls under another resource's address that show a resource's rows too, by their address: the `id` group, where
 * the pattern has one, names the row that must have changed. An order's containers grid and a container's tracking,
 * labels and package show containers; a container's tracking lists its order's status changes. The monitoring and
 * the terminal report show their container's values (a row is its container's id) and its order's (any row may be
 * one of the order's containers, so every one refreshes). The dashboard's figures count orders and containers, its
 * waiting counts the sign-ups (users, told to staff only); a company's employees grid shows users.
 */
const SHOWN_AT: { [R in LiveResource]?: readonly RegExp[] } = {
  containers: [
    /^\/tracking\/api\/freight_orders\/\d+\/containers\/(?:(?<id>\d+)\/)?/,
    MONITORING_ROWS,
    TERMINAL_REPORT_ROWS,
    DASHBOARD,
  ],
  freight_orders: [
    /^\/tracking\/api\/freight_orders\/(?<id>\d+)\/containers\/\d+\/tracking\//,
    /^\/tracking\/api\/monitoring\//,
    /^\/tracking\/api\/reports\/terminal-utro\//,
    DASHBOARD,
  ],
  users: [/^\/profile\/api\/companies\/\d+\/users\/(?:(?<id>\d+)\/)?/, DASHBOARD_WAITING],
};

/** Whether an address of another resource's calls shows the touched rows of a resource (SHOWN_AT). */
function isShownAt(address: string, touched: Touched): boolean {
  for (const [resource, patterns] of Object.entries(SHOWN_AT) as [LiveResource, readonly RegExp[]][]) {
    const ids = touched.get(LIVE_RESOURCES[resource]);
    if (!ids) continue;
    for (const pattern of patterns) {
      const match = pattern.exec(address);
      if (!match) continue;
      const id = match.groups?.id;
      if (id === undefined || ids === "every row" || ids.has(Number(id))) return true;
    }
  }
  return false;
}

/** Whether a query's key is a list of a touched resource, or one of its touched rows (or under one's key). */
function shows(touched: Touched): (queryKey: readonly unknown[]) => boolean {
  return (key) => {
    // The signed-in user's own account (`me`, me-query.ts): approved, declined, given a company or new rights, the
    // page follows at once (its state, its menus), not when the window next regains focus
    if (key[0] === ME_QUERY) {
      const ids = touched.get(LIVE_RESOURCES.users);
      return ids === "every row" || (ids?.has(key[1] as number) ?? false);
    }
    if (key[0] === "grid") return touched.has(key[2] as string) || isShownAt(String(key[2]), touched);
    if (key[0] !== "resource") return false;
    const ids = touched.get(key[1] as string);
    // One row of another resource is found at its own address (`…/monitoring/7/`), so that its id decides
    if (!ids) return isShownAt(key[2] === "one" ? `${key[1]}${key[3]}/` : String(key[1]), touched);
    return key[2] !== "one" || ids === "every row" || ids.has(key[3] as number);
  };
}

/**
 * Whether a cached query shows what these changes changed: a list of a changed resource (a grid's pages and
 * groups, `resourceClient`'s lists) or one of its changed rows (with what hangs under the row's key: its
 * workflow, its history). The keys are the ones `resourceClient` and `DataGrid` build from the resource's address.
 */
export function showsChanges(changes: readonly LiveChange[]): (queryKey: readonly unknown[]) => boolean {
  const touched: Touched = new Map();
  for (const change of changes) {
    const path: string = LIVE_RESOURCES[change.resource];
    const ids = touched.get(path);
    touched.set(path, (ids instanceof Set ? ids : new Set<number>()).add(change.id));
  }
  return shows(touched);
}

/** Every list and row of every live resource: after a reconnection, when changes may have been missed. */
const showsAnyLiveRow = shows(new Map(Object.values(LIVE_RESOURCES).map((path) => [path, "every row"])));

/** Gathers live changes and refreshes the queries that show them (live-refresh.test.ts). */
export interface LiveRefresher {
  /** A change heard: its queries refresh at the end of the batch. */
  add(change: LiveChange): void;
  /** Changes may have been missed: every query of a live resource refreshes. */
  refreshAll(): void;
  stop(): void;
}

/**
 * Refreshes the queries live changes touch, once per batch: they are marked stale, and the ones on screen fetched
 * again. A fetch that began after a change was heard already sees it and is left to finish (no second request);
 * a refetch under way when the change came may have read the row before it, and is fetched again (a first load,
 * with nothing shown yet, is left to finish: TanStack Query does not cancel those).
 */
export function createLiveRefresher(queryClient: QueryClient, batchMs = LIVE_BATCH_MS): LiveRefresher {
  let changes: LiveChange[] = [];
  let isEverything = false;
  /** The queries that were fetching when a change of theirs was heard. */
  const fetchingBefore = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const matching = () => (isEverything ? showsAnyLiveRow : showsChanges(changes));
  const noteFetching = () => {
    const shows = matching();
    for (const query of queryClient.getQueryCache().getAll()) {
      if (query.state.fetchStatus === "fetching" && shows(query.queryKey))
        fetchingBefore.add(query.queryHash);
    }
  };
  const flush = () => {
    timer = undefined;
    const shows = matching();
    const before = new Set(fetchingBefore);
    changes = [];
    isEverything = false;
    fetchingBefore.clear();
    const needsFetch = (query: Query) =>
      shows(query.queryKey) && (query.state.fetchStatus !== "fetching" || before.has(query.queryHash));
    void queryClient.invalidateQueries({ predicate: (query) => shows(query.queryKey), refetchType: "none" });
    void queryClient.refetchQueries({ type: "active", predicate: needsFetch }, { cancelRefetch: true });
  };
  const later = () => {
    noteFetching();
    timer ??= setTimeout(flush, batchMs);
  };
  return {
    add(change) {
      changes.push(change);
      later();
    },
    refreshAll() {
      isEverything = true;
      later();
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
