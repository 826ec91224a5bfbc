/**
 * Webhooks fanned out: N events of a company whose M endpoints are all subscribed (N × M delivery jobs, sent in the
 * events' transactions), delivered to a receiver on 127.0.0.1 by the process's workers (JOB_CONCURRENCY and
 * JOB_POLL_SECONDS of the configuration, 2 and 2 unless set), while the company's orders list is read again and again
 * through the service. Prints the drain's time and deliveries a second, and the list's p50 and p99 meanwhile, with
 * the load average, and the list's figures alone for 5 s before.
 *
 *   tsx src/webhook-drain.ts
 *   BENCH_DATABASE_URL=postgres://…/postgres     a PostgreSQL server (a database is created and dropped); the
 *                                                embedded database (in a temporary folder) otherwise
 *   BENCH_WEBHOOK_EVENTS=1000 BENCH_WEBHOOK_ENDPOINTS=50
 *   BENCH_ONLY="webhook drain"                   with `npm run bench`: this benchmark only
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import { count } from "drizzle-orm";
import { loadConfig } from "../../apps/api/src/config.ts";
import { listQuery } from "../../apps/api/src/core/list-query.ts";
import type { Principal } from "../../apps/api/src/core/principal.ts";
import { openDatabase } from "../../apps/api/src/db/client.ts";
import { companies, users, webhookDeliveries, webhookEndpoints } from "../../apps/api/src/db/schema/index.ts";
import { createJobQueue, startJobs } from "../../apps/api/src/jobs/start.ts";
import { SecretBox } from "../../apps/api/src/modules/auth/secret-box.ts";
import { createServices } from "../../apps/api/src/modules/services.ts";
import { newWebhookSecret } from "../../apps/api/src/modules/webhooks/sender.ts";
import { buildOrder } from "../../apps/api/src/test/orders.ts";
import { freshDatabase } from "./admin.ts";
import { selects } from "./only.ts";

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 1000);
const ENDPOINTS = Number(process.env.BENCH_WEBHOOK_ENDPOINTS ?? 50);
const SERVER_URL = process.env.BENCH_DATABASE_URL;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main(): Promise<void> {
  if (!selects("webhook drain")) return;
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(1))
      .join(" ");
  const receiver = http.createServer((request, response) => {
    request.resume();
    request.on("end", () => response.writeHead(200).end("ok"));
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const { port } = receiver.address() as AddressInfo;
  const fresh = await freshDatabase("webhooks", SERVER_URL);
  const database = await openDatabase({ ...fresh.where, poolSize: 4 });
  try {
    await database.migrate();
    const { db } = database;
    const config = loadConfig({
      ...process.env,
      ...(fresh.where.url ? { DATABASE_URL: fresh.where.url } : { DATA_DIR: fresh.where.dataDir }),
      JWT_SECRET: "bench-secret-bench-secret-bench-secret-0000",
      SEED_DEMO: "false",
      WEBHOOK_ALLOWED_RANGES: "127.0.0.1/32",
      WEBHOOK_ALLOW_HTTP: "true",
    });
    const log = {
      warn: () => {},
      error: (details: object, message: string) => console.error(message, details),
    };
    const jobs = createJobQueue(database, config, log);
    const services = createServices(db, config, jobs);
    await startJobs(jobs, { db, config, services }, { work: false });

    const [company] = await db
      .insert(companies)
      .values({ name: "ООО «Хуки»", inn: "7700000001" })
      .returning();
    const [client] = await db
      .insert(users)
      .values({
        username: "hooks",
        username_key: "hooks",
        password_hash: "x",
        state: "approved",
        company_id: company?.id,
      })
      .returning();
    if (!company || !client) throw new Error("not seeded");
    const user = (await services.users.activePrincipal(client.id)) as Principal;
    const orders = [];
    for (let i = 0; i < 20; i += 1)
      orders.push(await buildOrder(db, { company_id: company.id, author_id: client.id }));
    const box = new SecretBox(config.secondFactorKey);
    await db.insert(webhookEndpoints).values(
      Array.from({ length: ENDPOINTS }, (_, i) => ({
        company_id: company.id,
        url: `http://127.0.0.1:${port}/e${i}`,
        kinds: ["order_paid" as const],
        secret: box.seal(newWebhookSecret()),
      })),
    );
    // Every event's jobs queued as the events are written, a transaction each
    const queueing = performance.now();
    for (let i = 0; i < EVENTS; i += 1) {
      const order = orders[i % orders.length];
      await db.transaction((tx) =>
        services.notifications.emit(tx, {
          kind: "order_paid",
          actor: null,
          company_id: company.id,
          object_type: "freight_order",
          object_id: order?.id ?? 0,
        }),
      );
    }
    const queued = (performance.now() - queueing) / 1000;
    const total = EVENTS * ENDPOINTS;
    console.log(
      `\nWebhook drain (${fresh.where.url ? "PostgreSQL server" : "embedded database"}): ${EVENTS} events × ${ENDPOINTS} endpoints = ${total} deliveries, JOB_CONCURRENCY=${config.JOB_CONCURRENCY}, JOB_POLL_SECONDS=${config.JOB_POLL_SECONDS}; the events and their jobs written in ${queued.toFixed(1)} s; load ${load()}`,
    );
    const firstPage = listQuery.parse({ take: "50" });
    // The list alone first, for 5 s: the figure the drain's is compared with
    const alone: number[] = [];
    for (const until = performance.now() + 5000; performance.now() < until; ) {
      const started = performance.now();
      await services.orders.orders.list(user, firstPage);
      alone.push(performance.now() - started);
    }
    console.log(
      `orders list alone: ${alone.length} reads, p50 ${percentile(alone, 50).toFixed(0)} ms, p99 ${percentile(alone, 99).toFixed(0)} ms`,
    );
    const latencies: number[] = [];
    let reading = true;
    const reader = (async () => {
      while (reading) {
        const started = performance.now();
        await services.orders.orders.list(user, firstPage);
        latencies.push(performance.now() - started);
      }
    })();
    const started = performance.now();
    await jobs.work();
    let delivered = 0;
    while (delivered < total) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const [row] = await db.select({ n: count() }).from(webhookDeliveries);
      delivered = row?.n ?? 0;
    }
    const seconds = (performance.now() - started) / 1000;
    reading = false;
    await reader;
    console.log(
      `drained ${total} deliveries in ${seconds.toFixed(1)} s (${(total / seconds).toFixed(1)} a second); orders list meanwhile: ${latencies.length} reads, p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms; load ${load()}`,
    );
    await jobs.stop();
  } finally {
    await database.close();
    await fresh.drop();
    receiver.close();
  }
}

await main();
process.exit(0);
