import { createHash } from "node:crypto";
import type { Db } from "../db/client.ts";
import { ChangeCache } from "./change-cache.ts";
import type { ListResource } from "./list-query.ts";
import type { LiveHub } from "./live-hub.ts";

/**
 * How long a kept count serves at most: a bound on what a change the live feed does not announce (a trigger's, such
 * as an order's company name rewritten when its company is renamed) leaves stale.
 */
const KEEP_MS = 60_000;

const hubs = new WeakMap<Db, LiveHub>();
const caches = new WeakMap<Db, WeakMap<ListResource, ChangeCache>>();

/**
 * Keeps counts of the lists read through `db` between requests, until `hub` hears a change of their rows
 * (`ListResource.changedBy`) in their companies (docs/decisions.md, "Lists and filters"). A transaction's
 * handle is another `Db`: what a write reads in its transaction is never kept.
 */
export function keepListCounts(db: Db, hub: LiveHub): void {
  hubs.set(db, hub);
}

/**
 * The counts kept for a resource's lists read through `db`: none for a list whose changes are not announced live,
 * or through a handle `keepListCounts` was not given.
 */
export function keptCounts(db: Db, resource: ListResource): ChangeCache | undefined {
  const hub = hubs.get(db);
  if (!hub || !resource.changedBy) return undefined;
  const byResource = caches.get(db) ?? new WeakMap<ListResource, ChangeCache>();
  caches.set(db, byResource);
  let cache = byResource.get(resource);
  if (!cache) {
    cache = new ChangeCache(hub, resource.changedBy, 1000, KEEP_MS);
    byResource.set(resource, cache);
  }
  return cache;
}

/** A short key naming a query (its SQL and parameters): what a count is kept under. */
export function queryKey(kind: string, query: { sql: string; params: unknown[] }): string {
  const params = JSON.stringify(query.params, (_, value) =>
    typeof value === "bigint" ? `${value}n` : (value as unknown),
  );
  return `${kind}:${createHash("sha1").update(query.sql).update("\0").update(params).digest("base64")}`;
}
