import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { dayIn, FORWARDER_TIME_ZONE } from "@portal/domain";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { exportTasks, freightOrders } from "../../db/schema/index.ts";
import { createTestContext } from "../../test/context.ts";
import { buildCustomerWorld } from "../../test/customer-world.ts";
import { buildOrderFile } from "../../test/orders.ts";
import { utf8Name } from "../../test/uploads.ts";
import { manifestRows, readZip } from "../../test/zip.ts";

// The export of documents for a period (tracking/api/export-tasks/): who may export what, the checks of a new task,
// the archive the job makes (every document of the period's orders, foldered by order, with a manifest that tells
// each file's size and SHA-256), its download, its failure, and its deletion.

const TASKS = "/tracking/api/export-tasks/";
const WAIT = { timeout: 60_000, interval: 200 };

// A failed attempt is retried once, a second later
const ctx = await createTestContext({ EXPORT_RETRY_LIMIT: "1", EXPORT_RETRY_DELAY_SECONDS: "1" });
afterAll(() => ctx.close());

const today = dayIn(FORWARDER_TIME_ZONE);
const world = () => buildCustomerWorld(ctx);
type User = { id: number; token_version: number };

/** A file of an order with its bytes in the folder storage. */
async function storedFile(order: number, author: number, filename: string, bytes: Buffer, kind = "document") {
  const key = `orders/${order}/${filename.length}-${Math.random().toString(36).slice(2)}`;
  await mkdir(path.join(ctx.config.FILES_DIR, "orders", String(order)), { recursive: true });
  await writeFile(path.join(ctx.config.FILES_DIR, key), bytes);
  return buildOrderFile(ctx.db, {
    freight_order_id: order,
    author_id: author,
    kind: kind as "document",
    storage_key: key,
    filename,
    size: bytes.length,
  });
}

/** Runs an export as the user and waits until its job has ended it; the task as listed. */
async function runExport(user: User, body: object) {
  const api = await ctx.as(user);
  const created = await api.post(TASKS, body);
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  await expect
    .poll(
      async () => (await ctx.db.select().from(exportTasks).where(eq(exportTasks.id, id)))[0]?.status,
      WAIT,
    )
    .not.toBe("PENDING");
  const listed = (await api.get(`${TASKS}?filters=id=${id}`)).json().results[0];
  return { id, listed, api };
}

describe("POST tracking/api/export-tasks/", () => {
  it("lets a client export their own company and refuses another company's as one that does not exist", async () => {
    const { client, company, other, related } = await world();
    const api = await ctx.as(client);
    const own = await api.post(TASKS, { company: company.id, from_date: today, to_date: today });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json()).toMatchObject({
      company: company.id,
      company_name: company.name,
      from_date: today,
      to_date: today,
      celery_task_status: "PENDING",
      done: false,
    });
    const foreign = await api.post(TASKS, { company: other.id, from_date: today, to_date: today });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ company: ["The company does not exist"] });
    const missing = await api.post(TASKS, { company: 999_999, from_date: today, to_date: today });
    expect(missing.json()).toEqual(foreign.json());
    // A related user exports the company they are related to
    const byRelated = await (await ctx.as(related)).post(TASKS, {
      company: company.id,
      from_date: today,
      to_date: today,
    });
    expect(byRelated.statusCode, byRelated.body).toBe(201);
  });

  it("lets a manager export any company, and refuses users without a company", async () => {
    const { manager, other } = await world();
    const created = await (await ctx.as(manager)).post(TASKS, {
      company: other.id,
      from_date: today,
      to_date: today,
    });
    expect(created.statusCode, created.body).toBe(201);
    const newcomer = await ctx.buildUser({ state: "new", company_id: null, roles: ["Customer"] });
    const refused = await (await ctx.as(newcomer)).post(TASKS, {
      company: other.id,
      from_date: today,
      to_date: today,
    });
    expect(refused.json()).toEqual({ company: ["The company does not exist"] });
  });

  it("requires the three fields, real dates and a period that ends after it starts, within three years", async () => {
    const { client, company } = await world();
    const api = await ctx.as(client);
    const empty = await api.post(TASKS, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      "@validation": "fields_not_provided",
      company: ["This field must be set."],
      from_date: ["This field must be set."],
      to_date: ["This field must be set."],
    });
    const impossible = await api.post(TASKS, {
      company: company.id,
      from_date: "2026-02-30",
      to_date: "2026-13-01",
    });
    expect(impossible.json()).toEqual({
      from_date: ["Date must be in the format yyyy-MM-dd"],
      to_date: ["Date must be in the format yyyy-MM-dd"],
    });
    const backwards = await api.post(TASKS, {
      company: company.id,
      from_date: "2026-03-02",
      to_date: "2026-03-01",
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({ to_date: ["The end of the period cannot be before its start"] });
    const ru = await ctx.app.inject({
      method: "POST",
      url: TASKS,
      headers: await ctx.authHeaders(client, "ru"),
      payload: { company: company.id, from_date: "2026-03-02", to_date: "2026-03-01" },
    });
    expect(ru.json()).toEqual({ to_date: ["Конец периода не может быть раньше его начала"] });
    const long = await api.post(TASKS, {
      company: company.id,
      from_date: "2023-01-01",
      to_date: "2026-01-01",
    });
    expect(long.json()).toEqual({ to_date: ["The period can be at most 1096 days long (three years)"] });
    const threeYears = await api.post(TASKS, {
      company: company.id,
      from_date: "2024-01-01",
      to_date: "2026-12-31",
    });
    expect(threeYears.statusCode, threeYears.body).toBe(201);
    expect(await ctx.db.select().from(exportTasks).where(eq(exportTasks.from_date, "2026-03-02"))).toEqual(
      [],
    );
  });
});

