import pino from "pino";
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { loggerOptions } from "./http/logging.ts";
import { createJobQueue, startJobs } from "./jobs/start.ts";
import { createServices } from "./modules/services.ts";

/**
 * A process that runs the job workers without the HTTP server, for a deployment that scales them apart
 * (`node apps/api/dist/worker.js`, beside API servers started with `JOB_WORKERS=false`). config → database →
 * migrations → job workers; on SIGTERM or SIGINT its running jobs finish (up to JOB_SHUTDOWN_SECONDS) or go
 * back to the queue.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    // The embedded database lives in one process: the server runs its workers itself
    throw new Error(
      "The worker process needs DATABASE_URL: with the embedded database the server runs the jobs",
    );
  }
  const log = pino(loggerOptions(config.LOG_LEVEL) as pino.LoggerOptions);
  const database = await openDatabase({ url: config.DATABASE_URL });
  await database.migrate();
  const jobs = createJobQueue(database, config, log);
  const services = createServices(database.db, config, jobs);
  await startJobs(jobs, { db: database.db, config, services }, { work: true });
  await services.exports.sweepExpired();
  // The webhooks' delivery log past its 30 days (then a job on each day's first delivery)
  await services.webhooks.sweep();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, "shutting down");
    await jobs.stop();
    await services.pdf.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  log.info(
    { concurrency: config.JOB_CONCURRENCY, customs: services.customs.gatewayDescription },
    "job workers running",
  );
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
