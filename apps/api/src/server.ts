import pino from "pino";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { loadReferenceData } from "./db/reference-data.ts";
import { DEMO_PASSWORD, DEMO_USERS, seedDemoIfEmpty } from "./db/seed/demo.ts";
import { loggerOptions } from "./http/logging.ts";
import { createJobQueue, startJobs } from "./jobs/start.ts";
import { createServices } from "./modules/services.ts";
import { UsersRepo } from "./modules/users/repo.ts";
import { createFileStorage } from "./storage/create-file-storage.ts";

/**
 * config → database → migrations → demo seed (empty database only) → job queue, services and app → the queue's
 * workers (and the jobs of the demo's packages in flight) → listen; stops cleanly on signals: no new requests,
 * running jobs finish or go back to the queue, then the database closes.
 */
async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  await new UsersRepo(database.db).fillMissingUsernameKeys();
  const referenceBooks = await loadReferenceData(database.db);
  const seeded = config.SEED_DEMO && (await seedDemoIfEmpty(database.db, createFileStorage(config)));
  const logger = loggerOptions(config.LOG_LEVEL);
  // The queue exists before the services that send jobs, and starts once they declare their job types
  const jobs = createJobQueue(database, config, pino(logger as pino.LoggerOptions));
  const services = createServices(database.db, config, jobs);
  const app = await buildApp({ config, db: database.db, listen: database.listen, services, logger });
  await startJobs(jobs, { db: database.db, config, services }, { work: config.JOB_WORKERS });
  // The demo's packages were seeded on their way through the exchange: their jobs take them on from here
  if (seeded) await services.customs.sendPackagesInFlight();
  // Exports whose time ran out while no process was there to remove them (each also has a job for it)
  await services.exports.sweepExpired();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    await app.close();
    await jobs.stop();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ host: config.HOST, port: config.PORT });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const where =
    database.kind === "embedded" ? `embedded database in ${config.DATA_DIR}` : "PostgreSQL server";
  const lines = [
    "",
    `Freight portal ${config.version} is running at http://localhost:${port}  (API docs: /api/docs)`,
    `Customs exchange: ${services.customs.gatewayDescription}.`,
    `Database: ${where}${referenceBooks.length > 0 ? `, reference books loaded (${referenceBooks.join(", ")})` : ""}${seeded ? ", demo data seeded" : ""}. Ready in ${Math.round(performance.now() - startedAt)} ms.`,
    "",
    `Demo logins (password for all: ${DEMO_PASSWORD}):`,
    ...DEMO_USERS.map((user) => `  ${user.username.padEnd(10)} ${user.description}`),
    "",
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
