import { z } from "zod";
import { defineJobType, type JobRun } from "../../jobs/job-type.ts";
import type { JobModule } from "../index.ts";

// The import's job types (docs/jobs.md): check an uploaded file's rows (the preview), and import its valid rows.
// Each is keyed by the import, so an import has one of each, however often its start is asked for.

export const orderImportPayload = z.object({ import: z.number().int().positive() });
export type OrderImportJob = z.output<typeof orderImportPayload>;

export interface OrderImportJobHandlers {
  check(job: OrderImportJob, run: JobRun): Promise<void>;
  run(job: OrderImportJob, run: JobRun): Promise<void>;
}

export function orderImportJobTypes(handlers: OrderImportJobHandlers) {
  return {
    check: defineJobType({
      name: "order-import.check",
      payload: orderImportPayload,
      key: (job) => String(job.import),
      handle: (job, run) => handlers.check(job, run),
      retry: { limit: 2, delaySeconds: 10, maxDelaySeconds: 600 },
      expireInSeconds: 3600,
      heartbeatSeconds: 30,
    }),
    run: defineJobType({
      name: "order-import.run",
      payload: orderImportPayload,
      key: (job) => String(job.import),
      handle: (job, run) => handlers.run(job, run),
      retry: { limit: 2, delaySeconds: 10, maxDelaySeconds: 600 },
      expireInSeconds: 3600,
      heartbeatSeconds: 30,
    }),
  };
}
export type OrderImportJobTypes = ReturnType<typeof orderImportJobTypes>;

/** The import's job types. */
export const orderImportJobs: JobModule = ({ services }) => Object.values(services.orderImport.jobTypes);
