import { z } from "zod";
import { defineJobType, type JobRun } from "../../jobs/job-type.ts";
import type { JobModule } from "../index.ts";

// The job types of the export of documents (docs/exports.md, docs/jobs.md): build a task's archive, end the task
// whose build has no attempt left, and remove the archive (with the task) when its time is up. Each is keyed by the
// task, so a task has one of each.

/** A task to build or remove. */
export const exportTaskPayload = z.object({ task: z.number().int().positive() });
export type ExportTaskJob = z.output<typeof exportTaskPayload>;

/** What runs the export's jobs (the service). */
export interface ExportJobHandlers {
  build(job: ExportTaskJob, run: JobRun): Promise<void>;
  buildFailed(job: ExportTaskJob, run: JobRun): Promise<void>;
  expire(job: ExportTaskJob, run: JobRun): Promise<void>;
}

export interface ExportJobSettings {
  /** Retries of a failed build before the task is marked failed, the first after `retryDelaySeconds`. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** How long one attempt at a build may run, alive, before it is stopped and taken again. */
  attemptSeconds: number;
  /** How long a build's attempt may go unheard of (its worker killed) before it counts as dead and is taken again. */
  heartbeatSeconds: number;
}

/** The export's job types, run by `handlers`; the service sends these very objects. */
export function exportJobTypes(handlers: ExportJobHandlers, settings: ExportJobSettings) {
  // The build's dead letter: its payload once no attempt is left, however the last one ended
  const buildFailed = defineJobType({
    name: "exports.build-failed",
    payload: exportTaskPayload,
    key: (job) => String(job.task),
    handle: (job, run) => handlers.buildFailed(job, run),
    retry: { limit: 5, delaySeconds: 10, maxDelaySeconds: 600 },
    expireInSeconds: 300,
  });
  return {
    build: defineJobType({
      name: "exports.build-archive",
      payload: exportTaskPayload,
      key: (job) => String(job.task),
      handle: (job, run) => handlers.build(job, run),
      retry: { limit: settings.retryLimit, delaySeconds: settings.retryDelaySeconds, maxDelaySeconds: 600 },
      expireInSeconds: settings.attemptSeconds,
      // A killed worker's attempt is taken again within a minute or two, however long a live one may run
      heartbeatSeconds: settings.heartbeatSeconds,
      deadLetter: buildFailed,
    }),
    buildFailed,
    expire: defineJobType({
      name: "exports.expire-archive",
      payload: exportTaskPayload,
      key: (job) => String(job.task),
      handle: (job, run) => handlers.expire(job, run),
      retry: { limit: 5, delaySeconds: 60, maxDelaySeconds: 3600 },
      expireInSeconds: 300,
    }),
  };
}
export type ExportJobTypes = ReturnType<typeof exportJobTypes>;

/** The exports module's job types. */
export const exportsJobs: JobModule = ({ services }) => Object.values(services.exports.jobTypes);
