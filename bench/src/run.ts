/**
 * Load benchmark of the list pattern. For each database it seeds the reference books, a large user base, its
 * shipping orders and their containers into a fresh database, starts the built API (`apps/api/dist/server.js`) as a child process and drives it over
 * loopback with autocannon from this process, so that the load generator never shares the API's event loop.
 * Every scenario runs twice (the machine is shared: compare the two); prints requests/s and p50/p99 latency.
 *
 *   npm run bench                                   the embedded database (PGlite) only
 *   BENCH_DATABASE_URL=postgres://…/postgres        a PostgreSQL server too (a fresh database is created and
 *                                                   dropped), before the embedded one
 *   BENCH_USERS=200000 BENCH_EMBEDDED_USERS=50000   users on the server / in the embedded database
 *   BENCH_ORDERS=200000 BENCH_EMBEDDED_ORDERS=50000 shipping orders on the server / in the embedded database
 *   BENCH_CONTAINERS=600000 BENCH_EMBEDDED_CONTAINERS=60000   containers (of the newest orders) on the server
 *                                                   (default: every order's, three an order) / embedded
 *   BENCH_SECONDS=4 BENCH_CONNECTIONS=10 BENCH_RUNS=2   per scenario run, and runs of each scenario
 *   BENCH_ONLY="users, search|first page"           only the scenarios whose name contains one of these texts
 *   BENCH_EMBEDDED=false                            skip the embedded database
 *   BENCH_KEEP_DATABASE=true                        keep the server's seeded database (its URL is printed)
 *   BENCH_SEEDED_DATABASE_URL=postgres://…/db       a database seeded before (kept as above): neither seeded
 *                                                   nor dropped, so runs can be repeated without seeding again
 *   BENCH_API_SERVER=path/to/server.js              another build of the API (a baseline), instead of building
 *   BENCH_PEER_URL=http://127.0.0.1:8100            the original stack's orders list on the same database (with
 *   BENCH_PEER_MANAGER_TOKEN=… BENCH_PEER_CLIENT_TOKEN=…   its two users' tokens): the scenarios it answers run
 *                                                   against it too, alternated run by run, with the ratio
 *
 * See bench/README.md.
 */

import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../apps/api/src/db/client.ts";
import { loadReferenceData } from "../../apps/api/src/db/reference-data.ts";
import { seedDemo } from "../../apps/api/src/db/seed/demo.ts";
import { freshDatabase } from "./admin.ts";
import { seedLargeContainers } from "./large-containers.ts";
import { onlyWhole } from "./only.ts";
import { type Peer, peerFromEnvironment, ratio } from "./peer.ts";
import { findSubjects, type Subjects, scenarios } from "./scenarios.ts";
import { seedLargeOrders, seedLargeUserBase } from "./seed-large.ts";

const SERVER_USERS = Number(process.env.BENCH_USERS ?? 200_000);
const EMBEDDED_USERS = Number(process.env.BENCH_EMBEDDED_USERS ?? 200_000);
const SERVER_ORDERS = Number(process.env.BENCH_ORDERS ?? 200_000);
const EMBEDDED_ORDERS = Number(process.env.BENCH_EMBEDDED_ORDERS ?? 200_000);
/** Undefined: every order's containers, three an order on average (600,000 for 200,000 orders). */
const SERVER_CONTAINERS = process.env.BENCH_CONTAINERS ? Number(process.env.BENCH_CONTAINERS) : undefined;
// The embedded database loads and lists containers one statement at a time on one core: a tenth of the server's
// data set keeps `npm run bench` within minutes there (bench/README.md)
const EMBEDDED_CONTAINERS = Number(process.env.BENCH_EMBEDDED_CONTAINERS ?? 60_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const ONLY = (process.env.BENCH_ONLY ?? "").split("|");
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const JWT_SECRET = "bench-secret-bench-secret-bench-secret-0000";
/**
 * Production with DATABASE_URL requires the key that encrypts the second factors' secrets, and a second factor of
 * staff (docs/security.md): the bench's manager signs in with a password alone, as the lists are what it measures.
 */
const SECOND_FACTOR_KEY = "bench-second-factor-bench-second-factor-00";

interface Target {
  name: string;
  users: number;
  orders: number;
  /** Containers to seed; undefined for every order's. */
  containers?: number;
  /** False for a database seeded by an earlier run. */
  needsSeed: boolean;
  /** The API's environment for this database. */
  env: Record<string, string>;
  /** Opens the database for seeding (the API is not running yet). */
  open(): ReturnType<typeof openDatabase>;
  cleanup(): Promise<void>;
}

async function serverTarget(serverUrl: string): Promise<Target> {
  const database = await freshDatabase("api", serverUrl);
  const url = database.where.url ?? "";
  const keep = process.env.BENCH_KEEP_DATABASE === "true";
  return {
    name: "PostgreSQL",
    users: SERVER_USERS,
    orders: SERVER_ORDERS,
    containers: SERVER_CONTAINERS,
    needsSeed: true,
    env: { DATABASE_URL: url },
    open: () => openDatabase({ url }),
    cleanup: async () => {
      if (keep) console.log(`kept the seeded database: BENCH_SEEDED_DATABASE_URL=${url}`);
      else await database.drop();
    },
  };
}

/** A database that an earlier run seeded and kept: used as it is (the API still applies new migrations). */
function seededTarget(url: string): Target {
  return {
    name: "PostgreSQL (seeded before)",
    users: SERVER_USERS,
    orders: SERVER_ORDERS,
    needsSeed: false,
    env: { DATABASE_URL: url },
    open: () => openDatabase({ url }),
    cleanup: async () => undefined,
  };
}

async function embeddedTarget(): Promise<Target> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "portal-bench-"));
  return {
    name: "embedded (PGlite)",
    users: EMBEDDED_USERS,
    orders: EMBEDDED_ORDERS,
    containers: EMBEDDED_CONTAINERS,
    needsSeed: true,
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir }),
    cleanup: () => rm(dataDir, { recursive: true, force: true }),
  };
}

