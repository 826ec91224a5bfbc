/**
 * A manager's list while one client builds 20 prints at once: the built API on the demo data (the embedded
 * database, seeded into a temporary folder, or a fresh database on a PostgreSQL server), the 20 prints of one of
 * the client's orders sent together, and the manager's first page of orders asked for again and again, one after
 * the other, until the last print is out. It prints the list's time alone and while the prints build (the first
 * call and the slowest), and the prints' time. The API runs with PDF_PER_USER=20, so that every print is built
 * (by default a user's third one at once is 429).
 *
 *   tsx src/prints.ts
 *   BENCH_DATABASE_URL=postgres://…/postgres        a PostgreSQL server: a database is created, and dropped at the end
 *   BENCH_PRINTS=20 BENCH_RUNS=3                    prints sent together, and rounds
 *   BENCH_PDF_PER_USER=2                            the API's PDF_PER_USER instead (the prints past it answer 429)
 *   BENCH_BASELINE_API_SERVER=…/dist/server.js      another build (before a change): its rounds alternate with this
 *                                                   build's on the same data, and the ratios of the two are printed
 *   BENCH_ONLY=prints                               with `npm run bench`: this benchmark only
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freshDatabase } from "./admin.ts";
import { selects } from "./only.ts";

const PRINTS = Number(process.env.BENCH_PRINTS ?? 20);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PER_USER = process.env.BENCH_PDF_PER_USER ?? String(PRINTS);
const SERVER_URL = process.env.BENCH_DATABASE_URL;
const ALONE = 10;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const ORDERS = "/tracking/api/freight_orders/";

interface Round {
  alone: number;
  first: number;
  slowest: number;
  calls: number;
  prints: number;
}

/** Where the rounds' API keeps its data: a folder of the embedded database, or a PostgreSQL database. */
interface Data {
  env: Record<string, string>;
  drop(): Promise<void>;
}

async function data(): Promise<Data> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "portal-bench-prints-"));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  if (!SERVER_URL) return { env: { DATA_DIR: dataDir }, drop: removeDir };
  const server = await freshDatabase("prints", SERVER_URL);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: server.where.url ?? "" },
    drop: async () => {
      await server.drop();
      await removeDir();
    },
  };
}

/** Starts an API build on the data and answers its address once it runs (it seeds the demo when empty). */
async function startApi(server: string, where: Data): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, [server], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...where.env,
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "warn",
      WEB_DIST_DIR: "",
      PDF_PER_USER: PER_USER,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let banner = "";
  const base = await new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      banner += chunk.toString();
      const port = / is running at http:\/\/localhost:(\d+)/.exec(banner)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
    child.once("exit", (code) => reject(new Error(`the API exited with ${code}`)));
  });
  return { child, base };
}

async function stopApi(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

async function signIn(base: string, username: string): Promise<Record<string, string>> {
  const response = await fetch(`${base}/api/token/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: "Freight-2026" }),
  });
  if (!response.ok) throw new Error(`${username} cannot sign in: ${response.status}`);
  return { authorization: `JWT ${((await response.json()) as { access: string }).access}` };
}

/** Milliseconds of one call, which must answer 200 (or 429, where `refusable`). */
async function timed(url: string, headers: Record<string, string>, refusable = false): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (response.status !== 200 && !(refusable && response.status === 429)) {
    throw new Error(`${url}: ${response.status}`);
  }
  return performance.now() - started;
}

/** The client's first order it may print (the demo's client has orders in every status). */
async function printableOrder(base: string, client: Record<string, string>): Promise<number> {
  const list = (await (await fetch(`${base}${ORDERS}?take=50`, { headers: client })).json()) as {
    results: { id: number }[];
  };
  for (const { id } of list.results) {
    const response = await fetch(`${base}${ORDERS}${id}/print`, { headers: client });
    await response.arrayBuffer();
    if (response.status === 200) return id;
  }
  throw new Error("the client can print none of its orders");
}

async function round(server: string, where: Data): Promise<Round> {
  const { child, base } = await startApi(server, where);
  try {
    const manager = await signIn(base, "manager");
    const client = await signIn(base, "client");
    const list = `${base}${ORDERS}?take=20`;
    const order = await printableOrder(base, client);
    const alone: number[] = [];
    for (let i = 0; i < ALONE; i += 1) alone.push(await timed(list, manager));
    const started = performance.now();
    let out = 0;
    const prints = Array.from({ length: PRINTS }, () =>
      timed(`${base}${ORDERS}${order}/print`, client, true).then(() => {
        out += 1;
      }),
    );
    const during: number[] = [];
    while (out < PRINTS) during.push(await timed(list, manager));
    await Promise.all(prints);
    return {
      alone: median(alone),
      first: during[0] ?? 0,
      slowest: Math.max(...during),
      calls: during.length,
      prints: performance.now() - started,
    };
  } finally {
    await stopApi(child);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const ms = (value: number) => `${Math.round(value)} ms`;

const load = () =>
  `load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(" ")}`;

function line(name: string, result: Round): string {
  return `${name.padEnd(9)} list alone ${ms(result.alone)}, while ${PRINTS} prints build: first ${ms(result.first)}, slowest ${ms(result.slowest)} (${result.calls} calls); the prints ${ms(result.prints)}`;
}

async function main(): Promise<void> {
  if (!selects("prints")) return;
  const where = await data();
  const builds: [string, string][] = [["this", path.join(ROOT, "apps/api/dist/server.js")]];
  const baseline = process.env.BENCH_BASELINE_API_SERVER;
  if (baseline) builds.unshift(["baseline", path.resolve(baseline)]);
  try {
    process.stdout.write(
      `prints on the ${SERVER_URL ? "PostgreSQL server" : "embedded database"}, PDF_PER_USER=${PER_USER}: ${load()}\n`,
    );
    const results = new Map<string, Round[]>(builds.map(([name]) => [name, []]));
    for (let run = 0; run < RUNS; run += 1) {
      for (const [name, server] of builds) {
        const result = await round(server, where);
        results.get(name)?.push(result);
        process.stdout.write(`${line(name, result)}\n`);
      }
    }
    const before = results.get("baseline");
    const after = results.get("this");
    if (before?.length && after?.length) {
      const ratio = (pick: (r: Round) => number) =>
        (median(before.map(pick)) / median(after.map(pick))).toFixed(1);
      process.stdout.write(
        `baseline / this build (medians of ${RUNS} rounds): the first list call ${ratio((r) => r.first)}x, the slowest ${ratio((r) => r.slowest)}x, the prints ${ratio((r) => r.prints)}x\n`,
      );
    }
    process.stdout.write(`prints: ${load()}\n`);
  } finally {
    await where.drop();
  }
}

await main();
