import type { LiveChange } from "@portal/domain";
import type { Listen } from "../db/listen.ts";
import { LIVE_CHANNEL, type LiveNotice, parseNotice } from "./live.ts";
import type { Principal } from "./principal.ts";
import { isInCompanyScope } from "./tenancy.ts";

/** One open stream as the hub sees it: whose it is (their scope may change while it is open) and where to write. */
export interface LiveSubscriber {
  user: Principal;
  change(change: LiveChange): void;
  /** Changes may have been missed: the client refreshes whatever it shows. */
  resync(): void;
}

/** Something of the instance itself that hears every notice, unfiltered: a cache of figures dropped on change. */
export interface LiveObserver {
  change(notice: LiveNotice): void;
  /** Changes may have been missed. */
  resync(): void;
}

/**
 * The streams of one API instance and the one LISTEN connection feeding them: each notice goes to the streams
 * whose user may see the row's company (`isInCompanyScope`, the lists' tenancy), nowhere else. The connection opens
 * with the first stream, so an instance nobody streams from holds none.
 */
export class LiveHub {
  private readonly subscribers = new Set<LiveSubscriber>();
  private readonly observers = new Set<LiveObserver>();
  private listening: Promise<() => Promise<void>> | null = null;

  constructor(private readonly listen: Listen) {}

  /** Adds a stream once the instance listens (a change committed after this resolves reaches it); answers `leave`. */
  async join(subscriber: LiveSubscriber): Promise<() => void> {
    await this.listened();
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /**
   * Adds an observer of the instance's own once it listens (a change committed after this resolves reaches it),
   * answering `leave`. Observers hear a notice before the streams do, so that what a browser fetches on hearing of a
   * change is never a figure kept from before it.
   */
  async observe(observer: LiveObserver): Promise<() => void> {
    await this.listened();
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  /** The LISTEN connection, opened by the first stream or observer. */
  private async listened(): Promise<void> {
    this.listening ??= this.listen(LIVE_CHANNEL, {
      notice: (payload) => this.deliver(payload),
      resumed: () => {
        for (const each of this.observers) each.resync();
        for (const each of this.subscribers) each.resync();
      },
    });
    try {
      await this.listening;
    } catch (error) {
      // The next stream tries again rather than failing for ever on one refused connection
      this.listening = null;
      throw error;
    }
  }

  /** Stops listening (the app's end; its streams are ended before). */
  async close(): Promise<void> {
    const listening = this.listening;
    this.listening = null;
    this.subscribers.clear();
    for (const observer of this.observers) observer.resync();
    this.observers.clear();
    if (listening) await (await listening.catch(() => null))?.();
  }

  private deliver(payload: string): void {
    const notice = parseNotice(payload);
    if (!notice) return;
    for (const observer of this.observers) observer.change(notice);
    const { companies, ...change } = notice;
    for (const subscriber of this.subscribers) {
      if (isInCompanyScope(subscriber.user, companies)) subscriber.change(change);
    }
  }
}
