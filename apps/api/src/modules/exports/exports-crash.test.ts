import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { dayIn, FORWARDER_TIME_ZONE } from "@portal/domain";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { type Config, loadConfig } from "../../config.ts";
import type { Principal } from "../../core/principal.ts";
import type { Database } from "../../db/client.ts";
import { companies, exportTasks, users } from "../../db/schema/index.ts";
import { createJobQueue, startJobs } from "../../jobs/start.ts";
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from "../../test/context.ts";
import { recordingLog, testJobSettings } from "../../test/jobs.ts";
import { buildOrder, buildOrderFile } from "../../test/orders.ts";
import { manifestRows, readZip } from "../../test/zip.ts";
import { createServices } from "../services.ts";
import { exportsJobs } from "./jobs.ts";

// A worker killed with SIGKILL in the middle of an export (its archive half written), with the export's default
// attempt (an hour): its heartbeat stops, the queue finds the attempt dead within EXPORT_HEARTBEAT_SECONDS, and
// another attempt ends the task with exactly one archive, complete, and nothing left aside; killed on its last
// attempt, the task fails, with nothing left aside either. The heartbeat and the retry's wait are their least
// (10 s and 1 s) so that a test takes seconds, not the default's minute; the default's bound is checked apart.

const workerScript = path.resolve(import.meta.dirname, "../../test/export-worker-process.ts");

/** The export's settings in both processes: the defaults, and a pause per document so that the kill lands mid-archive. */
function exportEnv(filesDir: string, overrides: Record<string, string>): Record<string, string> {
  return {
    JWT_SECRET: "test-secret-test-secret-test-secret-0123456789",
    FILES_DIR: filesDir,
    EXPORT_DOCUMENT_DELAY_MS: "400",
    EXPORT_HEARTBEAT_SECONDS: "10",
    EXPORT_RETRY_DELAY_SECONDS: "1",
    ...overrides,
  };
}

/**
 * The bound of a recovery: the heartbeat's silence, the retry's wait (at most twice its first), and a minute for the
 * queue's search (every second in tests, every minute in production) and the new attempt's work. Nothing near the
 * attempt's own expiry (an hour by default), which the recovery once waited for.
 */
function recoveryMs(config: Config): number {
  return (config.EXPORT_HEARTBEAT_SECONDS + 2 * config.EXPORT_RETRY_DELAY_SECONDS + 60) * 1000;
}
const RECOVERY = { timeout: recoveryMs(loadConfig(exportEnv("", {}))), interval: 250 };
const WAIT = { timeout: 90_000, interval: 250 };

it("recovers a killed export within two minutes by default", () => {
  const defaults = loadConfig({ JWT_SECRET: "test-secret-test-secret-test-secret-0123456789" });
  expect(defaults.EXPORT_ATTEMPT_SECONDS).toBe(3600);
  expect(recoveryMs(defaults)).toBeLessThanOrEqual(120_000);
});

/** The app's services and job queue (the export's job types) on the database, its workers running or not. */
async function startExports(database: Database, env: Record<string, string>, schema: string, work: boolean) {
  const config = loadConfig({ NODE_ENV: "test", WEB_DIST_DIR: "", ...env });
  const jobs = createJobQueue(database, config, recordingLog(), testJobSettings({ schema }));
  const services = createServices(database.db, config, jobs);
  await startJobs(jobs, { db: database.db, config, services }, { work, modules: [exportsJobs] });
  return { jobs, services };
}

