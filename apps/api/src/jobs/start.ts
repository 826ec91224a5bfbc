import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { API_JOB_MODULES, type JobModule } from "../modules/index.ts";
import type { ModuleContext } from "../modules/services.ts";
import { type JobLog, JobQueue, type JobQueueSettings, jobSettings } from "./queue.ts";

/**
 * The process's job queue, made before the services (the services that send jobs take it, as they take their
 * repositories) and started once they exist (`startJobs`). `settings` replaces the configuration's (tests).
 */
export function createJobQueue(
  database: Database,
  config: Config,
  log: JobLog,
  settings: JobQueueSettings = jobSettings(config),
): JobQueue {
  return new JobQueue(database, settings, log);
}

/**
 * Starts the process's job queue with every module's job types, built from the context the modules' routes get
 * (the same services), and, when `work` is set, runs their workers: the API server does it before it listens
 * (unless `JOB_WORKERS=false`), a worker process (worker.ts) always, a test's app as its test asks.
 */
export async function startJobs(
  queue: JobQueue,
  context: ModuleContext,
  options: { work: boolean; modules?: JobModule[] },
): Promise<JobQueue> {
  const modules = options.modules ?? API_JOB_MODULES;
  await queue.start(modules.flatMap((declare) => declare(context)));
  if (options.work) await queue.work();
  return queue;
}
