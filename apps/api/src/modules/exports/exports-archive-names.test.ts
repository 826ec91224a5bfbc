import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { dayIn, FORWARDER_TIME_ZONE } from "@portal/domain";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { exportTasks } from "../../db/schema/index.ts";
import { createTestContext } from "../../test/context.ts";
import { buildCustomerWorld } from "../../test/customer-world.ts";
import { buildOrderFile } from "../../test/orders.ts";
import { manifestRows, readZip, type ZipEntry } from "../../test/zip.ts";

// The names in an export's archive, whatever the orders' parties and files are called: a folder per order that
// always begins with its number, entry names unique across the archive, none a Windows device, so that extracting
// it gives back every document.

const TASKS = "/tracking/api/export-tasks/";
const WAIT = { timeout: 60_000, interval: 200 };

const ctx = await createTestContext();
afterAll(() => ctx.close());

const today = dayIn(FORWARDER_TIME_ZONE);

/** A file of an order, named as given, with its bytes in the folder storage. */
async function storedFile(order: number, author: number, filename: string, text: string) {
  const key = `orders/${order}/${Math.random().toString(36).slice(2)}`;
  await mkdir(path.join(ctx.config.FILES_DIR, "orders", String(order)), { recursive: true });
  await writeFile(path.join(ctx.config.FILES_DIR, key), text);
  await buildOrderFile(ctx.db, { freight_order_id: order, author_id: author, storage_key: key, filename });
}

/** Extracts the entries into a new folder as an unzip does (a later entry of the same path replaces the former). */
async function extract(entries: ZipEntry[]): Promise<Map<string, string>> {
  const folder = await mkdtemp(path.join(tmpdir(), "portal-extract-"));
  try {
    for (const entry of entries) {
      const file = path.join(folder, ...entry.path.split("/"));
      expect(file.startsWith(folder + path.sep), entry.path).toBe(true);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, entry.bytes);
    }
    const files = new Map<string, string>();
    for (const name of await readdir(folder, { recursive: true, withFileTypes: true })) {
      if (!name.isFile()) continue;
      const file = path.join(name.parentPath, name.name);
      files.set(path.relative(folder, file).split(path.sep).join("/"), await readFile(file, "utf8"));
    }
    return files;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

describe("the names in an export's archive", () => {
  it("keep each order's folder its own, whatever slashes its parties hold, so that every document extracts", async () => {
    const { client, company, order } = await world();
    // An order without parties: its folder is `N{id}`, which another order's consignee names
    const plain = await order({ consignor_name: "", consignee_name: "" });
    const impostor = await order({ consignor_name: "ООО «Лес»", consignee_name: `z/N${plain.id}` });
    const slashed = await order({ consignor_name: "x/Docs", consignee_name: "a\\b/../c" });
    const documents = new Map<number, [string, string][]>([
      [plain.id, [["invoice.pdf", "%PDF plain's invoice"]]],
      [impostor.id, [["invoice.pdf", "%PDF impostor's invoice"]]],
      [
        slashed.id,
        [
          ["invoice.pdf", "%PDF slashed's invoice"],
          ["CON.pdf", "%PDF a device's name"],
          ["con.pdf", "%PDF the same name in another case"],
          ["nul", "a device without an extension"],
        ],
      ],
    ]);
    for (const [orderId, files] of documents) {
      for (const [filename, text] of files) await storedFile(orderId, client.id, filename, text);
    }

    const entries = await runExport(client, company.id);
    const rows = manifestRows(entries).slice(1);
    const paths = rows.map((row) => row[1] ?? "");
    // Three prints and six files, each listed once, under a folder that begins with its own order's number
    expect(rows).toHaveLength(9);
    expect(new Set(paths).size).toBe(paths.length);
    expect(new Set(paths.map((entry) => entry.toLowerCase())).size).toBe(paths.length);
    for (const [orderId, entryPath] of rows) {
      expect(entryPath, entryPath).toMatch(new RegExp(`^N${orderId}( [^/]*)?/[^/]+$`));
    }
    expect(paths).toEqual(
      expect.arrayContaining([
        `N${plain.id}/invoice.pdf`,
        `N${impostor.id} ООО «Лес» — z_N${plain.id}/invoice.pdf`,
        `N${slashed.id} x_Docs — a_b_.._c/_CON.pdf`,
        `N${slashed.id} x_Docs — a_b_.._c/_con (2).pdf`,
        `N${slashed.id} x_Docs — a_b_.._c/_nul`,
      ]),
    );
    // Extracted, the archive gives back every document with its own content
    const extracted = await extract(entries);
    expect(extracted.size).toBe(entries.length);
    for (const [orderId, files] of documents) {
      const contents = rows
        .filter((row) => row[0] === String(orderId))
        .map((row) => extracted.get(row[1] ?? ""));
      expect(contents).toEqual(expect.arrayContaining(files.map(([, text]) => text)));
    }
  });
});

const world = () => buildCustomerWorld(ctx);

/** Runs an export of today's orders of the company as the user; the archive's entries once it is done. */
async function runExport(user: { id: number; token_version: number }, company: number) {
  const api = await ctx.as(user);
  const created = await api.post(TASKS, { company, from_date: today, to_date: today });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  const status = async () =>
    (await ctx.db.select().from(exportTasks).where(eq(exportTasks.id, id)))[0]?.status;
  await expect.poll(status, WAIT).toBe("SUCCESS");
  const download = await api.get(`${TASKS}${id}`);
  expect(download.statusCode).toBe(200);
  return readZip(download.rawPayload);
}
