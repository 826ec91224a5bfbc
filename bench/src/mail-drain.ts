/**
 * How long the job queue takes to drain 1,000 mails: 1,000 users each get a notification in one transaction (each
 * a mail job, kept in the outbox as there is no SMTP server), then the process's workers start with the
 * configuration's JOB_CONCURRENCY and JOB_POLL_SECONDS (2 and 2 unless set), and the bench waits until the outbox
 * holds every mail. Prints the time and the mails a second, with the load average.
 *
 *   tsx src/mail-drain.ts
 *   BENCH_DATABASE_URL=postgres://…/postgres     a PostgreSQL server (a database is created and dropped); the
 *                                                embedded database (in a temporary folder) otherwise
 *   BENCH_MAILS=1000                             the mails
 *   BENCH_ONLY="mail drain"                      with `npm run bench`: this benchmark only
 */
import { loadavg } from "node:os";
import { count, eq } from "drizzle-orm";
import { loadConfig } from "../../apps/api/src/config.ts";
import { openDatabase } from "../../apps/api/src/db/client.ts";
import { mailOutbox, users } from "../../apps/api/src/db/schema/index.ts";
import { createJobQueue, startJobs } from "../../apps/api/src/jobs/start.ts";
import { createServices } from "../../apps/api/src/modules/services.ts";
import { freshDatabase } from "./admin.ts";
import { selects } from "./only.ts";

const MAILS = Number(process.env.BENCH_MAILS ?? 1000);
const SERVER_URL = process.env.BENCH_DATABASE_URL;

async function main(): Promise<void> {
  if (!selects("mail drain")) return;
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(1))
      .join(" ");
  const fresh = await freshDatabase("mail", SERVER_URL);
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

    const values = Array.from({ length: MAILS + 1 }, (_, i) => ({
      username: `mail${i}`,
      username_key: `mail${i}`,
      password_hash: "x",
      state: "approved" as const,
      email: `mail${i}@example.com`,
    }));
    const [manager, ...recipients] = await db.insert(users).values(values).returning({ id: users.id });
    if (!manager) throw new Error("not seeded");
    // Every mail's job queued at once, as a burst of events queues them
    await db.transaction(async (tx) => {
      for (const { id } of recipients) {
        await services.notifications.emit(tx, {
          kind: "signup_approved",
          actor: { id: manager.id, is_manager: true },
          company_id: null,
          object_type: "user",
          object_id: id,
        });
      }
    });

    console.log(
      `\nMail drain (${fresh.where.url ? "PostgreSQL server" : "embedded database"}): ${MAILS} mails, JOB_CONCURRENCY=${config.JOB_CONCURRENCY}, JOB_POLL_SECONDS=${config.JOB_POLL_SECONDS}; load ${load()}`,
    );
    const started = performance.now();
    await jobs.work();
    let kept = 0;
    while (kept < MAILS) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const [row] = await db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.state, "kept"));
      kept = row?.n ?? 0;
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `drained ${MAILS} mails in ${seconds.toFixed(1)} s (${(MAILS / seconds).toFixed(1)} a second); load ${load()}`,
    );
    await jobs.stop();
  } finally {
    await database.close();
    await fresh.drop();
  }
}

await main();
process.exit(0);
