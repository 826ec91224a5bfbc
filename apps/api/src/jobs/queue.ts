import { sql } from "drizzle-orm";
import { type ConstructorOptions, fromDrizzle, fromPglite, PgBoss } from "pg-boss";
import type { z } from "zod";
import type { Config } from "../config.ts";
import type { Database, Db } from "../db/client.ts";
import { type JobType, jobIdOf } from "./job-type.ts";

/** How long a finished job, and so its key, is kept unless its type says otherwise: 7 days. */
const DEFAULT_KEEP_COMPLETED_SECONDS = 7 * 24 * 3600;

/** How the queue of one process behaves; from the configuration (`jobSettings`), or a test's own. */
export interface JobQueueSettings {
  /** The schema of pg-boss's tables. */
  schema: string;
  /** Jobs of one type run at once in this process. */
  concurrency: number;
  pollSeconds: number;
  /** How long `stop` waits for running jobs before handing them back. */
  shutdownSeconds: number;
  /** Connections of the queue's pool on a PostgreSQL server. */
  poolSize: number;
  /**
   * How often the queue looks for attempts past their expiry (their worker died) and for jobs to delete; pg-boss's
   * 60 s unless given. Tests shorten it, so a dead worker's job is taken again within seconds.
   */
  superviseSeconds?: number;
}

/** The settings of the configuration's `JOB_*` variables. */
export function jobSettings(config: Config): JobQueueSettings {
  return {
    schema: config.JOB_SCHEMA,
    concurrency: config.JOB_CONCURRENCY,
    pollSeconds: config.JOB_POLL_SECONDS,
    shutdownSeconds: config.JOB_SHUTDOWN_SECONDS,
    poolSize: config.JOB_POOL_SIZE,
    ...(config.JOB_SUPERVISE_SECONDS ? { superviseSeconds: config.JOB_SUPERVISE_SECONDS } : {}),
  };
}

/** The part of the API's logger (pino) the queue writes to. */
export interface JobLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Where a job stands, for the people and tests that watch it. */
export interface JobStatus {
  id: string;
  state: "created" | "retry" | "active" | "completed" | "cancelled" | "failed";
  /** 0 while on its first attempt, then one more on each retry. */
  attempt: number;
  /** Why its last attempt failed (the handler's error message), when it did. */
  reason: string | null;
}

/**
 * The job queue of one process, on pg-boss in the application's own database: the embedded PGlite through
 * pg-boss's PGlite adapter, or a PostgreSQL server through pg-boss's own pool. Every process that sends jobs
 * starts it with the declared job types; processes that run them also call `work`.
 */
export class JobQueue {
  readonly #boss: PgBoss;
  readonly #settings: JobQueueSettings;
  readonly #log: JobLog;
  readonly #types = new Map<string, JobType>();

  constructor(database: Database, settings: JobQueueSettings, log: JobLog) {
    this.#settings = settings;
    this.#log = log;
    this.#boss = new PgBoss(bossOptions(database, settings));
    // pg-boss reports its own failures (a lost connection, a maintenance query) as events; unheard, they would
    // end the process
    this.#boss.on("error", (error) => log.error({ err: errorClass(error) }, "job queue error"));
    this.#boss.on("warning", (warning) => log.warn({ warning: warning.message }, "job queue warning"));
  }

  /** The schema of the queue's tables: another process works the same queue with it (`JOB_SCHEMA`). */
  get schema(): string {
    return this.#settings.schema;
  }

  /**
   * Starts the queue (creating or migrating pg-boss's schema) and makes or updates one pg-boss queue per job type,
   * with its retries, backoff, expiry and retention.
   */
  async start(types: JobType[]): Promise<void> {
    for (const type of types) {
      if (this.#types.has(type.name)) throw new Error(`job type "${type.name}" is declared twice`);
      this.#types.set(type.name, type);
    }
    for (const { deadLetter } of types) {
      if (deadLetter && this.#types.get(deadLetter.name) !== deadLetter)
        throw new Error(`job type "${deadLetter.name}" is not declared`);
    }
    await this.#boss.start();
    // A queue names its dead letter queue, which must exist first
    const deadLetters = new Set(types.map((type) => type.deadLetter?.name));
    const ordered = [
      ...types.filter((type) => deadLetters.has(type.name)),
      ...types.filter((type) => !deadLetters.has(type.name)),
    ];
    for (const type of ordered) {
      // pg-boss checks every option it is given, so the ones a type leaves out are not given at all
      const options = {
        retryLimit: type.retry.limit,
        retryDelay: type.retry.delaySeconds,
        retryBackoff: true,
        expireInSeconds: type.expireInSeconds,
        deleteAfterSeconds: type.keepCompletedSeconds ?? DEFAULT_KEEP_COMPLETED_SECONDS,
      };
      const optional = {
        retryDelayMax: type.retry.maxDelaySeconds,
        heartbeatSeconds: type.heartbeatSeconds,
        deadLetter: type.deadLetter?.name,
      };
      if (await this.#boss.getQueue(type.name)) {
        // What a type no longer says is cleared
        const cleared = Object.fromEntries(
          Object.entries(optional).map(([name, value]) => [name, value ?? null]),
        );
        await this.#boss.updateQueue(type.name, { ...options, ...cleared });
      } else {
        const given = Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined));
        await this.#boss.createQueue(type.name, { ...options, ...given });
      }
      // pg-boss reads a queue it has not cached through its own connection before it sends. On the embedded
      // database (one connection) that read would wait for the sender's open transaction, which waits for the
      // send: reading every queue once here keeps sends inside a transaction from ever reading it.
      await this.#boss.findJobs(type.name, { id: jobIdOf(type, "") });
    }
  }

