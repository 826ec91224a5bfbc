import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from "../test/context.ts";
import {
  createRunsTable,
  dropJobSchema,
  recordingLog,
  recordRun,
  runsOf,
  testJobSettings,
  testJobType,
} from "../test/jobs.ts";
import type { JobType } from "./job-type.ts";
import { JobQueue, type JobQueueSettings } from "./queue.ts";

/** Generous: two shared cores run the whole suite at once. Tests wait for conditions, never for fixed times. */
const WAIT = { timeout: 60_000, interval: 200 };

describe.each(TEST_DATABASE_KINDS)("the job queue on the %s database", { timeout: 120_000 }, (kind) => {
  let testDb: TestDatabase;
  const started: { queue: JobQueue; settings: JobQueueSettings }[] = [];

  beforeAll(async () => {
    testDb = await openTestDatabase({ kind });
    await createRunsTable(testDb.database.db);
  });
  afterEach(async () => {
    // Every queue stops before any schema goes: a test's queues may share one, and dropping it under a queue that
    // still runs deadlocks with that queue's work
    const queues = started.splice(0);
    for (const { queue } of queues) await queue.stop();
    const schemas = new Map(queues.map(({ settings }) => [settings.schema, settings]));
    for (const settings of schemas.values()) await dropJobSchema(testDb.database.db, settings);
  });
  afterAll(async () => {
    await testDb.database.close();
    await testDb.drop();
  });

  /** A queue of the test's own, on a schema of its own, declaring these types; running them unless told not to. */
  async function startQueue(types: JobType[], options: { work?: boolean } & Partial<JobQueueSettings> = {}) {
    const { work = true, ...overrides } = options;
    const settings = testJobSettings(overrides);
    const queue = new JobQueue(testDb.database, settings, recordingLog());
    started.push({ queue, settings });
    await queue.start(types);
    if (work) await queue.work();
    return queue;
  }

  /** Sends a job in a transaction of its own, as a service sends it with the write that causes it. */
  function sendCommitted(queue: JobQueue, type: JobType, tag: string) {
    return testDb.database.db.transaction((tx) => queue.send(tx, type, { tag }));
  }

  it("retries a handler that throws and completes the job once an attempt succeeds", async () => {
    const attempts: number[] = [];
    const flaky = testJobType("test.flaky", async ({ tag }, run) => {
      attempts.push(run.attempt);
      if (run.attempt === 0) throw new Error("gateway timed out");
      await recordRun(testDb.database.db, tag, run.attempt);
    });
    const queue = await startQueue([flaky]);
    await sendCommitted(queue, flaky, "flaky-1");

    await expect.poll(async () => (await queue.find(flaky, "flaky-1"))?.state, WAIT).toBe("completed");
    expect(attempts).toEqual([0, 1]);
    expect(await runsOf(testDb.database.db, "flaky-1")).toEqual([1]);
  });

  it("fails a job past its retries and keeps the reason of its last attempt, which knows it is the last", async () => {
    const attempts: [number, boolean][] = [];
    const broken = testJobType(
      "test.broken",
      async (_payload, run) => {
        attempts.push([run.attempt, run.isLastAttempt]);
        throw new Error(`customs system refused attempt ${run.attempt}`);
      },
      { retry: { limit: 1, delaySeconds: 1 } },
    );
    const queue = await startQueue([broken]);
    await sendCommitted(queue, broken, "broken-1");

    await expect.poll(async () => (await queue.find(broken, "broken-1"))?.state, WAIT).toBe("failed");
    expect(await queue.find(broken, "broken-1")).toMatchObject({
      attempt: 1,
      reason: "customs system refused attempt 1",
    });
    expect(attempts).toEqual([
      [0, false],
      [1, true],
    ]);
  });

  it("holds a job sent for later back until its time, while the jobs sent after it run", async () => {
    const later = testJobType("test.later", async ({ tag }, run) =>
      recordRun(testDb.database.db, tag, run.attempt),
    );
    const queue = await startQueue([later]);
    await testDb.database.db.transaction((tx) =>
      queue.send(tx, later, { tag: "later-1" }, { startAfterSeconds: 3600 }),
    );
    await sendCommitted(queue, later, "now-1");
    await expect.poll(() => runsOf(testDb.database.db, "now-1"), WAIT).toEqual([0]);
    expect(await queue.find(later, "later-1")).toMatchObject({ state: "created" });
    expect(await runsOf(testDb.database.db, "later-1")).toEqual([]);
  });

  it("never runs a job sent in a transaction that rolled back, and runs a committed one exactly once", async () => {
    const seen: string[] = [];
    const recorded = testJobType("test.recorded", async ({ tag }, run) => {
      seen.push(tag);
      await recordRun(testDb.database.db, tag, run.attempt);
    });
    const queue = await startQueue([recorded]);
    const db = testDb.database.db;
    // The write that causes the job, and the job, in one transaction that fails after both
    await expect(
      db.transaction(async (tx) => {
        await recordRun(tx, "written-then-rolled-back", 0);
        await queue.send(tx, recorded, { tag: "rolled-back" });
        throw new Error("the write's next step failed");
      }),
    ).rejects.toThrow("the write's next step failed");
    await db.transaction(async (tx) => {
      await recordRun(tx, "written-and-committed", 0);
      await queue.send(tx, recorded, { tag: "committed" });
    });

    // One worker takes jobs in the order they were sent: once the committed one is done, the other had its turn
    await expect.poll(async () => (await queue.find(recorded, "committed"))?.state, WAIT).toBe("completed");
    expect(seen).toEqual(["committed"]);
    expect(await queue.find(recorded, "rolled-back")).toBeNull();
    expect(await runsOf(db, "written-then-rolled-back")).toEqual([]);
    expect(await runsOf(db, "committed")).toEqual([0]);
  });

  it("sends one job for a key, however often the key is sent", async () => {
    const recorded = testJobType("test.keyed", async ({ tag }, run) => {
      await recordRun(testDb.database.db, tag, run.attempt);
    });
    const queue = await startQueue([recorded]);

    const sent = [await sendCommitted(queue, recorded, "once"), await sendCommitted(queue, recorded, "once")];
    expect(sent).toEqual([true, false]);
    await expect.poll(async () => (await queue.find(recorded, "once"))?.state, WAIT).toBe("completed");
    // A finished job keeps its key: the same request arriving late sends nothing either
    expect(await sendCommitted(queue, recorded, "once")).toBe(false);
    expect(await runsOf(testDb.database.db, "once")).toEqual([0]);
  });

  it("sends a batch in the caller's transaction, one job a key, skipping keys already sent", async () => {
    const recorded = testJobType("test.batch", async ({ tag }, run) => {
      await recordRun(testDb.database.db, tag, run.attempt);
    });
    const queue = await startQueue([recorded]);
    const db = testDb.database.db;
    await expect(
      db.transaction(async (tx) => {
        expect(await queue.sendMany(tx, recorded, [{ tag: "batch-rolled-back" }])).toBe(1);
        throw new Error("the write's next step failed");
      }),
    ).rejects.toThrow("the write's next step failed");
    expect(await sendCommitted(queue, recorded, "batch-1")).toBe(true);

    const sent = await db.transaction((tx) =>
      queue.sendMany(tx, recorded, [
        { tag: "batch-1" },
        { tag: "batch-2" },
        { tag: "batch-3" },
        { tag: "batch-2" },
      ]),
    );
    expect(sent).toBe(2);
    expect(await db.transaction((tx) => queue.sendMany(tx, recorded, []))).toBe(0);
    for (const tag of ["batch-1", "batch-2", "batch-3"]) {
      await expect.poll(async () => (await queue.find(recorded, tag))?.state, WAIT).toBe("completed");
      expect(await runsOf(db, tag)).toEqual([0]);
    }
    expect(await queue.find(recorded, "batch-rolled-back")).toBeNull();
    await expect(queue.sendMany(db, recorded, [{ tag: 1 } as never])).rejects.toBeInstanceOf(ZodError);
  });

  it("shares the jobs between the queues of several processes, each job run once", async () => {
    const shared = testJobType("test.shared", async ({ tag }, run) => {
      await recordRun(testDb.database.db, tag, run.attempt);
    });
    const first = await startQueue([shared], { concurrency: 2 });
    await startQueue([shared], { concurrency: 2, schema: started[0]?.settings.schema });
    const tags = Array.from({ length: 12 }, (_, index) => `shared-${index}`);
    for (const tag of tags) await sendCommitted(first, shared, tag);

    await expect
      .poll(
        async () => (await Promise.all(tags.map((tag) => first.find(shared, tag)))).map((job) => job?.state),
        WAIT,
      )
      .toEqual(tags.map(() => "completed"));
    for (const tag of tags) expect(await runsOf(testDb.database.db, tag)).toEqual([0]);
  });

  it("gives the payload of a job whose last attempt failed to its dead letter type, which must be declared", async () => {
    const ended: string[] = [];
    const deadLetter = testJobType("test.dead-letter", async ({ tag }) => {
      ended.push(tag);
    });
    const doomed = testJobType(
      "test.doomed",
      async () => {
        throw new Error("the archive could not be written");
      },
      { retry: { limit: 0, delaySeconds: 1 }, deadLetter },
    );
    // Declared after the type that names it: the queue makes it first
    const queue = await startQueue([doomed, deadLetter]);
    await sendCommitted(queue, doomed, "doomed-1");
    await expect.poll(() => ended, WAIT).toEqual(["doomed-1"]);
    expect(await queue.find(doomed, "doomed-1")).toMatchObject({ state: "failed", attempt: 0 });
    await expect(startQueue([doomed], { work: false })).rejects.toThrow(
      'job type "test.dead-letter" is not declared',
    );
  });

  it("keeps an attempt that runs past its heartbeat's time alive while its worker beats", async () => {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const long = testJobType(
      "test.long",
      async ({ tag }, run) => {
        await released;
        await recordRun(testDb.database.db, tag, run.attempt);
      },
      { heartbeatSeconds: 10, expireInSeconds: 600 },
    );
    const queue = await startQueue([long]);
    const schema = started[0]?.settings.schema;
    await sendCommitted(queue, long, "long-1");
    await expect.poll(async () => (await queue.find(long, "long-1"))?.state, WAIT).toBe("active");
    // Held until its worker has beaten after the first beat's time ran out (the queue searches every second)
    const beats = async () => {
      const result = (await testDb.database.db.execute(
        sql.raw(
          `select extract(epoch from heartbeat_on - started_on) as after from "${schema}".job where name = 'test.long'`,
        ),
      )) as { rows: { after: string | null }[] };
      return Number(result.rows[0]?.after ?? 0);
    };
    await expect.poll(beats, WAIT).toBeGreaterThan(12);
    release();
    await expect.poll(async () => (await queue.find(long, "long-1"))?.state, WAIT).toBe("completed");
    expect(await runsOf(testDb.database.db, "long-1")).toEqual([0]);
  });

  it("drains a queue without waiting a poll between its jobs: ten jobs run within one poll interval", async () => {
    const quick = testJobType("test.drain", async ({ tag }, run) => {
      await recordRun(testDb.database.db, tag, run.attempt);
    });
    // An idle worker looks for jobs every ten minutes, far longer than the test waits: the jobs after the first run
    // only because a worker that found a job looks again as soon as it is done
    const queue = await startQueue([quick], { work: false, pollSeconds: 600 });
    const tags = Array.from({ length: 10 }, (_, index) => `drain-${index}`);
    for (const tag of tags) await sendCommitted(queue, quick, tag);
    await queue.work();

    await expect
      .poll(
        async () => (await Promise.all(tags.map((tag) => queue.find(quick, tag)))).map((job) => job?.state),
        WAIT,
      )
      .toEqual(tags.map(() => "completed"));
    for (const tag of tags) expect(await runsOf(testDb.database.db, tag)).toEqual([0]);
  });

  it("refuses a payload its schema refuses, and a type it was not started with", async () => {
    const declared = testJobType("test.declared", async () => {});
    const undeclared = testJobType("test.undeclared", async () => {});
    const queue = await startQueue([declared], { work: false });

    await expect(sendCommitted(queue, declared, "")).rejects.toBeInstanceOf(ZodError);
    await expect(sendCommitted(queue, undeclared, "x")).rejects.toThrow(
      'job type "test.undeclared" is not declared',
    );
    await expect(startQueue([declared, declared], { work: false })).rejects.toThrow("declared twice");
  });

  it("lets a running job finish when it stops", async () => {
    let isRunning = false;
    const slow = testJobType("test.slow", async ({ tag }, run) => {
      isRunning = true;
      // Two seconds of work that the stop must wait for: a stop that did not would hand the job back instead
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await recordRun(testDb.database.db, tag, run.attempt);
    });
    const queue = await startQueue([slow], { shutdownSeconds: 60 });
    await sendCommitted(queue, slow, "slow-1");
    await expect.poll(() => isRunning, WAIT).toBe(true);

    await queue.stop();
    const observer = await startQueue([slow], { work: false, schema: started[0]?.settings.schema });
    expect(await observer.find(slow, "slow-1")).toMatchObject({ state: "completed", attempt: 0 });
    expect(await runsOf(testDb.database.db, "slow-1")).toEqual([0]);
  });

  it("hands a job still running at the shutdown timeout back to the queue, where another worker completes it", async () => {
    const aborted: number[] = [];
    const stuck = testJobType("test.stuck", async (_payload, run) => {
      // Runs until the process stops it
      await new Promise<void>((resolve) => run.signal.addEventListener("abort", () => resolve()));
      aborted.push(run.attempt);
    });
    const first = await startQueue([stuck], { shutdownSeconds: 1 });
    await sendCommitted(first, stuck, "stuck-1");
    await expect.poll(async () => (await first.find(stuck, "stuck-1"))?.state, WAIT).toBe("active");
    await first.stop();
    expect(aborted).toEqual([0]);

    const finishing = testJobType("test.stuck", async ({ tag }, run) => {
      await recordRun(testDb.database.db, tag, run.attempt);
    });
    const second = await startQueue([finishing], { schema: started[0]?.settings.schema });
    await expect.poll(async () => (await second.find(finishing, "stuck-1"))?.state, WAIT).toBe("completed");
    expect(await runsOf(testDb.database.db, "stuck-1")).toEqual([1]);
  });
});
