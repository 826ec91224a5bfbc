import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationEvents, webhookDeliveries } from "../../db/schema/index.ts";
import { useContainerTests } from "../../test/containers.ts";
import { startReceiver } from "../../test/webhook-receiver.ts";

// A job worker killed (SIGKILL) while its delivery waits for the endpoint's answer: the worker runs as a process of
// its own (worker.ts, as deployed), on this test's database and queue; this process only sends. A second worker
// takes the expired job again. Attempts and expiry are shortened by configuration, so it takes seconds.

const WORKER = path.resolve(import.meta.dirname, "../../worker.ts");
const WAIT = { timeout: 60_000, interval: 200 };
/** The webhooks' settings of both this process (it sends the job) and the workers. */
const WEBHOOKS = {
  WEBHOOK_ALLOWED_RANGES: "127.0.0.1/32",
  WEBHOOK_ALLOW_HTTP: "true",
  WEBHOOK_RETRY_LIMIT: "2",
  WEBHOOK_RETRY_DELAY_SECONDS: "1",
  WEBHOOK_TIMEOUT_MS: "4000",
  WEBHOOK_EXPIRE_SECONDS: "6",
};

const { ctx, world } = useContainerTests({ ...WEBHOOKS, JOB_WORKERS: "false" });
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const workers: ChildProcess[] = [];
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => {
  for (const worker of workers) worker.kill("SIGKILL");
  receiver?.close();
});

/** A worker process (worker.ts) on the test's database and queue; resolves once it runs its workers. */
async function startWorker(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", WORKER], {
    env: {
      ...process.env,
      ...WEBHOOKS,
      NODE_ENV: "test",
      LOG_LEVEL: "info",
      DATABASE_URL: ctx.databaseUrl ?? "",
      JOB_SCHEMA: ctx.jobs.schema,
      JOB_POLL_SECONDS: "0.5",
      JOB_SUPERVISE_SECONDS: "1",
      JWT_SECRET: "test-secret-test-secret-test-secret-0123456789",
      SECOND_FACTOR_KEY: "test-second-factor-key-test-second-factor-key",
      FILES_DIR: ctx.config.FILES_DIR,
      WEB_DIST_DIR: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  workers.push(child);
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk;
      if (output.includes("job workers running")) resolve();
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code) => reject(new Error(`the worker ended (${code}): ${output}`)));
  });
  return child;
}

// The worker process needs DATABASE_URL: the embedded database is one process's, and there the server runs the jobs
describe.skipIf(!process.env.TEST_DATABASE_URL)("a worker killed mid-delivery (PostgreSQL only)", () => {
  it("leaves one job per event and endpoint, delivered by the next worker under the same webhook-id", {
    timeout: 120_000,
  }, async () => {
    const people = await world();
    const order = await people.order({ status: 6, approved_cost: 1500 });
    const head = await ctx.buildUser({ company_id: people.forwarder.id, roles: ["Head"] });
    const integrator = await ctx.buildUser({ company_id: people.company.id, grant_webhooks: true });
    // The receiver holds the first request to a /slow path open, and answers the next
    const url = receiver.url(`/slow-crash-${order.id}`);
    const created = await (await ctx.as(integrator)).post("/api/webhooks/endpoints/", {
      url,
      kinds: ["order_paid"],
    });
    expect(created.statusCode, created.body).toBe(201);
    const endpointId = created.json().id as number;
    const first = await startWorker();

    const paid = await (await ctx.as(head)).patch(`/tracking/api/freight_orders/${order.id}/set_is_paid/`, {
      is_paid: true,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const path = new URL(url).pathname;
    await expect.poll(() => receiver.at(path).length, WAIT).toBe(1);
    const exited = new Promise((resolve) => first.once("exit", resolve));
    first.kill("SIGKILL");
    await exited;
    // Nothing was logged of the attempt cut short
    expect(await ctx.db.$count(webhookDeliveries, eq(webhookDeliveries.endpoint_id, endpointId))).toBe(0);

    await startWorker();
    await expect.poll(() => receiver.at(path).length, WAIT).toBe(2);
    const [killed, delivered] = receiver.at(path);
    expect(delivered?.id).toBe(killed?.id);
    const body = JSON.parse(delivered?.body ?? "{}");
    expect(body).toMatchObject({ type: "order_paid", data: { id: order.id, is_paid: true } });

    // The log ends with the one success; one job for the pair, completed on its second attempt
    const logged = () =>
      ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpoint_id, endpointId));
    await expect
      .poll(logged, WAIT)
      .toMatchObject([{ succeeded: true, status: 200, message_id: delivered?.id }]);
    const [event] = await ctx.db
      .select({ id: notificationEvents.id })
      .from(notificationEvents)
      .where(and(eq(notificationEvents.kind, "order_paid"), eq(notificationEvents.object_id, order.id)));
    const deliver = ctx.services.webhooks.jobTypes.deliver;
    expect(await ctx.jobs.find(deliver, `e${event?.id}:w${endpointId}`)).toMatchObject({
      state: "completed",
      attempt: 1,
    });
    const jobs = (await ctx.db.execute(
      sql.raw(`select count(*)::int as count from "${ctx.jobs.schema}".job where name = '${deliver.name}'`),
    )) as unknown as { rows: { count: number }[] };
    expect(jobs.rows[0]?.count).toBe(1);
  });
});
