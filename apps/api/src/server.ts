import cluster, { type Worker } from "node:cluster";
import pino from "pino";
import { buildApp } from "./app.ts";
import { type Config, loadConfig } from "./config.ts";
import { type Database, openDatabase } from "./db/client.ts";
import { loadReferenceData } from "./db/reference-data.ts";
import { DEMO_PASSWORD, DEMO_USERS, seedDemoIfEmpty } from "./db/seed/demo.ts";
import { loggerOptions } from "./http/logging.ts";
import type { JobQueue } from "./jobs/queue.ts";
import { createJobQueue, startJobs } from "./jobs/start.ts";
import { createServices, type Services } from "./modules/services.ts";
import { UsersRepo } from "./modules/users/repo.ts";
import { createFileStorage } from "./storage/create-file-storage.ts";

/** What the once-per-start steps found, for the banner. */
interface Prepared {
  referenceBooks: string[];
  seeded: boolean;
}

/** A cluster worker's word to the primary once it listens. */
interface Listening {
  listening: number;
}

/**
 * config → the once-per-start steps (database, migrations, demo seed on an empty database, the demo's packages in
 * flight, expired exports) → the HTTP server with its job queue and workers → listen. With API_PROCESSES > 1 the
 * primary process takes the once-per-start steps alone and then forks that many servers on the one port (Node's
 * cluster hands each connection to one of them); everything a request relies on is in PostgreSQL, so any process
 * answers any request (docs/operations.md). Stops cleanly on signals: no new requests, running jobs finish or go
 * back to the queue, then the database closes.
 */
async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  if (cluster.isWorker) {
    await serve(config, await openDatabase({ url: config.DATABASE_URL }));
    return;
  }
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const prepared = await prepare(config, database);
  if (config.apiProcesses === 1) {
    const { port, services } = await serve(config, database, prepared);
    printBanner(config, port, services, prepared, startedAt);
    return;
  }
  // The primary runs no server: it takes the start's steps with a queue that works no jobs, then forks
  const jobs = queueOf(config, database);
  const services = createServices(database.db, config, jobs);
  await startJobs(jobs, { db: database.db, config, services }, { work: false });
  await afterStart(services, prepared);
  await jobs.stop();
  await database.close();
  const port = await forkServers(config.apiProcesses);
  printBanner(config, port, services, prepared, startedAt);
}

/** Migrations, the reference books and the demo: once per start, whatever the number of processes. */
async function prepare(config: Config, database: Database): Promise<Prepared> {
  await database.migrate();
  await new UsersRepo(database.db).fillMissingUsernameKeys();
  const referenceBooks = await loadReferenceData(database.db);
  const seeded = config.SEED_DEMO && (await seedDemoIfEmpty(database.db, createFileStorage(config)));
  return { referenceBooks, seeded };
}

/** Work left from before the start, sent once: the demo's packages in flight and the expired exports. */
async function afterStart(services: Services, prepared: Prepared): Promise<void> {
  // The demo's packages were seeded on their way through the exchange: their jobs take them on from here
  if (prepared.seeded) await services.customs.sendPackagesInFlight();
  // Exports whose time ran out while no process was there to remove them (each also has a job for it)
  await services.exports.sweepExpired();
  // The webhooks' delivery log past its 30 days (then a job on each day's first delivery)
  await services.webhooks.sweep();
}

function queueOf(config: Config, database: Database): JobQueue {
  return createJobQueue(database, config, pino(loggerOptions(config.LOG_LEVEL) as pino.LoggerOptions));
}

/**
 * One HTTP server: its job queue (the queue exists before the services that send jobs, and starts once they
 * declare their job types), its workers unless JOB_WORKERS=false, listening until a signal. `prepared` is given
 * where this process also took the start's steps (a single process); a cluster worker tells the primary its port.
 */
async function serve(
  config: Config,
  database: Database,
  prepared?: Prepared,
): Promise<{ port: number; services: Services }> {
  const jobs = queueOf(config, database);
  const services = createServices(database.db, config, jobs);
  const logger = loggerOptions(config.LOG_LEVEL);
  const app = await buildApp({ config, db: database.db, listen: database.listen, services, logger });
  await startJobs(jobs, { db: database.db, config, services }, { work: config.JOB_WORKERS });
  if (prepared) await afterStart(services, prepared);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    await app.close();
    await jobs.stop();
    await services.pdf.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ host: config.HOST, port: config.PORT });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  process.send?.({ listening: port } satisfies Listening);
  return { port, services };
}

/**
 * Forks `count` servers and answers their port once all listen. A server that fails before it listens fails the
 * start (a second process would fail the same way); one that dies later is replaced. SIGTERM or SIGINT goes on to
 * every server, and the primary leaves when the last has finished its requests and jobs.
 */
function forkServers(count: number): Promise<number> {
  let stopping = false;
  const listening = new Set<Worker>();
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  return new Promise((resolve, reject) => {
    const fork = () => {
      const worker = cluster.fork();
      worker.on("message", (message: Listening) => {
        if (typeof message?.listening !== "number") return;
        listening.add(worker);
        if (listening.size === count) resolve(message.listening);
      });
    };
    cluster.on("exit", (worker, code, signal) => {
      const started = listening.delete(worker);
      if (stopping) {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      } else if (!started) {
        reject(new Error(`An API process failed to start (exit code ${code ?? signal})`));
        stop("SIGTERM");
      } else {
        process.stderr.write(`An API process stopped (exit code ${code ?? signal}); starting another\n`);
        fork();
      }
    });
    for (let i = 0; i < count; i += 1) fork();
  });
}

function printBanner(
  config: Config,
  port: number,
  services: Services,
  prepared: Prepared,
  startedAt: number,
) {
  const where = config.DATABASE_URL ? "PostgreSQL server" : `embedded database in ${config.DATA_DIR}`;
  const books = prepared.referenceBooks;
  const lines = [
    "",
    `Freight portal ${config.version} is running at http://localhost:${port}  (API docs: /api/docs), on Node ${process.versions.node}`,
    `Customs exchange: ${services.customs.gatewayDescription}.`,
    config.STAFF_SECOND_FACTOR === "required"
      ? "Second factor: required for staff (STAFF_SECOND_FACTOR=required): they add a passkey or one-time codes at their first sign-in."
      : "Second factor: optional for staff (STAFF_SECOND_FACTOR=optional): set it to required on a real installation (docs/security.md).",
    `Database: ${where}${books.length > 0 ? `, reference books loaded (${books.join(", ")})` : ""}${prepared.seeded ? ", demo data seeded" : ""}. ${config.apiProcesses} API process${config.apiProcesses > 1 ? "es" : ""} (API_PROCESSES). Ready in ${Math.round(performance.now() - startedAt)} ms.`,
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
