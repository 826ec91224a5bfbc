import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.ts";
import { openDatabase } from "../db/client.ts";
import { createServices } from "../modules/services.ts";
import type { TestContext } from "./context.ts";

/** One event of a live stream as a test reads it. */
export interface StreamEvent {
  event: string;
  data: unknown;
}

/** How long a test waits for an event before failing (a condition, never a fixed sleep). */
const WAIT_MS = 10_000;

/** A live stream opened over HTTP, read as it comes. */
export interface LiveStreamReader {
  /** The next event not taken yet (heartbeats are comments, not events); fails after a while without one. */
  next(): Promise<StreamEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** The address an app listens on, starting it on a free port of the loopback the first time. */
export async function addressOf(app: FastifyInstance): Promise<string> {
  const address = app.server.address();
  if (address && typeof address === "object") return `http://127.0.0.1:${address.port}`;
  return app.listen({ host: "127.0.0.1", port: 0 });
}

/**
 * Opens `GET /api/live/` of an app with these headers (a signed-in user's) and waits for its `ready` event, after
 * which every committed change reaches it. Throws with the status when the stream is refused.
 */
export async function openLiveStream(
  app: FastifyInstance,
  headers: Record<string, string>,
): Promise<LiveStreamReader> {
  const abort = new AbortController();
  const response = await fetch(`${await addressOf(app)}/api/live/`, {
    headers: { ...headers, accept: "text/event-stream" },
    signal: abort.signal,
  });
  if (response.status !== 200 || !response.body) {
    throw new Error(`the stream answered ${response.status}: ${await response.text()}`);
  }
  const queue: StreamEvent[] = [];
  const waiting: ((event: StreamEvent | null) => void)[] = [];
  let isEnded = false;
  const push = (event: StreamEvent | null) => {
    const waiter = waiting.shift();
    if (waiter) waiter(event);
    else if (event) queue.push(event);
  };
  const ended = (async () => {
    const decoder = new TextDecoder();
    let text = "";
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        text += decoder.decode(chunk, { stream: true });
        let end = text.indexOf("\n\n");
        while (end >= 0) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          end = text.indexOf("\n\n");
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event !== undefined) push({ event, data: data === undefined ? null : JSON.parse(data) });
        }
      }
    } catch {
      // A connection the server cuts ends the stream as its end does
    } finally {
      isEnded = true;
      while (waiting.length > 0) push(null);
    }
  })();
  const next = () =>
    new Promise<StreamEvent>((resolve, reject) => {
      const queued = queue.shift();
      if (queued) return resolve(queued);
      if (isEnded) return reject(new Error("the stream has ended"));
      const waiter = (event: StreamEvent | null) => {
        clearTimeout(timer);
        if (event) resolve(event);
        else reject(new Error("the stream has ended"));
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(waiter), 1);
        reject(new Error("no event came"));
      }, WAIT_MS);
      waiting.push(waiter);
    });
  const ready = await next();
  if (ready.event !== "ready") throw new Error(`the stream began with ${ready.event}`);
  return { next, ended, close: () => abort.abort() };
}

/**
 * A second API instance on the test file's database: on a server with connections (and a LISTEN) of its own, on the
 * embedded database the same database in the same process. `close` closes it and its connections.
 */
export async function secondInstance(
  ctx: TestContext,
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const second = ctx.databaseUrl ? await openDatabase({ url: ctx.databaseUrl, poolSize: 2 }) : null;
  const db = second?.db ?? ctx.db;
  const app = await buildApp({
    config: ctx.config,
    db,
    listen: second?.listen ?? ctx.listen,
    services: createServices(db, ctx.config, ctx.jobs),
  });
  return {
    app,
    close: async () => {
      await app.close();
      await second?.close();
    },
  };
}
