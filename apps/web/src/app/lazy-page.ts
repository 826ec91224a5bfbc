import {
  type ComponentType,
  createElement,
  lazy,
  type ReactElement,
  useState,
  useSyncExternalStore,
} from "react";
import { loadNamespaces } from "../i18n";

/** The parameters of a page's address: `{ id: "16" }` at /freight-orders/16 for "freight-orders/:id". */
export type RouteParams = Readonly<Record<string, string | undefined>>;

/**
 * A page whose code and catalogs load on first use, or earlier through `preload`, which is given the address's
 * parameters for the page's prefetch.
 */
export type LazyPage = (() => ReactElement) & {
  preload: (params?: RouteParams) => Promise<unknown>;
};

/** How long a page waits for its prefetched data before it shows its own loading state instead. */
const PREFETCH_WAIT_MS = 1_000;

let loadingCount = 0;
const listeners = new Set<() => void>();
function setLoading(change: 1 | -1): void {
  loadingCount += change;
  for (const listener of listeners) listener();
}

/**
 * A page in its own chunk, shown once both its code and its namespaces (in the current language) are loaded,
 * so that it never renders with missing texts. `preload` starts that early and is safe to call again.
 * `prefetch` starts the page's first data calls at the same time (with the parameters of the address the code
 * first loads for: a form's record), into the query cache, and the page waits for them too (up to
 * PREFETCH_WAIT_MS): it then renders once, with its data, instead of rendering its loading state and everything
 * again when the data comes (a grid's render is the longest part of showing it).
 *
 * Once loaded, the page renders as itself, not through `lazy`, which suspends on its first render however
 * ready its module is: the Suspense boundary above then shows its fallback, and React holds the content that
 * follows for 300 ms after any fallback (a cold grid page waited 150–300 ms for nothing).
 */
export function lazyPage(
  load: () => Promise<ComponentType>,
  namespaces: readonly string[] = [],
  prefetch?: (params: RouteParams) => Promise<unknown>,
): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  let loaded: ComponentType | undefined;
  const preload = (params: RouteParams = {}) => {
    if (!loading) {
      setLoading(1);
      // A failed or slow prefetch only loses the head start: the page makes the same calls itself.
      const prefetched =
        prefetch && Promise.race([prefetch(params).catch(() => {}), delay(PREFETCH_WAIT_MS)]);
      loading = Promise.all([load(), loadNamespaces(namespaces), prefetched]).then(([page]) => {
        loaded = page;
        return { default: page };
      });
      loading.then(
        () => setLoading(-1),
        () => setLoading(-1),
      );
    }
    return loading;
  };
  const Lazy = lazy(() => preload());
  // Chosen once per mount: a page first shown through `lazy` stays so, as a change of type would remount it
  // biome-ignore lint/correctness/noComponentHookFactories: made once per route when the routes are, as `lazy` is
  const Page = () => {
    const [Component] = useState(() => loaded ?? Lazy);
    return createElement(Component);
  };
  return Object.assign(Page, { preload });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Whether the code of a page is being loaded (the signed-in layout shows a progress line meanwhile). */
export function usePageLoading(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loadingCount > 0,
  );
}
