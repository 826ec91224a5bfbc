import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { API_JOB_MODULES, type JobModule } from "../modules/index.ts";
import { createServices } from "../modules/services.ts";
import { type JobLog, JobQueue, jobSettings } from "./queue.ts";

/**
 * Starts the process's job queue with every module's job types and, when `work` is set, runs their workers:
 * the API server does it before it listens (unless `JOB_WORKERS=false`), a worker process (worker.ts) always.
 */
export async function startJobs(
  database: Database,
  config: Config,
  log: JobLog,
  options: { work: boolean; modules?: JobModule[] },
): Promise<JobQueue> {
  const queue = new JobQueue(database, jobSettings(config), log);
  const context = { db: database.db, config, services: createServices(database.db, config) };
  const modules = options.modules ?? API_JOB_MODULES;
  await queue.start(modules.flatMap((declare) => declare(context)));
  if (options.work) await queue.work();
  return queue;
}
