import type { OptionsObject, SnackbarMessage } from "notistack";
import { lazy, Suspense, useSyncExternalStore } from "react";

type Enqueue = (message: SnackbarMessage, options?: OptionsObject) => void;

/*
 * Toasts load their code (notistack) with the first toast: most visits never show one, and the sign-in page
 * must stay small. Until the host is mounted, toasts wait here.
 */
let deliver: Enqueue | null = null;
const waiting: [SnackbarMessage, OptionsObject | undefined][] = [];
let isRequested = false;
const listeners = new Set<() => void>();

/** Shows a toast; the same arguments as notistack's `enqueueSnackbar`. */
export function enqueueSnackbar(message: SnackbarMessage, options?: OptionsObject): void {
  if (deliver) {
    deliver(message, options);
    return;
  }
  waiting.push([message, options]);
  if (!isRequested) {
    isRequested = true;
    for (const listener of listeners) listener();
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function hostReady(enqueue: Enqueue): void {
  deliver = enqueue;
  for (const [message, options] of waiting.splice(0)) enqueue(message, options);
}

const LoadedToastHost = lazy(() => import("./toast-host"));

/** Where toasts appear; mounted once by the app's providers, loaded with the first toast. */
export function ToastHost() {
  const requested = useSyncExternalStore(subscribe, () => isRequested);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <LoadedToastHost onReady={hostReady} />
    </Suspense>
  );
}
