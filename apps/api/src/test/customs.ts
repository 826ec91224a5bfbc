import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../db/client.ts";
import { containerEvents, containers, documentTypes } from "../db/schema/index.ts";
import type { JobRun } from "../jobs/job-type.ts";
import { buildOrderFile } from "./orders.ts";

// The customs exchange's tests: orders' documents of the types a transit declaration needs, a container's state
// and events as the exchange leaves them, and a job's run for calling a handler directly.

/** The document types the simulator looks at, as the reference book names them (db/reference-data.ts). */
export const DOCUMENT_TYPES = {
  invoice: ["Инвойс (счёт-проформа)", "Commercial invoice"],
  packingList: ["Упаковочный лист", "Packing list"],
  smgs: ["Железнодорожная накладная СМГС", "SMGS railway consignment note"],
  contract: ["Договор (контракт)", "Contract"],
} as const;
export type DocumentKind = keyof typeof DOCUMENT_TYPES;

/** Makes the reference book's document types in the test file's database; answers their ids by kind. */
export async function buildDocumentTypes(db: Db): Promise<Record<DocumentKind, number>> {
  const ids = {} as Record<DocumentKind, number>;
  for (const [kind, [title, title_en]] of Object.entries(DOCUMENT_TYPES)) {
    const [row] = await db.insert(documentTypes).values({ title, title_en }).returning();
    if (!row) throw new Error("document type not created");
    ids[kind as DocumentKind] = row.id;
  }
  return ids;
}

/** Documents of an order, one of each kind given, their bytes in the folder storage (`filesDir`); answers their ids. */
export async function buildDocuments(
  db: Db,
  filesDir: string,
  types: Record<DocumentKind, number>,
  order: { id: number; author_id: number },
  kinds: DocumentKind[],
): Promise<number[]> {
  const ids: number[] = [];
  await mkdir(path.join(filesDir, "orders", String(order.id)), { recursive: true });
  for (const kind of kinds) {
    await writeFile(
      path.join(filesDir, "orders", String(order.id), `${kind}.pdf`),
      `%PDF-1.4\n${kind}\n%%EOF\n`,
    );
    const file = await buildOrderFile(db, {
      freight_order_id: order.id,
      author_id: order.author_id,
      kind: "document",
      filename: `${kind}.pdf`,
      storage_key: `orders/${order.id}/${kind}.pdf`,
      document_type: types[kind],
      document_number: `${kind.toUpperCase()}-1`,
    });
    ids.push(file.id);
  }
  return ids;
}

export async function containerRow(db: Db, id: number) {
  const [row] = await db.select().from(containers).where(eq(containers.id, id));
  if (!row) throw new Error(`no container ${id}`);
  return row;
}

/** Waits (polling, never a fixed sleep) until the container's package is in `state`; answers the row then. */
export async function untilPackage(db: Db, id: number, state: string, timeout = 60_000) {
  await expect
    .poll(async () => (await containerRow(db, id)).pkg_state, { timeout, interval: 200 })
    .toBe(state);
  return containerRow(db, id);
}

/** The customs events of a container's package, oldest first, as [code, source]. */
export async function customsEvents(db: Db, containerId: number, pkgPid?: number) {
  const rows = await db
    .select()
    .from(containerEvents)
    .where(
      and(
        eq(containerEvents.container_id, containerId),
        eq(containerEvents.event_type, "customs"),
        pkgPid === undefined ? undefined : eq(containerEvents.pkg_pid, pkgPid),
      ),
    )
    .orderBy(asc(containerEvents.id));
  return rows;
}

/** A job's run as a worker gives it, for calling a handler directly. */
export function jobRun(overrides: Partial<JobRun> = {}): JobRun {
  return { id: "test", attempt: 0, isLastAttempt: false, signal: new AbortController().signal, ...overrides };
}
