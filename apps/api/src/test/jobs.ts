import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { defineJobType, type JobRun, type JobType } from "../jobs/job-type.ts";
import type { JobLog, JobQueueSettings } from "../jobs/queue.ts";

let queues = 0;

/**
 * A test queue's settings: a schema of its own (so tests share a database and leave nothing behind when it is
 * dropped), quick polling, and the search for expired attempts every second, so a dead worker's job is taken
 * again within seconds.
 */
export function testJobSettings(overrides: Partial<JobQueueSettings> = {}): JobQueueSettings {
  queues += 1;
  return {
    schema: `jobs_test_${process.pid}_${queues}`,
    concurrency: 1,
    pollSeconds: 0.5,
    shutdownSeconds: 5,
    poolSize: 2,
    superviseSeconds: 1,
    ...overrides,
  };
}

/** A log that keeps what the queue writes to it. */
export function recordingLog(): JobLog & { lines: { level: string; message: string; details: object }[] } {
  const lines: { level: string; message: string; details: object }[] = [];
  return {
    lines,
    warn: (details, message) => lines.push({ level: "warn", message, details }),
    error: (details, message) => lines.push({ level: "error", message, details }),
  };
}

export const testPayload = z.object({ tag: z.string().min(1) });

/** A test job type keyed by its payload's `tag`: retried twice, a second apart at first. */
export function testJobType(
  name: string,
  handle: (payload: z.output<typeof testPayload>, run: JobRun) => Promise<void>,
  overrides: Partial<JobType<typeof testPayload>> = {},
): JobType<typeof testPayload> {
  return defineJobType({
    name,
    payload: testPayload,
    key: (payload) => payload.tag,
    handle,
    retry: { limit: 2, delaySeconds: 1 },
    expireInSeconds: 60,
    ...overrides,
  });
}

/** The table where test handlers record each run that got through, written like a real handler's effect. */
export async function createRunsTable(db: Db): Promise<void> {
  await db.execute(
    sql`create table if not exists job_runs (id serial primary key, tag text not null, attempt integer not null)`,
  );
}

export async function recordRun(db: Db, tag: string, attempt: number): Promise<void> {
  await db.execute(sql`insert into job_runs (tag, attempt) values (${tag}, ${attempt})`);
}

/** The recorded runs of a tag, as their attempts in order. */
export async function runsOf(db: Db, tag: string): Promise<number[]> {
  const result = (await db.execute(sql`select attempt from job_runs where tag = ${tag} order by id`)) as {
    rows: { attempt: number }[];
  };
  const rows = result.rows;
  return rows.map((row) => Number(row.attempt));
}

/** Removes a test queue's schema (its tables and functions). */
export async function dropJobSchema(db: Db, settings: JobQueueSettings): Promise<void> {
  await db.execute(sql.raw(`drop schema if exists "${settings.schema}" cascade`));
}

/**
 * The job type of the crash tests: an attempt expires after 2 seconds, so the attempt of a killed worker is taken
 * again within seconds (by the next search for expired attempts, every second in tests).
 */
export function crashJobType(handle: Parameters<typeof testJobType>[1]): JobType<typeof testPayload> {
  return testJobType("test.crash", handle, { expireInSeconds: 2, retry: { limit: 2, delaySeconds: 1 } });
}
