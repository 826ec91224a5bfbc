import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { createServices } from "../modules/services.ts";
import { openTestDatabase, type TestDatabase } from "../test/context.ts";
import {
  createRunsTable,
  dropJobSchema,
  recordingLog,
  recordRun,
  runsOf,
  testJobType,
} from "../test/jobs.ts";
import { jobSettings } from "./queue.ts";
import { createJobQueue, startJobs } from "./start.ts";

describe("startJobs", { timeout: 120_000 }, () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await openTestDatabase();
    await createRunsTable(testDb.database.db);
  });
  afterAll(async () => {
    await testDb.database.close();
    await testDb.drop();
  });

  it("declares the modules' job types with the context their routes get, and runs them in a working process", async () => {
    const config = loadConfig({
      JWT_SECRET: "test-secret-test-secret-test-secret-0123456789",
      JOB_SCHEMA: "jobs_start_test",
      JOB_POLL_SECONDS: "0.5",
    });
    let type = testJobType("test.module", async () => {});
    const queue = createJobQueue(testDb.database, config, recordingLog());
    const { db } = testDb.database;
    await startJobs(
      queue,
      { db, config, services: createServices(db, config, queue) },
      {
        work: true,
        modules: [
          (context) => {
            type = testJobType("test.module", async ({ tag }, run) => {
              // The module's handler writes through the context's database, as a service would
              await recordRun(context.db, `${tag}:${context.config.JOB_SCHEMA}`, run.attempt);
            });
            return [type];
          },
        ],
      },
    );
    try {
      await testDb.database.db.transaction((tx) => queue.send(tx, type, { tag: "declared" }));
      await expect
        .poll(() => runsOf(testDb.database.db, "declared:jobs_start_test"), { timeout: 60_000 })
        .toEqual([0]);
    } finally {
      await queue.stop();
      await dropJobSchema(testDb.database.db, jobSettings(config));
    }
  });
});

describe("the worker process", () => {
  it("refuses the embedded database, which the server's own workers serve", async () => {
    const { DATABASE_URL: _serverUrl, ...env } = process.env;
    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.resolve(import.meta.dirname, "../worker.ts")],
      {
        env: { ...env, JWT_SECRET: "test-secret-test-secret-test-secret-0123456789" },
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    let errors = "";
    child.stderr.on("data", (chunk) => {
      errors += chunk;
    });
    const code = await new Promise((resolve) => child.once("exit", resolve));
    expect(code).toBe(1);
    expect(errors).toContain("The worker process needs DATABASE_URL");
  });
});
