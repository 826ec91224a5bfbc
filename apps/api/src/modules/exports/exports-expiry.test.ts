import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { dayIn, FORWARDER_TIME_ZONE } from "@portal/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { exportTasks } from "../../db/schema/index.ts";
import { createTestContext } from "../../test/context.ts";
import { buildCustomerWorld } from "../../test/customer-world.ts";

// Archives are kept EXPORT_KEEP_HOURS (here six seconds), then a job sent for that time removes the archive and the
// task; tasks whose time ran out while nothing ran are removed by the sweep at start-up.

const TASKS = "/tracking/api/export-tasks/";
const WAIT = { timeout: 60_000, interval: 200 };

const ctx = await createTestContext({ EXPORT_KEEP_HOURS: String(6 / 3600) });
afterAll(() => ctx.close());

/** A task of January 2026 of the company, inserted as a job would have left it; its id. */
async function insertTask(
  values: { company_id: number; author_id: number } & Partial<typeof exportTasks.$inferInsert>,
) {
  const [row] = await ctx.db
    .insert(exportTasks)
    .values({ from_date: "2026-01-01", to_date: "2026-01-31", ...values })
    .returning();
  return row?.id ?? 0;
}

const taskRow = async (id: number) =>
  (await ctx.db.select().from(exportTasks).where(eq(exportTasks.id, id)))[0];

describe("an export's expiry", () => {
  it("removes the archive and the task once their time is up", async () => {
    const { client, company } = await buildCustomerWorld(ctx);
    const today = dayIn(FORWARDER_TIME_ZONE);
    const created = await (await ctx.as(client)).post(TASKS, {
      company: company.id,
      from_date: today,
      to_date: today,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: number };
    const folder = path.join(ctx.config.FILES_DIR, "exports", String(id));
    // The task as it was once done, read in one go: its expiry may come at any moment after it
    let done: Awaited<ReturnType<typeof taskRow>>;
    await expect
      .poll(async () => {
        done ??= await taskRow(id).then((row) => (row?.status === "SUCCESS" ? row : undefined));
        return done?.status;
      }, WAIT)
      .toBe("SUCCESS");
    expect(done?.file_key).toMatch(/^exports\//);
    expect(done?.expire_date?.getTime()).toBeGreaterThan(
      done?.finish_date?.getTime() ?? Number.POSITIVE_INFINITY,
    );
    await expect.poll(() => taskRow(id), WAIT).toBeUndefined();
    expect(await readdir(folder)).toEqual([]);
  });

  it("sweeps the tasks whose time ran out, and leaves the others", async () => {
    const { client, company } = await buildCustomerWorld(ctx);
    const task = (expire: string) =>
      insertTask({
        company_id: company.id,
        author_id: client.id,
        status: "SUCCESS",
        expire_date: sql.raw(`now() + interval '${expire}'`) as never,
      });
    const [expired, kept] = [await task("-1 hour"), await task("1 hour")];
    const key = `exports/${expired}/archive-0.zip`;
    await mkdir(path.dirname(path.join(ctx.config.FILES_DIR, key)), { recursive: true });
    await writeFile(path.join(ctx.config.FILES_DIR, key), "PK");
    // What an attempt killed while writing left beside it
    await writeFile(
      path.join(ctx.config.FILES_DIR, `exports/${expired}/archive-1.zip.streaming.partial`),
      "P",
    );
    await ctx.db.update(exportTasks).set({ file_key: key }).where(eq(exportTasks.id, expired));
    expect(await ctx.services.exports.sweepExpired()).toBeGreaterThanOrEqual(1);
    expect(await taskRow(expired)).toBeUndefined();
    expect(await readdir(path.join(ctx.config.FILES_DIR, "exports", String(expired)))).toEqual([]);
    expect(await taskRow(kept)).toBeDefined();
  });

  it("removes what a killed attempt left aside when a manager deletes the task that still runs", async () => {
    const { client, manager, company } = await buildCustomerWorld(ctx);
    // A task whose build was killed while writing: no job runs it here
    const task = await insertTask({ company_id: company.id, author_id: client.id });
    const folder = path.join(ctx.config.FILES_DIR, "exports", String(task));
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, "archive-0.zip.streaming.partial"), "half an archive");
    const removed = await (await ctx.as(manager)).delete(`/tracking/api/export-tasks/${task}/`);
    expect(removed.statusCode).toBe(204);
    expect(await readdir(folder)).toEqual([]);
  });
});