describe.each(TEST_DATABASE_KINDS)(
  "an export whose worker is killed mid-archive on the %s database",
  (kind) => {
    let testDb: TestDatabase | undefined;
    let child: ChildProcess | undefined;
    let filesDir = "";
    afterEach(async () => {
      child?.kill("SIGKILL");
      await testDb?.drop();
      await rm(filesDir, { recursive: true, force: true });
    });

    /**
     * Makes a task of four orders' documents with its job, runs the job in a worker process, and kills it with
     * SIGKILL once its archive is being written (half of it aside under its attempt's key); then restarts the
     * export's workers in this process. The task, its archives' folder and the database reopened.
     */
    async function killMidArchive(overrides: Record<string, string> = {}) {
      testDb = await openTestDatabase({ kind, onDisk: true });
      filesDir = await mkdtemp(path.join(tmpdir(), "portal-export-crash-"));
      const env = exportEnv(filesDir, overrides);
      const { db } = testDb.database;
      const [company] = await db
        .insert(companies)
        .values({ name: "ООО «Кедр»", inn: "7701234567" })
        .returning();
      const [author] = await db
        .insert(users)
        .values({ username: "crash", username_key: "crash", password_hash: "x", state: "approved" })
        .returning();
      if (!company || !author) throw new Error("no company or author");
      for (let n = 0; n < 4; n += 1) {
        const order = await buildOrder(db, { company_id: company.id, author_id: author.id });
        const key = `orders/${order.id}/scan`;
        await mkdir(path.join(filesDir, "orders", String(order.id)), { recursive: true });
        await writeFile(path.join(filesDir, key), Buffer.alloc(200_000, n));
        await buildOrderFile(db, {
          freight_order_id: order.id,
          author_id: author.id,
          storage_key: key,
          filename: "scan.pdf",
        });
      }
      // The task and its job, made as the API makes them; then this process lets the database go
      const settings = testJobSettings();
      const sending = await startExports(testDb.database, env, settings.schema, false);
      const manager = { id: author.id, is_manager: true, company_ids: [] } as unknown as Principal;
      const today = dayIn(FORWARDER_TIME_ZONE);
      const task = await sending.services.exports.tasks.create(manager, {
        company: company.id,
        from_date: today,
        to_date: today,
      });
      await sending.jobs.stop();
      await testDb.database.close();

      child = spawn(process.execPath, ["--import", "tsx", workerScript], {
        env: {
          ...process.env,
          ...env,
          JOB_TEST_URL: testDb.where.url ?? "",
          JOB_TEST_DATA_DIR: testDb.where.dataDir ?? "",
          JOB_TEST_SCHEMA: settings.schema,
        },
        stdio: ["ignore", "ignore", "inherit"],
      });
      const folder = path.join(filesDir, "exports", String(task.id));
      const partial = /^archive-(\d+)\.zip\.streaming\.partial$/;
      await expect
        .poll(
          async () => (await readdir(folder).catch(() => [])).filter((name) => partial.test(name)).length,
          WAIT,
        )
        .toBe(1);
      const exited = new Promise((resolve) => child?.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;

      const database = await testDb.reopen();
      const restarted = await startExports(database, env, settings.schema, true);
      const taskRow = async () =>
        (await database.db.select().from(exportTasks).where(eq(exportTasks.id, task.id)))[0];
      return { folder, taskRow, database, restarted };
    }

    it("is taken again within the heartbeat's bound and ends with exactly one complete archive", {
      timeout: 240_000,
    }, async () => {
      const { folder, taskRow, database, restarted } = await killMidArchive();
      try {
        await expect.poll(async () => (await taskRow())?.status, RECOVERY).toBe("SUCCESS");
        const finished = await taskRow();
        expect(finished).toMatchObject({ document_count: 8, progress: 100 });
        // Exactly one archive, of a later attempt than the killed one, and nothing left aside by the killed attempt
        const [archive = "", ...others] = await readdir(folder);
        expect(others).toEqual([]);
        expect(finished?.file_key).toBe(`exports/${finished?.id}/${archive}`);
        expect(Number(/^archive-(\d+)\.zip$/.exec(archive)?.[1])).toBeGreaterThanOrEqual(1);
        const bytes = await readFile(path.join(folder, archive));
        const entries = await readZip(bytes);
        expect(entries).toHaveLength(9);
        expect(manifestRows(entries)).toHaveLength(9);
        expect(finished?.file_size).toBe(bytes.length);
      } finally {
        await restarted.jobs.stop();
        await database.close();
      }
    });

    it("fails the task when the killed attempt was its last, and removes what it left", {
      timeout: 240_000,
    }, async () => {
      const { folder, taskRow, database, restarted } = await killMidArchive({ EXPORT_RETRY_LIMIT: "0" });
      try {
        await expect.poll(async () => (await taskRow())?.status, RECOVERY).toBe("FAILURE");
        expect(JSON.parse((await taskRow())?.reason ?? "{}")).toEqual({ key: "export_failed" });
        await expect.poll(() => readdir(folder), WAIT).toEqual([]);
      } finally {
        await restarted.jobs.stop();
        await database.close();
      }
    });
  },
);
