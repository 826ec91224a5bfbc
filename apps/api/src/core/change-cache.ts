import type { LiveResource } from "@portal/domain";
import type { LiveNotice } from "./live.ts";
import type { LiveHub, LiveObserver } from "./live-hub.ts";

/** What a use case asks of a cache of figures (a test gives one that keeps nothing). */
export type FiguresCache = Pick<ChangeCache, "get">;

interface Entry {
  /** The companies whose rows the value counts; null: every company's (staff). */
  companies: readonly number[] | null;
  /** The resources whose changes change the value. */
  resources: readonly LiveResource[];
  value: Promise<unknown>;
  /** When its computation started (ms). */
  at: number;
}

/**
 * Figures worked out over many rows (the dashboard's charts), kept per tenancy scope until the live feed says a row
 * of their companies changed (docs/live-updates.md): the many open pages that fetch them again on each change cost
 * one computation per instance, not one each. A value is kept from when its computation starts, so a change heard
 * while it runs drops it too; callers asking after that compute anew. Until the instance listens, and while the
 * feed could not be opened, nothing is kept. With `maxAgeMs`, a value is also computed anew once that old: a bound on
 * what a change made without a notice (a trigger's) leaves stale.
 */
export class ChangeCache implements LiveObserver {
  private readonly entries = new Map<string, Entry>();
  private observing: Promise<unknown> | null = null;
  private isObserving = false;

  constructor(
    private readonly hub: LiveHub,
    /** The resources whose changes change the figures, unless a value names its own (`get`). */
    private readonly resources: readonly LiveResource[],
    /** The most values kept; the oldest goes first. */
    private readonly limit = 1000,
    private readonly maxAgeMs = Number.POSITIVE_INFINITY,
  ) {}

  /**
   * The value kept under `key`, or `compute`'s, kept for the companies it counts (null: every company) until a
   * change of one of `resources` (the cache's by default) touches them.
   */
  async get<T>(
    key: string,
    companies: readonly number[] | null,
    compute: () => Promise<T>,
    resources: readonly LiveResource[] = this.resources,
  ): Promise<T> {
    if (!(await this.listens())) return compute();
    const kept = this.entries.get(key);
    const now = Date.now();
    // The key names what is kept: one key, one kind of value
    if (kept && now - kept.at < this.maxAgeMs) return kept.value as Promise<T>;
    const value = compute();
    // Set anew, an entry goes last in the map's order: the oldest is the first
    this.entries.delete(key);
    this.entries.set(key, { companies, resources, value, at: now });
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value as string);
    // A failure is not kept: the next caller tries again
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  change(notice: LiveNotice): void {
    for (const [key, entry] of this.entries) {
      // A notice of no company (a user's account: staff only) touches the values of every company's rows only
      const touches =
        entry.resources.includes(notice.resource) &&
        (entry.companies === null || notice.companies.some((company) => entry.companies?.includes(company)));
      if (touches) this.entries.delete(key);
    }
  }

  resync(): void {
    this.entries.clear();
  }

  /** Whether the hub's feed reaches this cache, joining it on the first call. */
  private async listens(): Promise<boolean> {
    this.observing ??= this.hub.observe(this).then(
      () => {
        this.isObserving = true;
      },
      () => {
        // Tried again by a later call; meanwhile every value is computed
        this.observing = null;
      },
    );
    await this.observing;
    return this.isObserving;
  }
}
