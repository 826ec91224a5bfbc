/**
 * Load benchmark of the list pattern. For each database it seeds a large user base and the reference books into
 * a fresh database, starts the built API (`apps/api/dist/server.js`) as a child process and drives it over
 * loopback with autocannon from this process, so that the load generator never shares the API's event loop.
 * Every scenario runs twice (the machine is shared: compare the two); prints requests/s and p50/p99 latency.
 *
 *   npm run bench                                   the embedded database (PGlite) only
 *   BENCH_DATABASE_URL=postgres://…/postgres        a PostgreSQL server too (a fresh database is created and
 *                                                   dropped), before the embedded one
 *   BENCH_USERS=200000 BENCH_EMBEDDED_USERS=50000   users on the server / in the embedded database
 *   BENCH_SECONDS=4 BENCH_CONNECTIONS=10 BENCH_RUNS=2   per scenario run, and runs of each scenario
 *   BENCH_ONLY="users, search|first page"           only the scenarios whose name contains one of these texts
 *   BENCH_EMBEDDED=false                            skip the embedded database
 *   BENCH_KEEP_DATABASE=true                        keep the server's seeded database (its URL is printed)
 *   BENCH_SEEDED_DATABASE_URL=postgres://…/db       a database seeded before (kept as above): neither seeded
 *                                                   nor dropped, so runs can be repeated without seeding again
 *   BENCH_API_SERVER=path/to/server.js              another build of the API (a baseline), instead of building
 *
 * See bench/README.md.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "../../apps/api/src/db/client.ts";
import { loadReferenceData } from "../../apps/api/src/db/reference-data.ts";
import { seedDemo } from "../../apps/api/src/db/seed/demo.ts";
import { seedLargeUserBase } from "./seed-large.ts";

const SERVER_USERS = Number(process.env.BENCH_USERS ?? 200_000);
const EMBEDDED_USERS = Number(process.env.BENCH_EMBEDDED_USERS ?? 200_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const ONLY = (process.env.BENCH_ONLY ?? "").split("|");
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const JWT_SECRET = "bench-secret-bench-secret-bench-secret-0000";

const q = encodeURIComponent;
const ALL_SCENARIOS: [string, string][] = [
  ["users, first page", "/profile/api/users/"],
  ["users, search two words", `/profile/api/users/?search=${q("иван лес")}`],
  ["users, search broad word (~26%)", `/profile/api/users/?search=${q("александр")}`],
  [
    "users, filter + ordering",
    `/profile/api/users/?filters=${q("last_name__icontains=ов&state=approved")}&ordering=last_name`,
  ],
  ["users, deep page", "/profile/api/users/?skip=10000&take=50&ordering=username"],
  ["users, grouped by state", "/profile/api/users/?group=state"],
  ["ETSNG, name word", `/refbooks/api/etsng/?search=${q("уголь")}`],
  ["ETSNG, code prefix", "/refbooks/api/etsng/?search=16"],
  ["GNG, name word", `/refbooks/api/gng/?search=${q("машин")}`],
  ["GNG, code prefix", "/refbooks/api/gng/?search=8471"],
  ["stations, name word", `/tracking/api/locations/?search=${q("москва")}`],
  ["stations, code prefix", "/tracking/api/locations/?search=18"],
  ["current user", "/profile/api/users/me/"],
];
const SCENARIOS = ALL_SCENARIOS.filter(([name]) => ONLY.some((text) => name.includes(text)));

interface Target {
  name: string;
  users: number;
  /** False for a database seeded by an earlier run. */
  needsSeed: boolean;
  /** The API's environment for this database. */
  env: Record<string, string>;
  /** Opens the database for seeding (the API is not running yet). */
  open(): ReturnType<typeof openDatabase>;
  cleanup(): Promise<void>;
}

async function serverTarget(serverUrl: string): Promise<Target> {
  const dbName = `portal_bench_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  await admin(serverUrl, `create database "${dbName}"`);
  const target = new URL(serverUrl);
  target.pathname = `/${dbName}`;
  const url = target.toString();
  const keep = process.env.BENCH_KEEP_DATABASE === "true";
  return {
    name: "PostgreSQL",
    users: SERVER_USERS,
    needsSeed: true,
    env: { DATABASE_URL: url },
    open: () => openDatabase({ url }),
    cleanup: async () => {
      if (keep) console.log(`kept the seeded database: BENCH_SEEDED_DATABASE_URL=${url}`);
      else await admin(serverUrl, `drop database if exists "${dbName}" with (force)`);
    },
  };
}

/** A database that an earlier run seeded and kept: used as it is (the API still applies new migrations). */
function seededTarget(url: string): Target {
  return {
    name: "PostgreSQL (seeded before)",
    users: SERVER_USERS,
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
    await seedDemo(database.db);
    let started = performance.now();
    await seedLargeUserBase(database.db, target.users);
    const seededMs = performance.now() - started;
    started = performance.now();
    await loadReferenceData(database.db);
    // As autovacuum leaves a server's tables after a bulk load (the embedded database has no autovacuum): the
    // trigram indexes' pending entries merged and every table's statistics taken, so that plans are settled ones.
    await database.db.execute(sql`vacuum analyze`);
    console.log(
      `${target.name}: seeded ${target.users} users in ${Math.round(seededMs)} ms, reference books and vacuum in ${Math.round(performance.now() - started)} ms`,
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
      WEB_DIST_DIR: "",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    try {
      const login = await fetch(`${base}/api/token/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "manager", password: "Freight-2026" }),
      });
      if (login.ok) return { child, base, access: ((await login.json()) as { access: string }).access };
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
  const { child, base, access } = await startApi(target);
  try {
    const headers = { authorization: `JWT ${access}` };
    for (const [name, url] of SCENARIOS) {
      const check = await fetch(`${base}${url}`, { headers });
      if (!check.ok) throw new Error(`${name}: ${check.status} ${await check.text()}`);
    }
    console.log(
      `\n${target.name}, ${target.users} users: ${SECONDS} s a run, ${CONNECTIONS} connections, loopback, API in a child process; load ${loadAverage()}\n`,
    );
    console.log(
      "scenario".padEnd(34),
      ...Array.from({ length: RUNS }, (_, run) =>
        [`req/s #${run + 1}`.padStart(10), "p50".padStart(6), "p99".padStart(6)].join(" "),
      ),
      "errors".padStart(7),
    );
    for (const [name, url] of SCENARIOS) {
      const cells: string[] = [];
      let errors = 0;
      for (let run = 0; run < RUNS; run += 1) {
        const result = await autocannon({
          url: `${base}${url}`,
          headers,
          connections: CONNECTIONS,
          duration: SECONDS,
        });
        errors += result.errors + result.non2xx + result.timeouts;
        cells.push(
          [
            String(Math.round(result.requests.average)).padStart(10),
            String(result.latency.p50).padStart(6),
            String(result.latency.p99).padStart(6),
          ].join(" "),
        );
      }
      console.log(name.padEnd(34), ...cells, String(errors).padStart(7));
    }
    console.log(`(latencies in ms; load after: ${loadAverage()})`);
  } finally {
    await stopApi(child);
  }
}

/** The machine's load averages (1, 5, 15 min): other work on a shared machine skews every figure. */
function loadAverage(): string {
  try {
    return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  } catch {
    return "unknown";
  }
}

async function admin(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(text);
  await client.end();
}

async function main() {
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
