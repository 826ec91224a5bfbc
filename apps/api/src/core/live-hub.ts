import type { LiveChange, LiveEnd } from "@portal/domain";
import type { Listen } from "../db/listen.ts";
import { LIVE_CHANNEL, type LiveNotice, parseMessage, type SessionsEnded } from "./live.ts";
import type { Principal } from "./principal.ts";
import { isInCompanyScope } from "./tenancy.ts";

/**
 * One open stream as the hub sees it: whose it is (their scope may change while it is open), the session it was
 * opened in, and where to write.
 */
export interface LiveSubscriber {
  user: Principal;
  sessionId: number;
  change(change: LiveChange): void;
  /** Changes may have been missed: the client refreshes whatever it shows. */
  resync(): void;
  /** The stream must end (its session did): says why, and ends it. */
  end(reason: LiveEnd["reason"]): void;
}

/** Something of the instance itself that hears every notice, unfiltered: a cache of figures dropped on change. */
export interface LiveObserver {
  change(notice: LiveNotice): void;
  /** Changes may have been missed. */
  resync(): void;
}

/**
 * The streams of one API instance and the one LISTEN connection feeding them: each notice goes to the streams
 * whose user may see the row's company (`isInCompanyScope`, the lists' tenancy), or, when it names its users, to
 * theirs only; and a change of a user's own account to that user too (an approval: their page follows it, and
 * shows its menus without a reload); nowhere else. A notice of ended sessions ends the streams opened in them. The connection opens with
 * the first stream, so an instance nobody streams from holds none.
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
    const message = parseMessage(payload);
    if (!message) return;
    if ("ended" in message) {
      this.endSessions(message.ended);
      return;
    }
    const notice = message.change;
    for (const observer of this.observers) observer.change(notice);
    const { companies, users, ...change } = notice;
    for (const subscriber of this.subscribers) {
      const hears =
        (users ? users.includes(subscriber.user.id) : isInCompanyScope(subscriber.user, companies)) ||
        isOwnAccount(change, subscriber.user);
      if (hears) subscriber.change(change);
    }
  }

  /** Ends the streams opened in sessions that ended (on any instance): they deliver nothing more. */
  private endSessions({ user, sessions }: SessionsEnded["ended"]): void {
    for (const subscriber of [...this.subscribers]) {
      if (subscriber.user.id !== user || !sessions.includes(subscriber.sessionId)) continue;
      this.subscribers.delete(subscriber);
      subscriber.end("session_ended");
    }
  }
}

/** A change of the user's own account (told to staff, and to its user, whatever their company). */
function isOwnAccount(change: LiveChange, user: Principal): boolean {
  return change.resource === "users" && change.id === user.id;
}
