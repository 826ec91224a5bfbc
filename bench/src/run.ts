/**
 * Load benchmark of the list pattern: seeds a large user base into a fresh database, starts the API in this
 * process and drives it with autocannon over loopback. Prints requests/s and latency percentiles per scenario.
 *
 *   npm run bench                      embedded database (in memory)
 *   BENCH_DATABASE_URL=postgres://…    a PostgreSQL server (a fresh database is created and dropped)
 *   BENCH_USERS=50000 BENCH_SECONDS=10 size and duration
 */
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import pg from "pg";
import { buildApp } from "../../apps/api/src/app.ts";
import { loadConfig } from "../../apps/api/src/config.ts";
import { openDatabase } from "../../apps/api/src/db/client.ts";
import { seedDemo } from "../../apps/api/src/db/seed/demo.ts";
import { seedLargeUserBase } from "./seed-large.ts";

const USERS = Number(process.env.BENCH_USERS ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function main() {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  let url: string | undefined;
  const dbName = `portal_bench_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  if (serverUrl) {
    await admin(serverUrl, `create database "${dbName}"`);
    const target = new URL(serverUrl);
    target.pathname = `/${dbName}`;
    url = target.toString();
  }
  const database = await openDatabase({ url, poolSize: 10 });
  try {
    await database.migrate();
    await seedDemo(database.db);
    const seeded = performance.now();
    await seedLargeUserBase(database.db, USERS);
    console.log(
      `seeded ${USERS} users in ${Math.round(performance.now() - seeded)} ms (${database.kind} database)`,
    );

    const config = loadConfig({
      NODE_ENV: "test",
      JWT_SECRET: "bench-secret-bench-secret-bench-secret-0000",
      WEB_DIST_DIR: "",
    });
    const app = await buildApp({ config, db: database.db });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const login = await fetch(`${base}/api/token/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "manager", password: "Freight-2026" }),
    });
    const { access } = (await login.json()) as { access: string };
    const headers = { authorization: `JWT ${access}` };

    const scenarios: [string, string][] = [
      ["users, first page", "/profile/api/users/"],
      [
        "users, filter + ordering",
        `/profile/api/users/?filters=${encodeURIComponent("last_name__icontains=ов&state=approved")}&ordering=last_name`,
      ],
      ["users, search two words", `/profile/api/users/?search=${encodeURIComponent("иван лес")}`],
      ["users, deep page", "/profile/api/users/?skip=10000&take=50&ordering=username"],
      ["current user", "/profile/api/users/me/"],
    ];
    console.log(`\n${SECONDS}s per scenario, ${CONNECTIONS} connections, loopback, 2-core machine\n`);
    console.log(
      "scenario".padEnd(30),
      "req/s".padStart(8),
      "p50 ms".padStart(8),
      "p99 ms".padStart(8),
      "errors".padStart(7),
    );
    for (const [name, path] of scenarios) {
      const result = await autocannon({
        url: `${base}${path}`,
        headers,
        connections: CONNECTIONS,
        duration: SECONDS,
      });
      const errors = result.errors + result.non2xx;
      console.log(
        name.padEnd(30),
        String(Math.round(result.requests.average)).padStart(8),
        String(result.latency.p50).padStart(8),
        String(result.latency.p99).padStart(8),
        String(errors).padStart(7),
      );
    }
    await app.close();
  } finally {
    await database.close();
    if (serverUrl) await admin(serverUrl, `drop database if exists "${dbName}" with (force)`);
  }
}

async function admin(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(text);
  await client.end();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