async function seed(target: Target): Promise<void> {
  const database = await target.open();
  try {
    await database.migrate();
    // As the API's start-up does it: the reference books first, so that the demo's orders name their crossings
    const timed = async (step: () => Promise<unknown>) => {
      const started = performance.now();
      await step();
      return Math.round(performance.now() - started);
    };
    const booksMs = await timed(async () => {
      await loadReferenceData(database.db);
      await seedDemo(database.db);
    });
    const usersMs = await timed(() => seedLargeUserBase(database.db, target.users));
    const ordersMs = await timed(() => seedLargeOrders(database.db, target.orders));
    let containers = 0;
    const containersMs = await timed(async () => {
      containers = await seedLargeContainers(database.db, target.containers);
    });
    // As autovacuum leaves a server's tables after a bulk load (the embedded database has no autovacuum): the
    // trigram indexes' pending entries merged and every table's statistics taken, so that plans are settled ones.
    const vacuumMs = await timed(() => database.db.execute(sql`vacuum analyze`));
    console.log(
      `${target.name}: reference books and demo in ${booksMs} ms, ${target.users} users in ${usersMs} ms, ` +
        `${target.orders} orders in ${ordersMs} ms, ${containers} containers with their events in ${containersMs} ms, ` +
        `vacuum in ${vacuumMs} ms`,
    );
  } finally {
    await database.close();
  }
}

/** A port nobody listens on right now, for the API child. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The subjects of the orders' and containers' scenarios in the seeded database (before the API opens it). */
async function subjectsOf(target: Target): Promise<Subjects | undefined> {
  const database = await target.open();
  try {
    return await findSubjects(database.db);
  } finally {
    await database.close();
  }
}

