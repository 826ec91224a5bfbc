import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Db } from "../db/client.ts";
import { freightOrderFiles, freightOrders } from "../db/schema/index.ts";

/**
 * An order written straight into the table (no rules, no history), for tests that need one in a given state:
 * `buildOrder(db, { company_id, author_id, status: 2 })`.
 */
export async function buildOrder(
  db: Db,
  values: Partial<typeof freightOrders.$inferInsert> & { company_id: number; author_id: number },
): Promise<typeof freightOrders.$inferSelect> {
  const [row] = await db
    .insert(freightOrders)
    .values({ status: 1, updated_by_id: values.author_id, ...values })
    .returning();
  if (!row) throw new Error("order not created");
  return row;
}

/** A file of an order (`signed` by default: a signed order to move it into a status that needs one). */
export async function buildOrderFile(
  db: Db,
  values: Partial<typeof freightOrderFiles.$inferInsert> & { freight_order_id: number; author_id: number },
): Promise<typeof freightOrderFiles.$inferSelect> {
  const [row] = await db
    .insert(freightOrderFiles)
    .values({
      kind: "signed",
      storage_key: `orders/${values.freight_order_id}/signed.pdf`,
      filename: "signed.pdf",
      content_type: "application/pdf",
      size: 1024,
      ...values,
    })
    .returning();
  if (!row) throw new Error("file not created");
  return row;
}

/**
 * A file of an order with its bytes stored too (a tiny PDF in `filesDir`, the folder storage's), for calls that
 * read or package it.
 */
export async function buildStoredOrderFile(
  db: Db,
  filesDir: string,
  values: { freight_order_id: number; author_id: number; kind: "document" | "signed" },
): Promise<typeof freightOrderFiles.$inferSelect> {
  const key = `orders/${values.freight_order_id}/${values.kind}.pdf`;
  await mkdir(path.join(filesDir, "orders", String(values.freight_order_id)), { recursive: true });
  await writeFile(path.join(filesDir, key), "%PDF-1.4\n%%EOF\n");
  return buildOrderFile(db, { ...values, storage_key: key });
}

/** An order as its form sends it back (the API's answer): its writable fields, `version` among them. */
export function asFormSends(order: Record<string, unknown>) {
  const {
    id,
    company_name,
    status_name,
    status_name_en,
    consignor,
    consignee,
    border_crossing_point_name,
    freightordercontainer,
    create_date,
    update_date,
    author,
    updated_by,
    is_paid,
    ...writable
  } = order;
  return writable;
}
