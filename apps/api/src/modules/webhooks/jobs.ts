import { z } from "zod";
import { defineJobType, type JobRun } from "../../jobs/job-type.ts";
import type { JobModule } from "../index.ts";

/**
 * One message to one endpoint: an event (its `webhook-id` is the event's and the endpoint's, whatever the attempt or
 * replay), or a test (`test`: its own id). `replay` (a delivery's id) makes a replay a job of its own.
 */
export const webhookJobPayload = z.object({
  endpoint: z.number().int().positive(),
  event: z.number().int().positive().optional(),
  test: z.uuid().optional(),
  replay: z.number().int().positive().optional(),
});
export type WebhookJob = z.output<typeof webhookJobPayload>;

/** The day (server time, yyyy-MM-dd) whose first delivery sweeps the log past its 30 days. */
export const webhookSweepPayload = z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });

export interface WebhookJobSettings {
  retryLimit: number;
  retryDelaySeconds: number;
  /** How long an attempt's job may stay taken before the queue retries it (`WEBHOOK_EXPIRE_SECONDS`). */
  expireSeconds: number;
}

/** The webhooks' job type, run by `deliver`; the service sends this very object. */
export function webhookJobTypes(
  deliver: (job: WebhookJob, run: JobRun) => Promise<void>,
  sweep: () => Promise<unknown>,
  settings: WebhookJobSettings,
) {
  return {
    sweep: defineJobType({
      name: "webhooks.sweep-log",
      payload: webhookSweepPayload,
      key: (job) => job.date,
      handle: async () => {
        await sweep();
      },
      retry: { limit: 3, delaySeconds: 60 },
      expireInSeconds: 300,
    }),
    deliver: defineJobType({
      name: "webhooks.deliver",
      payload: webhookJobPayload,
      // One job per event and endpoint (and per replay, per test)
      key: (job) =>
        [job.event ? `e${job.event}` : `t${job.test}`, `w${job.endpoint}`, job.replay ? `r${job.replay}` : ""]
          .filter(Boolean)
          .join(":"),
      handle: deliver,
      retry: {
        limit: settings.retryLimit,
        delaySeconds: settings.retryDelaySeconds,
        maxDelaySeconds: settings.retryDelaySeconds * 480,
      },
      // One attempt: its time limit (10 s), and the log's write; past it, its worker is deemed dead
      expireInSeconds: settings.expireSeconds,
    }),
  };
}
export type WebhookJobTypes = ReturnType<typeof webhookJobTypes>;

export const webhooksJobs: JobModule = ({ services }) => Object.values(services.webhooks.jobTypes);
