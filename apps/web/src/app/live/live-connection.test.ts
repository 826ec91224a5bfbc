import type { LiveChange } from "@portal/domain";
import { describe, expect, it, vi } from "vitest";
import { ApiError, NetworkError } from "../api-client";
import { type LiveConnectionOptions, retryDelay, startLiveConnection } from "./live-connection";

/** A stream the test writes into, as the API's answer. */
function fakeStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
  });
  return {
    response: new Response(body, { headers: { "Content-Type": "text/event-stream" } }),
    send: (event: string, data: unknown) =>
      controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
    end: () => controller.close(),
  };
}

/** Waits until `check` holds (the connection runs on promises): no fixed sleeps. */
async function until(check: () => boolean): Promise<void> {
  await vi.waitFor(() => expect(check()).toBe(true), { timeout: 2_000, interval: 2 });
}

/** A connection whose attempts the test answers one by one and whose waits it records (and skips). */
function harness(overrides: Partial<LiveConnectionOptions> = {}) {
  const attempts: { signal: AbortSignal; answer(result: Response | Error): void }[] = [];
  const waits: number[] = [];
  const changes: LiveChange[] = [];
  let resyncs = 0;
  let firstReadies = 0;
  const connection = startLiveConnection({
    open: (signal) =>
      new Promise<Response>((resolve, reject) => {
        attempts.push({
          signal,
          answer: (result) => (result instanceof Error ? reject(result) : resolve(result)),
        });
      }),
    onChange: (change) => changes.push(change),
    onResync: () => {
      resyncs += 1;
    },
    onFirstReady: () => {
      firstReadies += 1;
    },
    isFatal: (error) => error instanceof ApiError && error.status === 401,
    wait: async (ms) => {
      waits.push(ms);
    },
    random: () => 1,
    ...overrides,
  });
  return { connection, attempts, waits, changes, resyncs: () => resyncs, firstReadies: () => firstReadies };
}

const READY = { heartbeat_seconds: 25 };
const CHANGE: LiveChange = { resource: "freight_orders", id: 7, action: "changed" };

describe("retryDelay", () => {
  it("doubles from a second up to half a minute, each wait between half and all of it", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((attempt) => retryDelay(attempt, () => 1))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(retryDelay(2, () => 0)).toBe(2_000);
  });
});

describe("startLiveConnection", () => {
  it("passes each change on, and reconnects with growing waits after failures, back to the first after ready", async () => {
    const live = harness();
    await until(() => live.attempts.length === 1);
    live.attempts[0]?.answer(new NetworkError(new Error("offline")));
    await until(() => live.attempts.length === 2);
    live.attempts[1]?.answer(new ApiError(502, null));
    await until(() => live.attempts.length === 3);
    expect(live.waits).toEqual([1_000, 2_000]);

    const stream = fakeStream();
    live.attempts[2]?.answer(stream.response);
    stream.send("ready", READY);
    stream.send("change", CHANGE);
    stream.send("change", { resource: "not_live", id: 1, action: "changed" });
    await until(() => live.changes.length === 1);
    expect(live.changes).toEqual([CHANGE]);
    // The first stream after the start: only what the page read before it is refreshed, not everything
    expect(live.resyncs()).toBe(0);
    expect(live.firstReadies()).toBe(1);

    // The server ends the stream (the session's heartbeat check, a restart): the first wait again, and a resync
    stream.end();
    await until(() => live.attempts.length === 4);
    expect(live.waits).toEqual([1_000, 2_000, 1_000]);
    const again = fakeStream();
    live.attempts[3]?.answer(again.response);
    again.send("ready", READY);
    await until(() => live.resyncs() === 1);
    expect(live.firstReadies()).toBe(1);
    again.send("resync", {});
    await until(() => live.resyncs() === 2);
    live.connection.stop();
    expect(live.attempts[3]?.signal.aborted).toBe(true);
  });

  it("reopens an open stream at once with a new token, and stops for good when the session is over", async () => {
    const live = harness();
    await until(() => live.attempts.length === 1);
    // A token refreshed while the stream is being opened: that attempt already uses it
    live.connection.tokenChanged();
    expect(live.attempts[0]?.signal.aborted).toBe(false);
    const stream = fakeStream();
    live.attempts[0]?.answer(stream.response);
    stream.send("ready", READY);
    stream.send("change", CHANGE);
    await until(() => live.changes.length === 1);
    live.connection.tokenChanged();
    expect(live.attempts[0]?.signal.aborted).toBe(true);
    await until(() => live.attempts.length === 2);
    expect(live.waits).toEqual([]);

    live.attempts[1]?.answer(new ApiError(401, { detail: "Token is invalid or expired" }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(live.attempts).toHaveLength(2);
    expect(live.waits).toEqual([]);
  });

  it("opens a stream ended as the user's oldest again only once its tab is looked at; one ended otherwise at once", async () => {
    let lookAt = () => {};
    const live = harness({
      whenLookedAt: () =>
        new Promise<void>((resolve) => {
          lookAt = resolve;
        }),
    });
    await until(() => live.attempts.length === 1);
    const oldest = fakeStream();
    live.attempts[0]?.answer(oldest.response);
    oldest.send("ready", READY);
    oldest.send("end", { reason: "too_many_streams" });
    oldest.end();
    // Nothing is opened while the tab stays in the background, however long
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(live.attempts).toHaveLength(1);
    expect(live.waits).toEqual([]);
    lookAt();
    await until(() => live.attempts.length === 2);

    // A session's end: opened again after the first wait (the 401 then stops it, as above)
    const again = fakeStream();
    live.attempts[1]?.answer(again.response);
    again.send("ready", READY);
    again.send("end", { reason: "session_ended" });
    again.end();
    await until(() => live.attempts.length === 3);
    expect(live.waits).toEqual([1_000]);
    live.connection.stop();
  });

  it("gives a stream up when its heartbeats stop coming, and opens another", async () => {
    const live = harness();
    await until(() => live.attempts.length === 1);
    const silent = fakeStream();
    live.attempts[0]?.answer(silent.response);
    // Heartbeats every 10 ms: 25 ms of silence is a connection gone quiet (a proxy holding it, a lost network)
    silent.send("ready", { heartbeat_seconds: 0.01 });
    await until(() => live.attempts.length === 2);
    expect(live.attempts[0]?.signal.aborted).toBe(true);
    live.connection.stop();
  });
});
