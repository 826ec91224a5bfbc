import type { Message } from "../../core/i18n.ts";
import { companyReader } from "../../core/principal.ts";
import { csvLine, utf8WithBom, type ZipArchiveWriter } from "../../documents/zip-archive.ts";
import { type FileStorage, StoredFileMissing } from "../../storage/file-storage.ts";
import { safeName } from "../../storage/filenames.ts";
import type { OrderFilesService } from "../order-files/service.ts";
import type { OrdersService } from "../orders/service.ts";
import type { ExportedFile, ExportedOrder, ExportsRepo, ExportTask } from "./repo.ts";

// The content of an export's archive (docs/exports.md, "The archive"): a folder per order holding its print and its
// stored files, and the manifest last.

/** The orders read at once while an archive is made. */
const ORDERS_PER_PAGE = 50;

/** The manifest's columns (the archive's `manifest.csv`). */
const MANIFEST_HEADER = ["order", "path", "size", "sha256"];

/** Where an archive's documents come from. */
export interface ArchiveSources {
  repo: ExportsRepo;
  orders: OrdersService;
  orderFiles: OrderFilesService;
  storage: FileStorage;
}

/** A stored file of the period is gone from the storage: the export cannot be complete, whatever is retried. */
export class ExportFileMissing extends Error {
  constructor(readonly reason: Message) {
    super("a document's file is missing");
  }
}

/**
 * Writes every document of the task into the archive, order by order (its print first, then its files), and the
 * manifest last, calling `documentDone(done, total)` after each document. Answers the documents and the archive's
 * size.
 */
export async function writeExportArchive(
  sources: ArchiveSources,
  task: ExportTask,
  archive: ZipArchiveWriter,
  documentDone: (done: number, total: number) => Promise<void>,
): Promise<{ count: number; size: number }> {
  const { orders, files } = await sources.repo.countDocuments(task);
  const total = orders + files;
  const reader = companyReader(task.company_id, task.author_id, "export");
  const manifest: string[] = [csvLine(MANIFEST_HEADER)];
  let done = 0;
  let after = 0;
  for (;;) {
    const page = await sources.repo.ordersAfter(task, after, ORDERS_PER_PAGE);
    const last = page.at(-1);
    if (!last) break;
    after = last.id;
    const filesOf = new Map<number, ExportedFile[]>();
    for (const file of await sources.repo.filesOf(page.map((order) => order.id))) {
      const ofOrder = filesOf.get(file.freight_order_id);
      if (ofOrder) ofOrder.push(file);
      else filesOf.set(file.freight_order_id, [file]);
    }
    for (const order of page) {
      const folder = orderFolder(order);
      const names = new UniqueNames();
      const add = async (filename: string, body: Parameters<ZipArchiveWriter["add"]>[1]) => {
        const entry = await archive.add(`${folder}/${names.take(filename)}`, body);
        manifest.push(csvLine([order.id, entry.path, entry.size, entry.sha256]));
        done += 1;
        await documentDone(done, total);
      };
      const print = await sources.orderFiles.printOf(
        reader,
        await sources.orders.orders.get(reader, order.id),
        "ru",
      );
      await add(print.filename, print.body);
      for (const file of filesOf.get(order.id) ?? []) await add(file.filename, await read(sources, file));
    }
  }
  await archive.add("manifest.csv", utf8WithBom(manifest.join("")));
  return { count: done, size: await archive.finish() };
}

/** A stored file's bytes; a file gone from the storage fails the export with its name. */
async function read(sources: ArchiveSources, file: ExportedFile) {
  try {
    return await sources.storage.get(file.storage_key);
  } catch (error) {
    if (!(error instanceof StoredFileMissing)) throw error;
    throw new ExportFileMissing({
      key: "export_file_missing",
      params: { file: file.filename, order: file.freight_order_id },
    });
  }
}

/**
 * An order's folder in the archive: its number and parties (`N123 Consignor — Consignee`), made one safe name. A
 * slash in a party's name is a character of the name (`x/Docs` gives `… x_Docs`), never a folder, and the name
 * begins with `N{id}` whatever the parties hold, so that no two orders share a folder.
 */
export function orderFolder(order: ExportedOrder): string {
  const parties = [order.consignor_name, order.consignee_name].filter(Boolean).join(" — ").slice(0, 80);
  return safeName(parties ? `N${order.id} ${parties}` : `N${order.id}`);
}

/** Names made safe and unique within one folder (compared as Windows does, ignoring case): `a.pdf`, `a (2).pdf`. */
class UniqueNames {
  readonly #taken = new Set<string>();

  take(raw: string): string {
    const name = safeName(raw);
    const dot = name.lastIndexOf(".");
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
    let candidate = name;
    for (let n = 2; this.#taken.has(candidate.toLowerCase()); n += 1)
      candidate = `${stem} (${n})${extension}`;
    this.#taken.add(candidate.toLowerCase());
    return candidate;
  }
}
