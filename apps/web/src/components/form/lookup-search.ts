import type { ListPage } from "@portal/domain";

/** A page of a list resource, as the API answers it (the list pattern, packages/domain). */
export type LookupPage<T> = Pick<ListPage<T>, "results" | "count" | "count_capped" | "count_estimated">;

/** Fetches one page of options for a search text. */
export type FetchLookupPage<T> = (
  search: string,
  skip: number,
  take: number,
  signal: AbortSignal,
) => Promise<LookupPage<T>>;

export interface LookupState<T> {
  /** The text the items were found for. */
  search: string;
  items: T[];
  /**
   * How many options match in all; more pages load while `items` is shorter. A count the server capped or estimated
   * (a large list) is taken as such: the list goes on while pages come full, and ends at the first short one.
   */
  count: number;
  loading: boolean;
  failed: boolean;
}

export const INITIAL_LOOKUP_STATE: LookupState<never> = {
  search: "",
  items: [],
  count: 0,
  loading: false,
  failed: false,
};

/**
 * How much of the list is shown ("20 of 78: narrow the search…"), while the list is open and only part of it has
 * loaded; null otherwise: once a choice is made (or the list closed) the field shows its hint again.
 */
export function partlyShown(
  state: Pick<LookupState<unknown>, "items" | "count">,
  isOpen: boolean,
): { shown: number; count: number } | null {
  return isOpen && state.count > state.items.length
    ? { shown: state.items.length, count: state.count }
    : null;
}

/**
 * The search behind a Lookup field over a list of thousands of rows (ETSNG, GNG, stations): typing waits
 * `debounceMs` of quiet before asking the server, a newer search cancels the older one (its answer is dropped
 * even if it arrives), and scrolling to the end loads the next page. No React here, so it is tested alone.
 */
export class LookupSearch<T> {
  private state: LookupState<T> = INITIAL_LOOKUP_STATE;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private request: AbortController | undefined;

  constructor(
    private readonly fetchPage: FetchLookupPage<T>,
    private readonly onChange: (state: LookupState<T>) => void,
    private readonly options: { debounceMs: number; pageSize: number } = { debounceMs: 400, pageSize: 20 },
  ) {}

  get current(): LookupState<T> {
    return this.state;
  }

  /**
   * Searches for `text` once typing pauses; the first page replaces the items. Until it answers the list is empty
   * and loading: the options of the previous text (the whole catalogue, before any typing) must not be offered
   * for the new one, where a pick would choose a row that does not match what was typed.
   */
  search(text: string): void {
    const search = text.trim();
    clearTimeout(this.timer);
    this.request?.abort();
    this.set({ search, items: [], count: 0, loading: true, failed: false });
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.load(search, 0);
    }, this.options.debounceMs);
  }

  /**
   * The list opens: shows the current search's first page again, unless a search typed a moment ago is waiting for
   * its pause (typing into a closed field opens it, and the typed text must not be lost to an empty search).
   */
  open(): void {
    if (this.timer === undefined) this.searchNow(this.state.search);
  }

  /** Searches at once. */
  searchNow(text: string): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    void this.load(text.trim(), 0);
  }

  /** Loads the next page of the current search, if there is one and nothing is loading. */
  loadMore(): void {
    const { items, count, loading, search } = this.state;
    if (loading || items.length >= count) return;
    void this.load(search, items.length);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.request?.abort();
  }

  private async load(search: string, skip: number): Promise<void> {
    this.request?.abort();
    const request = new AbortController();
    this.request = request;
    this.set({
      ...this.state,
      search,
      loading: true,
      failed: false,
      ...(skip === 0 ? { items: [], count: 0 } : {}),
    });
    try {
      const page = await this.fetchPage(search, skip, this.options.pageSize, request.signal);
      if (request.signal.aborted) return;
      const items = skip === 0 ? page.results : [...this.state.items, ...page.results];
      this.set({
        search,
        items,
        count: countOf(page, items.length, this.options.pageSize),
        loading: false,
        failed: false,
      });
    } catch {
      if (request.signal.aborted) return;
      this.set({ ...this.state, loading: false, failed: true });
    }
  }

  private set(state: LookupState<T>): void {
    this.state = state;
    this.onChange(state);
  }
}

/** The options' count after a page: the server's when exact; otherwise what is loaded, and one more while pages come full. */
function countOf(page: LookupPage<unknown>, loaded: number, pageSize: number): number {
  if (!page.count_capped && !page.count_estimated) return page.count;
  return page.results.length < pageSize ? loaded : Math.max(page.count, loaded + 1);
}