/** An access token of a user (every seeded user has the demo's password). */
async function signIn(base: string, username: string): Promise<string> {
  const login = await fetch(`${base}/api/token/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: "Freight-2026" }),
  });
  if (!login.ok) throw new Error(`${username} cannot sign in: ${login.status}`);
  return ((await login.json()) as { access: string }).access;
}

/** Starts the built API on its own process and waits until it signs the bench's manager in. */
async function startApi(target: Target): Promise<{ child: ChildProcess; base: string; access: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [apiServer()], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...target.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      JWT_SECRET,
      SECOND_FACTOR_KEY,
      STAFF_SECOND_FACTOR: "optional",
      WEB_DIST_DIR: "",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // The banner comes once every process listens (API_PROCESSES, passed on from the bench's environment): a
  // sign-in alone would be answered by the first process up
  let banner = "";
  const started = new Promise<void>((resolve) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      banner += chunk.toString();
      if (banner.includes(" is running at ")) resolve();
    });
  });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    if (await Promise.race([started.then(() => true), delay(200).then(() => false)])) break;
  }
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    try {
      return { child, base, access: await signIn(base, "manager") };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGTERM");
  throw new Error("the API did not start in 120 s");
}

async function stopApi(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** The API build the bench runs: BENCH_API_SERVER (a baseline built before a change), else the fresh build. */
function apiServer(): string {
  const given = process.env.BENCH_API_SERVER;
  return given ? path.resolve(given) : path.join(ROOT, "apps/api/dist/server.js");
}

async function bench(target: Target): Promise<void> {
  if (target.needsSeed) await seed(target);
  const subjects = await subjectsOf(target);
  const selected = scenarios(subjects, ONLY);
  const { child, base, access } = await startApi(target);
  try {
    const headers = {
      manager: { authorization: `JWT ${access}` },
      client: { authorization: `JWT ${subjects ? await signIn(base, subjects.client) : ""}` },
    };
    for (const { name, url, as } of selected) {
      const check = await fetch(`${base}${url}`, { headers: headers[as] });
      if (!check.ok) throw new Error(`${name}: ${check.status} ${await check.text()}`);
    }
    const orders = subjects
      ? `, orders (client ${subjects.client}, order ${subjects.order}, container ${subjects.container ?? "none"})`
      : "";
    console.log(
      `\n${target.name}, ${target.users} users${orders}: ${SECONDS} s a run, ${CONNECTIONS} connections, loopback, API in a child process; load ${loadAverage()}\n`,
    );
    const peer = peerFromEnvironment();
    console.log(
      "scenario".padEnd(36),
      ...Array.from({ length: RUNS }, (_, run) =>
        [`req/s #${run + 1}`.padStart(10), "p50".padStart(6), "p99".padStart(6)].join(" "),
      ),
      "errors".padStart(7),
      ...(peer ? ["peer req/s, p99 and ratio of each run"] : []),
    );
    for (const { name, url, as, peerUrl } of selected) {
      const cells: string[] = [];
      const peerCells: string[] = [];
      let errors = 0;
      for (let run = 0; run < RUNS; run += 1) {
        const result = await load(`${base}${url}`, headers[as]);
        errors += result.errors + result.non2xx + result.timeouts;
        cells.push(
          [
            String(Math.round(result.requests.average)).padStart(10),
            String(result.latency.p50).padStart(6),
            String(result.latency.p99).padStart(6),
          ].join(" "),
        );
        // The peer right after the project, run by run, so that both meet the same moment of a shared machine
        if (peer && peerUrl) peerCells.push(await peerRun(peer, peerUrl, as, result.requests.average));
      }
      console.log(name.padEnd(36), ...cells, String(errors).padStart(7), ...peerCells);
    }
    console.log(`(latencies in ms; load after: ${loadAverage()})`);
  } finally {
    await stopApi(child);
  }
}

/** One run of a scenario: CONNECTIONS connections for SECONDS. */
function load(url: string, headers: Record<string, string>) {
  return autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
}

/** One run against the peer: its req/s, p99 and the project's throughput as a multiple of it. */
async function peerRun(peer: Peer, url: string, as: "manager" | "client", project: number): Promise<string> {
  const result = await load(`${peer.base}${url}`, peer.headers[as]);
  const failed = result.errors + result.non2xx + result.timeouts;
  const rps = result.requests.average;
  return `| peer ${Math.round(rps)} req/s, p99 ${result.latency.p99}${failed ? `, ${failed} failed` : ""}: ${ratio(project, rps)}`;
}

/** The machine's load averages (1, 5, 15 min): other work on a shared machine skews every figure. */
function loadAverage(): string {
  try {
    return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  } catch {
    return "unknown";
  }
}

async function main() {
  // BENCH_ONLY=export (or "stack floor") selects a benchmark run after this one alone: nothing to seed here
  if (onlyWhole) return;
  if (!process.env.BENCH_API_SERVER) {
    execFileSync("npm", ["run", "build", "-w", "apps/api"], {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "inherit"],
    });
  }
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const seededUrl = process.env.BENCH_SEEDED_DATABASE_URL;
  const targets: (() => Target | Promise<Target>)[] = [
    ...(seededUrl ? [() => seededTarget(seededUrl)] : serverUrl ? [() => serverTarget(serverUrl)] : []),
    ...(process.env.BENCH_EMBEDDED === "false" ? [] : [embeddedTarget]),
  ];
  for (const make of targets) {
    const target = await make();
    try {
      await bench(target);
    } finally {
      await target.cleanup();
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
