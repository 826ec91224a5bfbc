import { LIVE_EVENTS, LIVE_RESOURCES, type LiveChange, type LiveEnd, type LiveReady } from "@portal/domain";
import { EventStreamReader, type StreamEvent } from "./event-stream";

/** The longest wait between two attempts, and the first one. */
const LONGEST_RETRY_MS = 30_000;
const FIRST_RETRY_MS = 1_000;
/** Silence that means the connection is gone: this many heartbeats missed (before `ready`: a minute). */
const MISSED_HEARTBEATS = 2.5;
const SILENCE_BEFORE_READY_MS = 60_000;

/**
 * The wait before attempt `attempt + 1` after a failure: doubling from a second up to half a minute, each wait
 * between half and all of it at random, so that browsers cut off together do not all come back at once.
 */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random() / 2));
}

export interface LiveConnectionOptions {
  /** Opens the stream with the current access token (`apiStream`: a refresh and a retry on 401). */
  open(signal: AbortSignal): Promise<Response>;
  onChange(change: LiveChange): void;
  /** Changes may have been missed (the stream is back after a break, or the server says so): refresh all. */
  onResync(): void;
  /**
   * The first stream is ready: what the page read before it (the signed-in user above all) may have changed in
   * between, unheard.
   */
  onFirstReady?(): void;
  /** A failure that ends the connection for good (the session is over), not one to retry. */
  isFatal(error: unknown): boolean;
  /** Resolves after `ms`, or early when `signal` aborts (tests give their own clock). */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Resolves when the tab is looked at again (shown, or its window focused), or early when `signal` aborts. */
  whenLookedAt?: (signal: AbortSignal) => Promise<void>;
  random?: () => number;
}

/** The live stream kept open: reconnected after errors, reopened with a new access token. */
export interface LiveConnection {
  /** The access token changed: an open stream reopens with it at once (one being opened already uses it). */
  tokenChanged(): void;
  stop(): void;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Until the user looks at the tab again: it is shown, or its window gets the focus. */
function whenLookedAt(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("focus", done);
      resolve();
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") done();
    };
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("focus", done);
    signal.addEventListener("abort", done);
  });
}

/** An end event's reason, or null for one this client does not know. */
function endReasonOf(data: string): LiveEnd["reason"] | null {
  try {
    return (JSON.parse(data) as Partial<LiveEnd>).reason ?? null;
  } catch {
    return null;
  }
}

/** A change event's data when it names a live resource and a row, else null (a newer server's event is skipped). */
function changeOf(data: string): LiveChange | null {
  try {
    const change = JSON.parse(data) as Partial<LiveChange>;
    const isKnown = typeof change.resource === "string" && Object.hasOwn(LIVE_RESOURCES, change.resource);
    return isKnown && typeof change.id === "number" ? (change as LiveChange) : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the signed-in user's live stream open until `stop`: reads its events, watches its heartbeats, and after an
 * error or an end opens it again with growing waits (`retryDelay`; back to the first after a stream got `ready`).
 * A stream opened again after a break asks for a resync, since changes may have come in between. A stream the
 * server ended because the user holds too many (this tab's was their oldest) is opened again only once the tab is
 * looked at: a tab left in the background gives its place to the ones in use, and no two tabs take turns ending
 * each other's.
 */
export function startLiveConnection(options: LiveConnectionOptions): LiveConnection {
  const wait = options.wait ?? sleep;
  const lookedAt = options.whenLookedAt ?? whenLookedAt;
  let endReason: LiveEnd["reason"] | null = null;
  const random = options.random ?? Math.random;
  let isStopped = false;
  let isOpen = false;
  let hasBeenOpen = false;
  let attempt = 0;
  let current = new AbortController();
  let pause = new AbortController();
  let isImmediate = false;

  const handle = (event: StreamEvent, onReady: (heartbeatSeconds: number) => void) => {
    if (event.event === LIVE_EVENTS.ready) {
      const { heartbeat_seconds: heartbeat } = JSON.parse(event.data) as LiveReady;
      onReady(heartbeat);
    } else if (event.event === LIVE_EVENTS.change) {
      const change = changeOf(event.data);
      if (change) options.onChange(change);
    } else if (event.event === LIVE_EVENTS.resync) options.onResync();
    else if (event.event === LIVE_EVENTS.end) endReason = endReasonOf(event.data);
  };

  const read = async (response: Response, abort: AbortController) => {
    const reader = response.body?.getReader();
    if (!reader) return;
    const decoder = new TextDecoder();
    const events = new EventStreamReader();
    let silenceMs = SILENCE_BEFORE_READY_MS;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const heard = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => abort.abort(), silenceMs);
    };
    const onReady = (heartbeatSeconds: number) => {
      silenceMs = heartbeatSeconds * 1000 * MISSED_HEARTBEATS;
      attempt = 0;
      isOpen = true;
      if (hasBeenOpen) options.onResync();
      else options.onFirstReady?.();
      hasBeenOpen = true;
    };
    heard();
    // Ends the read at once on an abort (a new token, the watchdog, the end), whatever the body does with it
    abort.signal.addEventListener("abort", () => void reader.cancel().catch(() => undefined));
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        for (const event of events.feed(decoder.decode(value, { stream: true }))) handle(event, onReady);
        // After the events: `ready` sets how long a silence may last
        heard();
      }
    } finally {
      isOpen = false;
      clearTimeout(watchdog);
      reader.cancel().catch(() => undefined);
    }
  };

  const run = async () => {
    while (!isStopped) {
      current = new AbortController();
      endReason = null;
      try {
        await read(await options.open(current.signal), current);
      } catch (error) {
        if (!isStopped && options.isFatal(error)) isStopped = true;
      }
      if (isStopped) return;
      if (isImmediate) {
        isImmediate = false;
        continue;
      }
      pause = new AbortController();
      if (endReason === "too_many_streams") {
        await lookedAt(pause.signal);
        continue;
      }
      await wait(retryDelay(attempt, random), pause.signal);
      attempt += 1;
    }
  };
  void run();

  return {
    tokenChanged() {
      if (!isOpen) return;
      isImmediate = true;
      current.abort();
    },
    stop() {
      isStopped = true;
      current.abort();
      pause.abort();
    },
  };
}
