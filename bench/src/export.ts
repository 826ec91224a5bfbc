/**
 * The export of documents for a period, measured: a company with N stored documents of realistic sizes (1–5 MB,
 * PDF-like incompressible bytes, in a folder storage) is exported by the export's job in a process of its own, which
 * reports the job's time and its peak RSS. Run at two sizes, it shows that memory does not grow with the number of
 * documents (the archive and the files are streamed). Part of `npm run bench`, or alone:
 *
 *   tsx src/export.ts
 *   BENCH_DATABASE_URL=postgres://…/postgres     a PostgreSQL server (a fresh database is created and dropped per
 *                                                size); the embedded database otherwise (in the job's process)
 *   BENCH_EXPORT_DOCUMENTS=500,2000              the sizes: stored documents of the company (10 an order)
 *   BENCH_ONLY=export                            with `npm run bench`: this benchmark only
 *
 * The document files (gigabytes) and the archives are written to a temporary folder and removed afterwards.
 */
import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { dayIn, FORWARDER_TIME_ZONE } from "@portal/domain";
import { eq } from "drizzle-orm";
import { loadConfig } from "../../apps/api/src/config.ts";
import type { Principal } from "../../apps/api/src/core/principal.ts";
import { openDatabase } from "../../apps/api/src/db/client.ts";
import {
  companies,
  exportTasks,
  freightOrderFiles,
  freightOrders,
  users,
} from "../../apps/api/src/db/schema/index.ts";
import { createJobQueue, startJobs } from "../../apps/api/src/jobs/start.ts";
import { exportsJobs } from "../../apps/api/src/modules/exports/jobs.ts";
import { createServices } from "../../apps/api/src/modules/services.ts";
import { type BenchDatabase, freshDatabase } from "./admin.ts";
import { selects } from "./only.ts";

const SIZES = (process.env.BENCH_EXPORT_DOCUMENTS ?? "500,2000").split(",").map(Number);
const DOCUMENTS_PER_ORDER = 10;
const SERVER_URL = process.env.BENCH_DATABASE_URL;
const JWT_SECRET = "bench-secret-bench-secret-bench-secret-0000";
const MB = 1024 * 1024;

/** A company with `documents` stored files (10 an order, 1–5 MB each) in `filesDir`; its id and its author's. */
async function seed(where: BenchDatabase["where"], filesDir: string, documents: number) {
  const database = await openDatabase({ ...where, poolSize: 2 });
  await database.migrate();
  const { db } = database;
  const [company] = await db.insert(companies).values({ name: "ООО «Архив»", inn: "7701234567" }).returning();
  const [author] = await db
    .insert(users)
    .values({ username: "bench", username_key: "bench", password_hash: "x", state: "approved" })
    .returning();
  if (!company || !author) throw new Error("not seeded");
  // One pool of random bytes; each file a PDF header and a slice of it at its own offset: incompressible, as a
  // scanned PDF is, without generating gigabytes of randomness
  const pool = randomBytes(8 * MB);
  let total = 0;
  for (let first = 0; first < documents; first += DOCUMENTS_PER_ORDER) {
    const [order] = await db
      .insert(freightOrders)
      .values({
        company_id: company.id,
        author_id: author.id,
        updated_by_id: author.id,
        status: 1,
        consignor_name: "ООО «Лесозавод»",
        consignee_name: "Harbin Timber Co.",
      })
      .returning({ id: freightOrders.id });
    if (!order) throw new Error("no order");
    await mkdir(path.join(filesDir, "orders", String(order.id)), { recursive: true });
    const rows: (typeof freightOrderFiles.$inferInsert)[] = [];
    for (let n = first; n < Math.min(first + DOCUMENTS_PER_ORDER, documents); n += 1) {
      const size = MB + ((n * 7_919_993) % (4 * MB));
      const offset = (n * 104_729) % (pool.length - size);
      const key = `orders/${order.id}/${randomUUID()}`;
      await writeFile(
        path.join(filesDir, key),
        Buffer.concat([Buffer.from("%PDF-1.7\n"), pool.subarray(offset, offset + size - 9)]),
      );
      total += size;
      rows.push({
        freight_order_id: order.id,
        author_id: author.id,
        kind: n % 10 === 0 ? "signed" : "document",
        storage_key: key,
        filename: `Счёт-фактура № ${n + 1}.pdf`,
        content_type: "application/pdf",
        size,
      });
    }
    await db.insert(freightOrderFiles).values(rows);
  }
  await database.close();
  return { company: company.id, author: author.id, bytes: total };
}

