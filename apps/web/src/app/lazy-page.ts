import { type ComponentType, type LazyExoticComponent, lazy, useSyncExternalStore } from "react";
import { loadNamespaces } from "../i18n";

/** A page whose code and catalogs load on first use, or earlier through `preload`. */
export type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

let loadingCount = 0;
const listeners = new Set<() => void>();
function setLoading(change: 1 | -1): void {
  loadingCount += change;
  for (const listener of listeners) listener();
}

/**
 * A page in its own chunk, shown once both its code and its namespaces (in the current language) are loaded,
 * so that it never renders with missing texts. `preload` starts that early and is safe to call again.
 * `prefetch` starts the page's first data calls at the same time, into the query cache (not awaited: the page
 * shows its own loading state if they are still under way).
 */
export function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  namespaces: readonly string[] = [],
  prefetch?: () => Promise<unknown>,
): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => {
    if (!loading) {
      setLoading(1);
      prefetch?.().catch(() => {
        // Only a head start: the page makes the same calls itself.
      });
      loading = Promise.all([load(), loadNamespaces(namespaces)]).then(([module]) => ({
        default: pick(module),
      }));
      loading.then(
        () => setLoading(-1),
        () => setLoading(-1),
      );
    }
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
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
