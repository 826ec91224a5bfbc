import { and, desc, eq, getTableColumns, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  containerTypes,
  freightOrders,
  type ImportRowData,
  locations,
  orderImports,
  services,
  shipmentKinds,
  transportKinds,
} from "../../db/schema/index.ts";

/** The first key of the advisory lock of an import's run (the second is the import's id). */
const IMPORT_RUN_LOCK = 31_001;

export type OrderImportRow = typeof orderImports.$inferSelect;
export type NewOrderImport = typeof orderImports.$inferInsert;

/** A reference book's rows as the import looks them up: by code, by a name in either language, or by id. */
export interface BookEntry {
  id: number;
  code?: string;
  names: string[];
}

/** The imports' queries, and the reference books the import reads a file's lookups in. */
export class OrderImportRepo {
  constructor(private readonly db: Db) {}

  in(db: Db): OrderImportRepo {
    return new OrderImportRepo(db);
  }

  async insert(values: NewOrderImport): Promise<OrderImportRow> {
    const [row] = await this.db.insert(orderImports).values(values).returning();
    if (!row) throw new Error("insert returned no row");
    return row;
  }

  /**
   * One import within `scope` (the user's companies), or null. `rows: "shown"` reads its rows only once they are
   * checked (none while `checking`, as the API shows it): a page reads the import again at each step of the check,
   * and the whole file's rows (jsonb) read each time made the reads of one check grow with the square of the rows.
   */
  async find(
    id: number,
    scope?: SQL,
    { rows = "all" }: { rows?: "all" | "shown" } = {},
  ): Promise<OrderImportRow | null> {
    const [row] = await this.db
      .select({
        ...getTableColumns(orderImports),
        ...(rows === "shown"
          ? {
              rows: sql<
                ImportRowData[]
              >`case when ${orderImports.state} = 'checking' then '[]'::jsonb else ${orderImports.rows} end`.mapWith(
                orderImports.rows,
              ),
            }
          : {}),
      })
      .from(orderImports)
      .where(and(eq(orderImports.id, id), scope));
    return row ?? null;
  }

  /** The import locked for the rest of the transaction. */
  async lock(id: number): Promise<OrderImportRow | null> {
    const [row] = await this.db.select().from(orderImports).where(eq(orderImports.id, id)).for("update");
    return row ?? null;
  }

  /**
   * The import as it is, with its run's lock taken for the rest of the transaction: an advisory lock keyed by the
   * import (its row stays writable, for its progress), so that two runs of one import come in turn.
   */
  async lockRun(id: number): Promise<OrderImportRow | null> {
    await this.db.execute(sql`select pg_advisory_xact_lock(${IMPORT_RUN_LOCK}::int, ${id}::int)`);
    return this.find(id);
  }

  /** The company's import of the file with this fingerprint that is done, if any. */
  async doneWith(companyId: number, fingerprint: string): Promise<OrderImportRow | null> {
    const [row] = await this.db
      .select()
      .from(orderImports)
      .where(
        and(
          eq(orderImports.company_id, companyId),
          eq(orderImports.fingerprint, fingerprint),
          eq(orderImports.state, "done"),
        ),
      )
      .orderBy(desc(orderImports.id))
      .limit(1);
    return row ?? null;
  }

  async update(id: number, values: Partial<NewOrderImport>): Promise<void> {
    await this.db.update(orderImports).set(values).where(eq(orderImports.id, id));
  }

  /** Moves an import from one state to another; false when it was not in `from` (another run moved it). */
  async move(id: number, from: string, values: Partial<NewOrderImport>): Promise<boolean> {
    const moved = await this.db
      .update(orderImports)
      .set(values)
      .where(and(eq(orderImports.id, id), eq(orderImports.state, from as never)))
      .returning({ id: orderImports.id });
    return moved.length > 0;
  }

  /** The company's orders (not deleted) that carry one of these customer's numbers: number → the order's id. */
  async ordersWithNumbers(companyId: number, numbers: string[]): Promise<Map<string, number>> {
    if (numbers.length === 0) return new Map();
    const rows = await this.db
      .select({ id: freightOrders.id, number: freightOrders.customer_order_number })
      .from(freightOrders)
      .where(
        and(
          eq(freightOrders.company_id, companyId),
          isNull(freightOrders.deleted_at),
          inArray(freightOrders.customer_order_number, numbers),
        ),
      );
    return new Map(rows.map((row) => [row.number, row.id]));
  }

  /** The reference books the order's relations name, by the `to` of their field definitions. */
  async book(to: string, codes: string[]): Promise<BookEntry[] | null> {
    switch (to) {
      case "location": {
        if (codes.length === 0) return [];
        const rows = await this.db
          .select({ id: locations.id, code: locations.code })
          .from(locations)
          .where(inArray(locations.code, codes));
        return rows.map((row) => ({ ...row, names: [] }));
      }
      case "container_type": {
        const rows = await this.db
          .select({ id: containerTypes.id, code: containerTypes.code })
          .from(containerTypes);
        return rows.map((row) => ({ ...row, names: [] }));
      }
      case "transport_kind":
      case "shipment_kind":
      case "service": {
        const table = { transport_kind: transportKinds, shipment_kind: shipmentKinds, service: services }[to];
        const rows = await this.db
          .select({ id: table.id, ru: table.description, en: table.description_en })
          .from(table)
          .orderBy(table.id);
        return rows.map((row) => ({ id: row.id, names: [row.ru, row.en].filter((name) => name !== "") }));
      }
      default:
        return null;
    }
  }
}
