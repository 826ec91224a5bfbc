/**
 * The import of shipping orders from a spreadsheet at size: a client's XLSX of 5,000 rows (`BENCH_IMPORT_ROWS`) is
 * uploaded through the service, checked by its job (the preview) and imported by the other, while the orders list
 * of the client's company is read over and over in the same process (the service's list, as the route calls it):
 * prints the upload's, the check's and the import's times, and the list's p50/p99 during them, with the load.
 *
 *   tsx src/order-import.ts
 *   BENCH_DATABASE_URL=postgres://…/postgres     a PostgreSQL server (a database is created and dropped); the
 *                                                embedded database (in a temporary folder) otherwise
 *   BENCH_IMPORT_ROWS=5000                       the file's rows
 *   BENCH_ONLY="order import"                    with `npm run bench`: this benchmark only
 */
import { loadavg } from "node:os";
import { labelOf } from "@portal/domain/labels";
import ExcelJS from "exceljs";
import { loadConfig } from "../../apps/api/src/config.ts";
import { listQuery } from "../../apps/api/src/core/list-query.ts";
import type { Principal } from "../../apps/api/src/core/principal.ts";
import { openDatabase } from "../../apps/api/src/db/client.ts";
import { companies, users } from "../../apps/api/src/db/schema/index.ts";
import { createJobQueue, startJobs } from "../../apps/api/src/jobs/start.ts";
import { createServices } from "../../apps/api/src/modules/services.ts";
import { freshDatabase } from "./admin.ts";
import { selects } from "./only.ts";

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 5000);
const SERVER_URL = process.env.BENCH_DATABASE_URL;

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(" ");

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main(): Promise<void> {
  if (!selects("order import")) return;
  const fresh = await freshDatabase("import", SERVER_URL);
  const database = await openDatabase({ ...fresh.where, poolSize: 4 });
  try {
    await database.migrate();
    const { db } = database;
    const config = loadConfig({
      ...process.env,
      ...(fresh.where.url ? { DATABASE_URL: fresh.where.url } : { DATA_DIR: fresh.where.dataDir }),
      JWT_SECRET: "bench-secret-bench-secret-bench-secret-0000",
      SEED_DEMO: "false",
    });
    const log = {
      warn: () => {},
      error: (details: object, message: string) => console.error(message, details),
    };
    const jobs = createJobQueue(database, config, log);
    const services = createServices(db, config, jobs);
    await startJobs(jobs, { db, config, services }, { work: false });

    const [company] = await db.insert(companies).values({ name: "ООО «Импорт»" }).returning();
    const [client] = await db
      .insert(users)
      .values({
        username: "importer",
        username_key: "importer",
        password_hash: "x",
        state: "approved",
        company_id: company?.id,
      })
      .returning();
    if (!company || !client) throw new Error("not seeded");
    const user = (await services.users.activePrincipal(client.id)) as Principal;

    const fields = [
      "customer_order_number",
      "consignor_name",
      "consignee_name",
      "destination",
      "container_count",
    ];
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Orders");
    sheet.addRow(fields.map((name) => labelOf("freight_order", name, "ru")));
    for (let row = 1; row <= ROWS; row += 1) {
      sheet.addRow([`B-${row}`, `Грузоотправитель ${row}`, "ООО «Импорт»", "Новосибирск", (row % 40) + 1]);
    }
    const file = Buffer.from(await workbook.xlsx.writeBuffer());

    console.log(
      `\nOrder import (${fresh.where.url ? "PostgreSQL server" : "embedded database"}): ${ROWS} rows, ${(file.length / 1024).toFixed(0)} KB; load ${load()}`,
    );
    // The orders list, read again and again while the import goes on
    const latencies: number[] = [];
    const firstPage = listQuery.parse({ take: "50" });
    let reading = true;
    const reader = (async () => {
      while (reading) {
        // A request comes in through the event loop, and waits for its turn there: on the embedded database a query
        // resolves without I/O, and a loop of awaits alone would never let the jobs' timers and the file's reading run
        const started = performance.now();
        await new Promise((resolve) => setImmediate(resolve));
        await services.orders.orders.list(user, firstPage);
        latencies.push(performance.now() - started);
      }
    })();
    const started = performance.now();
    const uploaded = await services.orderImport.upload(
      user,
      { name: "orders.xlsx", content: file },
      company.id,
    );
    const afterUpload = performance.now();
    await jobs.work();
    const until = async (state: string) => {
      for (;;) {
        // The import as its page reads it at each step (the route's read, through the service)
        const row = await services.orderImport.get(user, uploaded.id);
        if (row?.state === "failed") throw new Error(`failed: ${JSON.stringify(row.failure)}`);
        if (row?.state === state) return row;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    const checked = await until("checked");
    const afterCheck = performance.now();
    await services.orderImport.start(user, uploaded.id);
    const done = await until("done");
    const afterImport = performance.now();
    reading = false;
    await reader;
    const seconds = (from: number, to: number) => ((to - from) / 1000).toFixed(1);
    console.log(
      `upload (read the file) ${seconds(started, afterUpload)} s; check ${seconds(afterUpload, afterCheck)} s (${checked.valid} valid); import ${seconds(afterCheck, afterImport)} s (${done.created} created); total ${seconds(started, afterImport)} s`,
    );
    console.log(
      `orders list meanwhile: ${latencies.length} reads, p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms; load ${load()}`,
    );
    await jobs.stop();
  } finally {
    await database.close();
    await fresh.drop();
  }
}

await main();
process.exit(0);
