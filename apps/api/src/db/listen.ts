import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/** What a LISTEN connection tells its owner: a notice's payload, or that it was lost and listens again. */
export interface ListenHandlers {
  notice(payload: string): void;
  /** The connection dropped and is back: notices sent in between are lost, the streams must say so. */
  resumed(): void;
}

/** LISTENs on a channel until the answered function is called (a database's `listen`). */
export type Listen = (channel: string, handlers: ListenHandlers) => Promise<() => Promise<void>>;

/** The first wait before listening again after the connection dropped; doubled on each failure up to the last. */
const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 15_000;

/**
 * LISTEN on a PostgreSQL server through a dedicated connection (a pooled one would be handed to queries and stop
 * hearing): when the server drops it (restart, failover, an idle timeout, a terminated backend), it connects again,
 * with growing waits, and says `resumed` once it listens again, since notices sent in between are lost.
 */
export function listenOnServer(url: string): Listen {
  return async (channel, handlers) => {
    let client: pg.Client | null = null;
    let isClosed = false;
    let retry: NodeJS.Timeout | undefined;
    let wait = FIRST_RETRY_MS;

    const connect = async () => {
      const next = new pg.Client({ connectionString: url });
      next.on("notification", (message) => {
        if (message.channel === channel && message.payload !== undefined) handlers.notice(message.payload);
      });
      next.on("error", () => lost(next));
      next.on("end", () => lost(next));
      try {
        await next.connect();
        await next.query(`listen ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        await next.end().catch(() => undefined);
        throw error;
      }
      if (isClosed) {
        await next.end();
        return;
      }
      client = next;
      wait = FIRST_RETRY_MS;
    };
    const again = () => {
      retry = setTimeout(() => {
        connect().then(
          () => handlers.resumed(),
          () => {
            wait = Math.min(wait * 2, LAST_RETRY_MS);
            if (!isClosed) again();
          },
        );
      }, wait);
    };
    const lost = (dropped: pg.Client) => {
      if (isClosed || dropped !== client) return;
      client = null;
      dropped.end().catch(() => undefined);
      again();
    };

    await connect();
    return async () => {
      isClosed = true;
      clearTimeout(retry);
      const open = client;
      client = null;
      await open?.end().catch(() => undefined);
    };
  };
}

/**
 * LISTEN on the embedded database: its one connection serves queries and notices alike, and a notice reaches the
 * listeners when its transaction commits, as on a server. It never drops, so it never resumes.
 */
export function listenEmbedded(client: PGlite): Listen {
  return async (channel, handlers) => client.listen(channel, (payload) => handlers.notice(payload));
}