/** In the job's process: runs the export of the company's documents of today, and reports time and memory. */
async function runJob(): Promise<void> {
  const where: BenchDatabase["where"] = JSON.parse(process.env.BENCH_EXPORT_WHERE ?? "{}");
  const database = await openDatabase({ ...where, poolSize: 4 });
  const config = loadConfig({
    ...process.env,
    JWT_SECRET,
    LOG_LEVEL: "silent",
    JOB_POLL_SECONDS: "0.5",
    EXPORT_KEEP_HOURS: "1",
  });
  const log = {
    warn: () => {},
    error: (details: object, message: string) => console.error(message, details),
  };
  const jobs = createJobQueue(database, config, log);
  const services = createServices(database.db, config, jobs);
  await startJobs(jobs, { db: database.db, config, services }, { work: true, modules: [exportsJobs] });
  const before = process.memoryUsage().rss;
  const manager = { id: Number(process.env.BENCH_EXPORT_AUTHOR), is_manager: true, company_ids: [] };
  const today = dayIn(FORWARDER_TIME_ZONE);
  const started = performance.now();
  const task = await services.exports.tasks.create(manager as unknown as Principal, {
    company: Number(process.env.BENCH_EXPORT_COMPANY),
    from_date: today,
    to_date: today,
  });
  let row: typeof exportTasks.$inferSelect | undefined;
  for (;;) {
    [row] = await database.db.select().from(exportTasks).where(eq(exportTasks.id, task.id));
    if (row?.status !== "PENDING") break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(
    `${JSON.stringify({
      status: row?.status,
      reason: row?.reason,
      seconds,
      documents: row?.document_count,
      archiveBytes: row?.file_size,
      rssBeforeMb: before / MB,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
    })}\n`,
  );
  await jobs.stop();
  await database.close();
  process.exit(0);
}

async function main(): Promise<void> {
  if (!selects("export")) return;
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(2))
      .join(" ");
  console.log(
    `\nExport of documents (${SERVER_URL ? "PostgreSQL server" : "embedded database"}); load ${load()}`,
  );
  for (const documents of SIZES) {
    const filesDir = await mkdtemp(path.join(tmpdir(), "bench-export-files-"));
    const database = await freshDatabase("export", SERVER_URL);
    try {
      const seeded = await seed(database.where, filesDir, documents);
      const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url)], {
        env: {
          ...process.env,
          BENCH_EXPORT_CHILD: "1",
          BENCH_EXPORT_WHERE: JSON.stringify(database.where),
          BENCH_EXPORT_COMPANY: String(seeded.company),
          BENCH_EXPORT_AUTHOR: String(seeded.author),
          FILES_DIR: filesDir,
          ...(database.where.url
            ? { DATABASE_URL: database.where.url }
            : { DATA_DIR: database.where.dataDir }),
        },
        stdio: ["ignore", "pipe", "inherit"],
      });
      let output = "";
      child.stdout.on("data", (chunk) => {
        output += chunk;
      });
      await new Promise((resolve) => child.on("exit", resolve));
      const result = JSON.parse(output.trim().split("\n").at(-1) ?? "{}");
      const archive = (result.archiveBytes ?? 0) / MB;
      console.log(
        `  ${String(documents).padStart(5)} files (${(seeded.bytes / MB).toFixed(0)} MB) + ${documents / DOCUMENTS_PER_ORDER} prints: ` +
          `${result.status} in ${result.seconds.toFixed(1)} s (${(archive / result.seconds).toFixed(0)} MB/s), ` +
          `archive ${archive.toFixed(0)} MB, ${result.documents} documents; RSS ${result.rssBeforeMb.toFixed(0)} MB before, ` +
          `peak ${result.peakRssMb.toFixed(0)} MB; load ${load()}`,
      );
    } finally {
      await rm(filesDir, { recursive: true, force: true });
      await database.drop();
    }
  }
}

if (process.env.BENCH_EXPORT_CHILD) await runJob();
else await main();