describe("GET tracking/api/export-tasks/", () => {
  it("lists the tasks of the user's companies to a client and every task to a manager", async () => {
    const { client, outsider, manager, company, other } = await world();
    const mine = (
      await (await ctx.as(client)).post(TASKS, { company: company.id, from_date: today, to_date: today })
    ).json();
    const theirs = (
      await (await ctx.as(outsider)).post(TASKS, { company: other.id, from_date: today, to_date: today })
    ).json();
    const ids = async (user: User) =>
      ((await (await ctx.as(user)).get(`${TASKS}?take=1000`)).json().results as { id: number }[]).map(
        (row) => row.id,
      );
    expect(await ids(client)).toContain(mine.id);
    expect(await ids(client)).not.toContain(theirs.id);
    expect(await ids(outsider)).not.toContain(mine.id);
    expect(await ids(manager)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
  });
});

describe("the export's archive", () => {
  it("holds every document of the period's orders in a folder per order, each as the manifest tells it", async () => {
    const { client, company, other, outsider, order } = await world();
    const first = await order({ consignor_name: "ООО «Лес»", consignee_name: "Harbin Timber" });
    const second = await order();
    const pdfLike = Buffer.concat([
      Buffer.from("%PDF-1.7\n"),
      Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) % 256)),
    ]);
    await storedFile(first.id, client.id, "Счёт № 1.pdf", pdfLike);
    await storedFile(first.id, client.id, "Счёт № 1.pdf", Buffer.from("%PDF-1.4 another\n"));
    await storedFile(
      first.id,
      client.id,
      "заявка подписанная.pdf",
      Buffer.from("%PDF-1.4 signed\n"),
      "signed",
    );
    await storedFile(second.id, client.id, "список.csv", Buffer.from("номер;вес\n1;20\n".repeat(200)));
    // Outside the export: another period, a deleted order, another company's order
    const old = await order({ create_date: new Date("2020-01-01T12:00:00Z") });
    await storedFile(old.id, client.id, "old.pdf", Buffer.from("%PDF old"));
    const deleted = await order({ deleted_at: new Date() });
    await storedFile(deleted.id, client.id, "deleted.pdf", Buffer.from("%PDF deleted"));
    const [foreign] = await ctx.db
      .insert(freightOrders)
      .values({ company_id: other.id, author_id: outsider.id, updated_by_id: outsider.id, status: 1 })
      .returning();
    await storedFile(foreign?.id ?? 0, outsider.id, "foreign.pdf", Buffer.from("%PDF foreign"));

    const { id, listed, api } = await runExport(client, {
      company: company.id,
      from_date: today,
      to_date: today,
    });
    expect(listed).toMatchObject({
      celery_task_status: "SUCCESS",
      done: true,
      progress: 100,
      reason: "",
      document_count: 6,
    });
    const download = await api.get(`${TASKS}${id}`);
    expect(download.statusCode, download.body.slice(0, 200)).toBe(200);
    expect(download.headers["content-type"]).toBe("application/zip");
    expect(download.headers["content-disposition"]).toMatch(
      /^attachment; filename="[^"]+"; filename\*=UTF-8''/,
    );
    expect(utf8Name(download.headers["content-disposition"])).toBe(
      `Documents ${company.name} ${today} to ${today}.zip`,
    );
    expect(Number(download.headers["content-length"])).toBe(listed.file_size);
    const entries = await readZip(download.rawPayload);
    const firstFolder = `N${first.id} ООО «Лес» — Harbin Timber`;
    expect(entries.map((entry) => entry.path)).toEqual([
      `${firstFolder}/заявка-${first.id}.pdf`,
      `${firstFolder}/Счёт № 1.pdf`,
      `${firstFolder}/Счёт № 1 (2).pdf`,
      `${firstFolder}/заявка подписанная.pdf`,
      `N${second.id}/заявка-${second.id}.pdf`,
      `N${second.id}/список.csv`,
      "manifest.csv",
    ]);
    const [header, ...rows] = manifestRows(entries);
    expect(header).toEqual(["order", "path", "size", "sha256"]);
    expect(rows).toHaveLength(6);
    for (const [orderId, entryPath, size, sha256] of rows) {
      const entry = entries.find((candidate) => candidate.path === entryPath);
      expect(entry, entryPath).toBeDefined();
      expect([String(entry?.bytes.length), entry?.sha256]).toEqual([size, sha256]);
      expect(entryPath?.startsWith(`N${orderId}`)).toBe(true);
    }
    expect(entries[1]?.bytes.equals(pdfLike)).toBe(true);
    expect(entries[0]?.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    // Compressed formats are stored as they are, text is deflated
    expect(
      entries.find((entry) => entry.path.endsWith(".csv") && entry.path !== "manifest.csv")?.isDeflated,
    ).toBe(true);
    expect(entries[1]?.isDeflated).toBe(false);
    // The Russian name in Russian
    const ru = await ctx.app.inject({
      method: "GET",
      url: `${TASKS}${id}/`,
      headers: await ctx.authHeaders(client, "ru"),
    });
    expect(utf8Name(ru.headers["content-disposition"])).toBe(
      `Документы ${company.name} ${today} — ${today}.zip`,
    );
    // One archive in the storage, nothing left aside
    expect(await readdir(path.join(ctx.config.FILES_DIR, "exports", String(id)))).toEqual(["archive-0.zip"]);
  });

  it("takes the orders of the period's days in the author's time zone (the web sends the browser's)", async () => {
    const { client, company, order } = await world();
    // In New York: 26 November 21:30, 27 November 09:00, 27 November 21:30; made one after the other, so that their
    // ids (the archive's order) follow
    const made = [];
    for (const instant of ["2026-11-27T02:30:00Z", "2026-11-27T14:00:00Z", "2026-11-28T02:30:00Z"]) {
      made.push(await order({ create_date: new Date(instant) }));
    }
    const [evening, morning, night] = made;
    const folders = async (body: object) => {
      const { id, listed, api } = await runExport(client, { company: company.id, ...body });
      expect(listed.celery_task_status).toBe("SUCCESS");
      const entries = await readZip((await api.get(`${TASKS}${id}`)).rawPayload);
      return {
        listed,
        orders: manifestRows(entries)
          .slice(1)
          .map(([orderId]) => Number(orderId)),
      };
    };
    const day = { from_date: "2026-11-27", to_date: "2026-11-27" };
    const newYork = await folders({ ...day, time_zone: "America/New_York" });
    expect(newYork.orders).toEqual([morning?.id, night?.id]);
    expect(newYork.listed.time_zone).toBe("America/New_York");
    // Without a zone, the forwarder's days (Moscow: 05:30, 17:00 and 05:30 the next day)
    const moscow = await folders(day);
    expect(moscow.orders).toEqual([evening?.id, morning?.id]);
    expect(moscow.listed.time_zone).toBe("Europe/Moscow");
  });

  it("refuses an unknown time zone on the field", async () => {
    const { client, company } = await world();
    const response = await (await ctx.as(client)).post(TASKS, {
      company: company.id,
      from_date: today,
      to_date: today,
      time_zone: "Mars/Olympus",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ time_zone: ["Unknown time zone"] });
  });

  it("is an empty but valid archive, with the manifest's header, for a period without orders", async () => {
    const { client, company } = await world();
    const { id, listed, api } = await runExport(client, {
      company: company.id,
      from_date: "2019-01-01",
      to_date: "2019-01-31",
    });
    expect(listed).toMatchObject({ celery_task_status: "SUCCESS", done: true, document_count: 0 });
    const entries = await readZip((await api.get(`${TASKS}${id}`)).rawPayload);
    expect(entries.map((entry) => entry.path)).toEqual(["manifest.csv"]);
    expect(manifestRows(entries)).toEqual([["order", "path", "size", "sha256"]]);
  });

  it("fails with a readable reason, in the reader's language, when a stored file is missing, and offers nothing", async () => {
    const { client, company, order } = await world();
    const lost = await order();
    const file = await storedFile(lost.id, client.id, "акт.pdf", Buffer.from("%PDF act"));
    await rm(path.join(ctx.config.FILES_DIR, file.storage_key));
    const { id, listed, api } = await runExport(client, {
      company: company.id,
      from_date: today,
      to_date: today,
    });
    expect(listed).toMatchObject({
      celery_task_status: "FAILURE",
      done: false,
      reason: `The file “акт.pdf” of shipping order No. ${lost.id} is missing from the file storage`,
    });
    const ru = await ctx.app.inject({
      method: "GET",
      url: `${TASKS}?filters=id=${id}`,
      headers: await ctx.authHeaders(client, "ru"),
    });
    expect(ru.json().results[0].reason).toBe(`Файла «акт.pdf» заявки № ${lost.id} нет в хранилище файлов`);
    // A grid's page of some fields: the reason translated when asked for, and nothing made up when not
    const asked = await api.get(`${TASKS}?filters=id=${id}&fields=reason`);
    expect(asked.json().results).toEqual([
      {
        id,
        version: expect.any(Number),
        reason: expect.stringContaining("is missing from the file storage"),
      },
    ]);
    const without = await api.get(`${TASKS}?filters=id=${id}&fields=celery_task_status`);
    expect(without.json().results).toEqual([
      { id, version: expect.any(Number), celery_task_status: "FAILURE" },
    ]);
    const download = await api.get(`${TASKS}${id}`);
    expect(download.statusCode).toBe(400);
    expect(download.json()).toEqual({ detail: "The export failed and has no archive: run it again" });
    expect(await readdir(path.join(ctx.config.FILES_DIR, "exports", String(id))).catch(() => [])).toEqual([]);
  });
});

