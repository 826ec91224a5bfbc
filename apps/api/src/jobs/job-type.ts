import { createHash } from "node:crypto";
import type { z } from "zod";

/** What a handler gets besides its payload. */
export interface JobRun {
  /** The job's id in the queue. */
  id: string;
  /** 0 on the first attempt, then one more on each retry. */
  attempt: number;
  /**
   * Whether this is the type's last attempt (`attempt` has reached `retry.limit`): a handler that records a
   * failure where people see it (a package's `processing_error`) does it on this attempt, then throws.
   */
  isLastAttempt: boolean;
  /** Aborted when the process stops before the handler finishes: the job goes back to the queue. */
  signal: AbortSignal;
}

/**
 * One kind of work that outlives a request: a name, its payload's schema, its handler, and how it is retried.
 * A module declares its job types as it declares its routes (`API_JOB_MODULES` in modules/index.ts); the queue
 * makes one pg-boss queue of each, so nothing about retries, keys or expiry is written twice.
 */
export interface JobType<Schema extends z.ZodType<object> = z.ZodType<object>> {
  /** The queue's name, `<module>.<what>` (`customs.send-package`): letters, digits, `.`, `-`, `_`. */
  name: string;
  /** The payload, checked when the job is sent and again when it is run. */
  payload: Schema;
  /**
   * The idempotency key: the same key sends one job, however often or from however many instances it is sent
   * (a retried request, two instances racing). The key is kept with the job until it is deleted after
   * `keepCompletedSeconds`; sending the key again after that starts a new job.
   */
  key(payload: z.output<Schema>): string;
  /**
   * Does the work. Throwing fails this attempt (it is retried while attempts are left). A worker may die after
   * the handler's effect and before the job is marked done, and the job then runs again: a handler's effect must
   * be idempotent (a state checked in its own transaction, a write keyed by the job).
   */
  handle(payload: z.output<Schema>, run: JobRun): Promise<void>;
  /** Retries after the first attempt, waiting `delaySeconds` doubled each time (with jitter) up to `maxDelaySeconds`. */
  retry: { limit: number; delaySeconds: number; maxDelaySeconds?: number };
  /** How long one attempt may run; past it (or when its worker died) the attempt fails and is retried. */
  expireInSeconds: number;
  /**
   * For work that may run long (an export of thousands of documents): while an attempt runs, its worker tells the
   * queue that it lives every half of this many seconds (pg-boss's heartbeat; at least 10), and an attempt not heard
   * of for this long counts as dead (its worker killed) and is taken again, however long `expireInSeconds` lets a
   * live one run.
   */
  heartbeatSeconds?: number;
  /**
   * The job type given the payload once the last attempt has failed (thrown, run out of time, or its worker died):
   * what the job must not leave half done when no attempt is left (a task shown as running) is ended by its handler.
   * Declared with the types the queue starts.
   */
  deadLetter?: JobType;
  /** How long a finished job (and so its key) is kept; 7 days when not given. */
  keepCompletedSeconds?: number;
}

/** Declares a job type, keeping the payload's type between its schema, its key and its handler. */
export function defineJobType<Schema extends z.ZodType<object>>(type: JobType<Schema>): JobType<Schema> {
  if (!/^[A-Za-z0-9._-]{1,100}$/.test(type.name))
    throw new Error(`job type name "${type.name}" is not allowed`);
  return type;
}

/**
 * The job's id, derived from its type and key: the queue inserts a job whose id exists as nothing, so the key
 * is enforced by the database's primary key, whatever sends it and in whichever transaction.
 */
export function jobIdOf(type: Pick<JobType, "name">, key: string): string {
  const hex = createHash("sha256")
    .update(JSON.stringify([type.name, key]))
    .digest("hex");
  // Shaped as a version 8 (custom) UUID: pg-boss stores ids as uuid
  const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