  /**
   * Runs every declared job type's handler in this process, `concurrency` jobs of each at once. Each of those
   * places is a pg-boss worker of its own: one that found a job looks for the next as soon as it is done, so a queue
   * with work drains as fast as its handlers run; only a worker that found none waits `pollSeconds` to look again.
   */
  async work(): Promise<void> {
    for (const type of this.#types.values()) {
      for (let place = 0; place < this.#settings.concurrency; place += 1) await this.#workPlace(type);
    }
  }

  async #workPlace(type: JobType): Promise<void> {
    // Known once `work` answers, before the worker's first fetch can have come back with a job
    let workerId: string | undefined;
    const options = { pollingIntervalSeconds: this.#settings.pollSeconds };
    workerId = await this.#boss.work(type.name, options, async ([job]) => {
      if (!job) return;
      // The queue had a job: the worker skips its polling wait after this one (pg-boss's `notifyWorker` marks the
      // loop as woken for its next turn). An empty fetch never calls this handler, so an idle queue is polled as
      // before, and the worker never spins.
      if (workerId) this.#boss.notifyWorker(workerId);
      try {
        await type.handle(type.payload.parse(job.data), {
          id: job.id,
          attempt: job.retryCount,
          isLastAttempt: job.retryCount >= type.retry.limit,
          signal: job.signal,
        });
      } catch (error) {
        // The reason is kept with the job (`find`); the log names the job and the error's class only, as the
        // API's logs do, since a message may carry data.
        this.#log.warn(
          { job: type.name, id: job.id, attempt: job.retryCount, err: errorClass(error) },
          "job attempt failed",
        );
        throw error;
      }
    });
  }

  /**
   * Sends a job in the caller's transaction (`db` is the transaction of the write that causes it): it exists
   * once that transaction commits and never if it rolls back. A key already sent sends nothing; answers whether
   * this call queued a new job. `startAfterSeconds` holds it back that long (asking again later for an answer
   * that is not ready yet), so that no worker sleeps inside a job.
   */
  async send<Schema extends z.ZodType<object>>(
    db: Db,
    type: JobType<Schema>,
    payload: z.input<Schema>,
    options: { startAfterSeconds?: number } = {},
  ): Promise<boolean> {
    if (this.#types.get(type.name) !== type) throw new Error(`job type "${type.name}" is not declared`);
    const data = type.payload.parse(payload);
    const key = type.key(data);
    const id = await this.#boss.send(type.name, data, {
      id: jobIdOf(type, key),
      singletonKey: key,
      db: fromDrizzle(db as never, sql),
      ...(options.startAfterSeconds ? { startAfter: Math.ceil(options.startAfterSeconds) } : {}),
    });
    return id !== null;
  }

  /**
   * Sends several jobs of one type in one statement, in the caller's transaction as `send` does: an event fanned out
   * to its webhook endpoints costs its write one round trip, not one per endpoint. Keys already sent (or repeated in
   * the batch) send nothing; answers how many jobs this call queued.
   */
  async sendMany<Schema extends z.ZodType<object>>(
    db: Db,
    type: JobType<Schema>,
    payloads: readonly z.input<Schema>[],
  ): Promise<number> {
    if (this.#types.get(type.name) !== type) throw new Error(`job type "${type.name}" is not declared`);
    const jobs = new Map<string, { id: string; singletonKey: string; data: object }>();
    for (const payload of payloads) {
      const data = type.payload.parse(payload);
      const key = type.key(data);
      jobs.set(key, { id: jobIdOf(type, key), singletonKey: key, data });
    }
    if (jobs.size === 0) return 0;
    const ids = await this.#boss.insert(type.name, [...jobs.values()], {
      db: fromDrizzle(db as never, sql),
      returnId: true,
    });
    return ids?.length ?? 0;
  }

  /** The job of this type and key, while it is kept. */
  async find<Schema extends z.ZodType<object>>(
    type: JobType<Schema>,
    key: string,
  ): Promise<JobStatus | null> {
    const [job] = await this.#boss.findJobs(type.name, { id: jobIdOf(type, key) });
    if (!job) return null;
    const output = job.output as { message?: unknown } | null;
    return {
      id: job.id,
      state: job.state,
      attempt: job.retryCount,
      reason: typeof output?.message === "string" ? output.message : null,
    };
  }

  /**
   * Stops taking jobs and waits up to `shutdownSeconds` for the running ones; those still running then fail
   * their attempt (their handlers' signals abort) and go back to the queue for another worker.
   */
  async stop(): Promise<void> {
    await this.#boss.stop({ graceful: true, timeout: this.#settings.shutdownSeconds * 1000 });
  }
}

function bossOptions(database: Database, settings: JobQueueSettings): ConstructorOptions {
  const common: ConstructorOptions = {
    schema: settings.schema,
    // No recurring jobs yet: the scheduler's timers stay off until a job type needs one
    schedule: false,
    ...(settings.superviseSeconds
      ? {
          superviseIntervalSeconds: settings.superviseSeconds,
          monitorIntervalSeconds: settings.superviseSeconds,
        }
      : {}),
  };
  if (database.kind === "embedded") {
    return { ...common, db: fromPglite(database.client), backend: "pglite" };
  }
  return {
    ...common,
    connectionString: database.url,
    max: settings.poolSize,
    application_name: "freight-portal-jobs",
  };
}

function errorClass(error: unknown): string {
  return error instanceof Error ? error.name : typeof error;
}