describe("an export that cannot read a file", () => {
  it("is retried, then fails with a general reason, leaving no archive", async () => {
    const { client, company, order } = await world();
    const broken = await order();
    const file = await storedFile(broken.id, client.id, "скан.pdf", Buffer.from("%PDF scan"));
    // A folder where the file should be: it opens, and its reading fails
    await rm(path.join(ctx.config.FILES_DIR, file.storage_key));
    await mkdir(path.join(ctx.config.FILES_DIR, file.storage_key));
    const { id, listed } = await runExport(client, { company: company.id, from_date: today, to_date: today });
    expect(listed).toMatchObject({
      celery_task_status: "FAILURE",
      reason: "The archive could not be made. Run the export again later",
    });
    const job = await ctx.jobs.find(ctx.services.exports.jobTypes.build, String(id));
    expect(job).toMatchObject({ state: "failed", attempt: 1 });
    expect(await readdir(path.join(ctx.config.FILES_DIR, "exports", String(id))).catch(() => [])).toEqual([]);
  });
});

describe("GET tracking/api/export-tasks/{id}", () => {
  it("answers 400 while the task runs, and 404 for another company's task whatever its state", async () => {
    const { client, outsider, company } = await world();
    const [running] = await ctx.db
      .insert(exportTasks)
      .values({ company_id: company.id, from_date: today, to_date: today, author_id: client.id })
      .returning();
    const api = await ctx.as(client);
    const early = await api.get(`${TASKS}${running?.id}`);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({
      detail: "The archive is not ready yet: download it when the export is done",
    });
    const done = await runExport(client, { company: company.id, from_date: today, to_date: today });
    await ctx.expectRefused({ outsider }, (other) => other.get(`${TASKS}${done.id}`), 404);
    await ctx.expectRefused({ outsider }, (other) => other.get(`${TASKS}${running?.id}/`), 404);
  });
});

describe("DELETE tracking/api/export-tasks/{id}/", () => {
  it("lets a manager remove a task with its archive, and refuses clients (403) and other companies (404)", async () => {
    const { client, outsider, manager, company } = await world();
    const { id } = await runExport(client, { company: company.id, from_date: today, to_date: today });
    await ctx.expectRefused({ client }, (api) => api.delete(`${TASKS}${id}/`), 403);
    await ctx.expectRefused({ outsider }, (api) => api.delete(`${TASKS}${id}/`), 404);
    const folder = path.join(ctx.config.FILES_DIR, "exports", String(id));
    expect(await readdir(folder)).toEqual(["archive-0.zip"]);
    const removed = await (await ctx.as(manager)).delete(`${TASKS}${id}/`);
    expect(removed.statusCode).toBe(204);
    expect(await ctx.db.select().from(exportTasks).where(eq(exportTasks.id, id))).toEqual([]);
    expect(await readdir(folder)).toEqual([]);
    expect((await (await ctx.as(client)).get(`${TASKS}${id}`)).statusCode).toBe(404);
  });
});
