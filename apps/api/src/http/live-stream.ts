import { PassThrough } from "node:stream";
import { LIVE_EVENTS, type LiveEnd, type LiveReady, liveChangeSchema } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { NotAcceptable, Unauthorized } from "../core/errors.ts";
import type { LiveHub, LiveSubscriber } from "../core/live-hub.ts";
import { type Authenticators, authenticateToken, bearerToken } from "./auth.ts";

/** The live stream's address: one stream per signed-in browser. */
export const LIVE_PATH = "/api/live/";

/** One event of the stream in the `text/event-stream` format. */
function frame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** Whether the request asks for an event stream (a browser's EventSource always does; so does the web's reader). */
function asksForEventStream(accept: string | undefined): boolean {
  return (accept ?? "").split(",").some((type) => type.split(";")[0]?.trim() === "text/event-stream");
}

/** One user's open streams on this process, oldest first: the cap ends the oldest. */
class UserStreams {
  private readonly byUser = new Map<number, Set<LiveSubscriber>>();

  /** Adds a stream of its user; answers the streams past the cap, oldest first, for the caller to end. */
  add(subscriber: LiveSubscriber, cap: number): LiveSubscriber[] {
    const own = this.byUser.get(subscriber.user.id) ?? new Set();
    this.byUser.set(subscriber.user.id, own);
    own.add(subscriber);
    return [...own].slice(0, Math.max(0, own.size - cap));
  }

  remove(subscriber: LiveSubscriber): void {
    const own = this.byUser.get(subscriber.user.id);
    own?.delete(subscriber);
    if (own?.size === 0) this.byUser.delete(subscriber.user.id);
  }
}

/**
 * `GET /api/live/`: the signed-in user's live stream (Server-Sent Events). It opens with `ready`, then carries a
 * `change` for each row change the user may see (their companies' rows; staff: all), a `resync` when this instance
 * may have missed some, and a heartbeat comment every `heartbeatSeconds` so that proxies keep it open. It ends with
 * an `end` event the moment its session ends (a logout, a new password, a deactivation: the ending write announces
 * it to every instance, `announceSessionsEnded`), and when its user opens more than `maxStreamsPerUser` on this
 * process (their oldest ends). Each heartbeat checks the access token again, as every request does: the stream
 * ends once the token expires, and it follows a change of the user's companies. A request without
 * `Accept: text/event-stream` answers 406 instead of an answer that never ends.
 */
export const liveStreamPlugin = fp(
  async (
    app: FastifyInstance,
    options: { hub: LiveHub; auth: Authenticators; heartbeatSeconds: number; maxStreamsPerUser: number },
  ) => {
    const { hub, auth, heartbeatSeconds, maxStreamsPerUser } = options;
    const streams = new Set<PassThrough>();
    const userStreams = new UserStreams();
    // Open streams would keep the server from closing: they end first
    app.addHook("preClose", async () => {
      for (const stream of streams) stream.end();
    });
    app.addHook("onClose", () => hub.close());

    app.get(
      LIVE_PATH,
      {
        config: { access: { sessionOnly: true } },
        // Compression would hold events back in its buffers; a HEAD would wait for an end that never comes
        compress: false,
        exposeHeadRoute: false,
        schema: {
          tags: ["live"],
          summary:
            "The user's live stream (text/event-stream): `ready`, then a `change` (this schema) for each change of a row the user may see, `resync` when some may have been missed, a heartbeat comment in between, and `end` ({reason: session_ended | too_many_streams}) when the server ends it",
          response: { 200: { content: { "text/event-stream": { schema: liveChangeSchema } } } },
        },
      },
      async (request, reply) => {
        if (!asksForEventStream(request.headers.accept)) throw new NotAcceptable();
        const token = bearerToken(request);
        const user = await request.requireUser();
        // A session's access token (the route refuses API keys), whose session the principal names
        const sessionId = user.session_id;
        if (sessionId === undefined) throw new Unauthorized({ key: "token_invalid" });
        const stream = new PassThrough();
        const write = (text: string) => {
          if (stream.writable) stream.write(text);
        };
        const subscriber: LiveSubscriber = {
          user,
          sessionId,
          change: (change) => write(frame(LIVE_EVENTS.change, change)),
          resync: () => write(frame(LIVE_EVENTS.resync, {})),
          end: (reason) => {
            write(frame(LIVE_EVENTS.end, { reason } satisfies LiveEnd));
            stream.end();
          },
        };
        // Whatever ends the stream (the browser leaving, the session's end, the app closing) ends its subscription
        let leave: (() => void) | null = null;
        let heartbeat: NodeJS.Timeout | undefined;
        stream.on("close", () => {
          clearInterval(heartbeat);
          leave?.();
          userStreams.remove(subscriber);
          streams.delete(stream);
        });
        reply.raw.on("close", () => stream.destroy());
        const joined = await hub.join(subscriber);
        leave = joined;
        if (stream.destroyed) {
          // The browser left while the instance began to listen: there is nobody to answer
          joined();
          return reply.hijack();
        }
        try {
          // A session that ended while the instance began to listen was told before this stream could hear it
          subscriber.user = await authenticateToken(auth, token);
        } catch (error) {
          stream.destroy();
          throw error;
        }
        streams.add(stream);
        for (const oldest of userStreams.add(subscriber, maxStreamsPerUser)) oldest.end("too_many_streams");
        heartbeat = setInterval(async () => {
          try {
            subscriber.user = await authenticateToken(auth, token);
            write(": heartbeat\n\n");
          } catch (error) {
            if (error instanceof Unauthorized) stream.end();
            // A database that does not answer now says nothing about the session: the next heartbeat asks again
            else
              request.log.warn({ errorClass: (error as Error).constructor?.name }, "live heartbeat failed");
          }
        }, heartbeatSeconds * 1000);
        const ready: LiveReady = { heartbeat_seconds: heartbeatSeconds };
        write(frame(LIVE_EVENTS.ready, ready));
        return (
          reply
            .header("Content-Type", "text/event-stream; charset=utf-8")
            .header("Cache-Control", "no-store")
            // nginx would otherwise buffer the answer and hold the events back
            .header("X-Accel-Buffering", "no")
            // The connection ends with the stream, not kept for another request: a client that stopped reading
            // would otherwise hold an instance's close for its keep-alive time
            .header("Connection", "close")
            .send(stream)
        );
      },
    );
  },
);
