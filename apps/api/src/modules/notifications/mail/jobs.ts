import { z } from "zod";
import { defineJobType, type JobRun } from "../../../jobs/job-type.ts";
import type { JobModule } from "../../index.ts";

// The mail's job types (docs/mail.md): one mail per entry, keyed by the entry, and one digest per user and day,
// keyed by both; the outbox's unique rows keep each sent at most once whatever runs the jobs again.

export const mailEntryPayload = z.object({ entry: z.number().int().positive() });
export type MailEntryJob = z.output<typeof mailEntryPayload>;

export const mailDigestPayload = z.object({
  user: z.number().int().positive(),
  /** The day (server time) whose entries the digest holds, yyyy-MM-dd. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
export type MailDigestJob = z.output<typeof mailDigestPayload>;

/** What runs the mail's jobs (the service). */
export interface MailJobHandlers {
  sendEntry(job: MailEntryJob, run: JobRun): Promise<void>;
  sendDigest(job: MailDigestJob, run: JobRun): Promise<void>;
}

export interface MailJobSettings {
  /** Retries of a mail the server put off, the first after `retryDelaySeconds`, doubled up to an hour. */
  retryLimit: number;
  retryDelaySeconds: number;
}

/** The mail's job types, run by `handlers`; the service sends these very objects. */
export function mailJobTypes(handlers: MailJobHandlers, settings: MailJobSettings) {
  const retry = {
    limit: settings.retryLimit,
    delaySeconds: settings.retryDelaySeconds,
    maxDelaySeconds: 3600,
  };
  return {
    entry: defineJobType({
      name: "mail.send-notification",
      payload: mailEntryPayload,
      key: (job) => String(job.entry),
      handle: (job, run) => handlers.sendEntry(job, run),
      retry,
      // One SMTP conversation: its timeouts (transport.ts) end it well before
      expireInSeconds: 300,
    }),
    digest: defineJobType({
      name: "mail.send-digest",
      payload: mailDigestPayload,
      key: (job) => `${job.user}:${job.date}`,
      handle: (job, run) => handlers.sendDigest(job, run),
      retry,
      expireInSeconds: 300,
    }),
  };
}
export type MailJobTypes = ReturnType<typeof mailJobTypes>;

/** The mail's job types, for the queue. */
export const mailJobs: JobModule = ({ services }) => Object.values(services.mail.jobTypes);
