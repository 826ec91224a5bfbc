import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from "../test/context.ts";
import {
  crashJobType,
  createRunsTable,
  recordingLog,
  recordRun,
  runsOf,
  testJobSettings,
} from "../test/jobs.ts";
import { JobQueue } from "./queue.ts";

const WAIT = { timeout: 60_000, interval: 250 };
const workerScript = path.resolve(import.meta.dirname, "../test/job-worker-process.ts");

/** Starts the worker process on the test's database and resolves with the id of the job it hangs in. */
function startWorkerProcess(
  testDb: TestDatabase,
  schema: string,
): { child: ChildProcess; started: Promise<string> } {
  const child = spawn(process.execPath, ["--import", "tsx", workerScript], {
    env: {
      ...process.env,
      JOB_TEST_URL: testDb.where.url ?? "",
      JOB_TEST_DATA_DIR: testDb.where.dataDir ?? "",
      JOB_TEST_SCHEMA: schema,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let errors = "";
  child.stderr?.on("data", (chunk) => {
    errors += chunk;
  });
  const started = new Promise<string>((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
      const id = /started (\S+)\n/.exec(output)?.[1];
      if (id) resolve(id);
    });
    child.on("exit", (code) =>
      reject(new Error(`the worker process ended (${code}) before a job: ${errors}`)),
    );
  });
  return { child, started };
}

describe.each(TEST_DATABASE_KINDS)("a worker killed mid-job on the %s database", (kind) => {
  let testDb: TestDatabase | undefined;
  let child: ChildProcess | undefined;
  afterEach(async () => {
    child?.kill("SIGKILL");
    await testDb?.drop();
  });

  it("leaves its job to be taken again, and the job completes exactly once", {
    timeout: 180_000,
  }, async () => {
    // The embedded database is one process's at a time: this process lets go of it while the worker runs, as a
    // server that crashed and restarts would; on a server both hold it, and the same steps prove the same.
    testDb = await openTestDatabase({ kind, onDisk: true });
    await createRunsTable(testDb.database.db);
    const settings = testJobSettings();
    const sending = new JobQueue(testDb.database, settings, recordingLog());
    const hanging = crashJobType(async () => {});
    await sending.start([hanging]);
    await testDb.database.db.transaction((tx) => sending.send(tx, hanging, { tag: "crash-1" }));
    await sending.stop();
    await testDb.database.close();

    const worker = startWorkerProcess(testDb, settings.schema);
    child = worker.child;
    const jobId = await worker.started;
    const exited = new Promise((resolve) => child?.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;

    const database = await testDb.reopen();
    const finishing = crashJobType(async ({ tag }, run) => {
      await recordRun(database.db, tag, run.attempt);
    });
    const restarted = new JobQueue(database, settings, recordingLog());
    try {
      await restarted.start([finishing]);
      await restarted.work();
      await expect
        .poll(async () => (await restarted.find(finishing, "crash-1"))?.state, WAIT)
        .toBe("completed");
      expect(await restarted.find(finishing, "crash-1")).toMatchObject({ id: jobId, attempt: 1 });
      expect(await runsOf(database.db, "crash-1")).toEqual([1]);
    } finally {
      await restarted.stop();
      await database.close();
    }
  });
});
