import { z } from "zod";
import { defineJobType, type JobRun } from "../../jobs/job-type.ts";
import type { JobModule } from "../index.ts";

// The job types of the exchange with the customs declaration system (docs/customs.md, docs/jobs.md): send a
// package, ask where it stands, withdraw it. Each is keyed by the container and the package (`pkg_pid`), so one
// request sends one job however often it is sent.

const id = z.number().int().positive();

/** A package to send: the container and the package's id (a replaced package is a new id, and a new job). */
export const submitPackagePayload = z.object({ container: id, pkg_pid: id });
/** A package to ask about, the how-manieth time (each round a job of its own, sent by the one before). */
export const askPackagePayload = submitPackagePayload.extend({ round: z.number().int().min(1) });
/** A package to withdraw, by the container's version the request left: each request to withdraw is one job. */
export const withdrawPackagePayload = submitPackagePayload.extend({ version: id });

export type SubmitPackageJob = z.output<typeof submitPackagePayload>;
export type AskPackageJob = z.output<typeof askPackagePayload>;
export type WithdrawPackageJob = z.output<typeof withdrawPackagePayload>;

/** What runs the exchange's jobs (the exchange, exchange.ts). */
export interface CustomsJobHandlers {
  submit(job: SubmitPackageJob, run: JobRun): Promise<void>;
  ask(job: AskPackageJob, run: JobRun): Promise<void>;
  withdraw(job: WithdrawPackageJob, run: JobRun): Promise<void>;
}

export interface CustomsJobSettings {
  /** Retries of a failed call before the package's processing_error. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** How long one call to the system may take. */
  timeoutSeconds: number;
}

/** The exchange's job types, run by `handlers`; the exchange sends these very objects. */
export function customsJobTypes(handlers: CustomsJobHandlers, settings: CustomsJobSettings) {
  const common = {
    retry: { limit: settings.retryLimit, delaySeconds: settings.retryDelaySeconds, maxDelaySeconds: 600 },
    // A call's own timeout, with room for reading the package and writing the answer
    expireInSeconds: Math.ceil(settings.timeoutSeconds) * 2 + 60,
  };
  return {
    submit: defineJobType({
      name: "customs.submit-package",
      payload: submitPackagePayload,
      key: (job) => `${job.container}:${job.pkg_pid}`,
      handle: (job, run) => handlers.submit(job, run),
      ...common,
    }),
    ask: defineJobType({
      name: "customs.ask-package-state",
      payload: askPackagePayload,
      key: (job) => `${job.container}:${job.pkg_pid}:${job.round}`,
      handle: (job, run) => handlers.ask(job, run),
      ...common,
    }),
    withdraw: defineJobType({
      name: "customs.withdraw-package",
      payload: withdrawPackagePayload,
      key: (job) => `${job.container}:${job.pkg_pid}:${job.version}`,
      handle: (job, run) => handlers.withdraw(job, run),
      ...common,
    }),
  };
}
export type CustomsJobTypes = ReturnType<typeof customsJobTypes>;

/** The containers module's job types: the customs exchange's. */
export const containersJobs: JobModule = ({ services }) => Object.values(services.customs.jobTypes);
