import { nextDay } from "@portal/domain";
import { and, asc, count, eq, gt, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
import { NotFound } from "../../core/errors.ts";
import { dayStart } from "../../core/list-query.ts";
import { lockVersioned, updateVersioned } from "../../core/versioned.ts";
import { Repo } from "../../db/repo.ts";
import { companies, exportTasks, freightOrderFiles, freightOrders } from "../../db/schema/index.ts";

export type ExportTask = typeof exportTasks.$inferSelect;

/** An order whose documents go into an export, and what its folder is named by. */
export interface ExportedOrder {
  id: number;
  consignor_name: string;
  consignee_name: string;
}

/** A stored file of an order, as the export reads it. */
export interface ExportedFile {
  id: number;
  freight_order_id: number;
  kind: string;
  storage_key: string;
  filename: string;
}

/** What a finished export writes on its task. */
export interface ExportOutcome {
  file_key: string;
  file_size: number;
  document_count: number;
  keepSeconds: number;
}

/** Queries of the export of documents: the tasks, and the orders and files of a task's company and period. */
export class ExportsRepo extends Repo {
  async task(id: number): Promise<ExportTask | null> {
    const [row] = await this.db.select().from(exportTasks).where(eq(exportTasks.id, id));
    return row ?? null;
  }

  async companyName(id: number): Promise<string | null> {
    const [row] = await this.db.select({ name: companies.name }).from(companies).where(eq(companies.id, id));
    return row?.name ?? null;
  }

  /** How many orders (each gives its print) and stored files the task's archive holds. */
  async countDocuments(task: ExportTask): Promise<{ orders: number; files: number }> {
    const [orders] = await this.db.select({ count: count() }).from(freightOrders).where(ordersOf(task));
    const [files] = await this.db
      .select({ count: count() })
      .from(freightOrderFiles)
      .innerJoin(freightOrders, eq(freightOrders.id, freightOrderFiles.freight_order_id))
      .where(ordersOf(task));
    return { orders: Number(orders?.count ?? 0), files: Number(files?.count ?? 0) };
  }

  /** The next `limit` orders of the task after the order `after`, by id. */
  ordersAfter(task: ExportTask, after: number, limit: number): Promise<ExportedOrder[]> {
    return this.db
      .select({
        id: freightOrders.id,
        consignor_name: freightOrders.consignor_name,
        consignee_name: freightOrders.consignee_name,
      })
      .from(freightOrders)
      .where(and(ordersOf(task), gt(freightOrders.id, after)))
      .orderBy(asc(freightOrders.id))
      .limit(limit);
  }

  /** The stored files of these orders (uploaded documents and signed orders), by order and id. */
  filesOf(orderIds: number[]): Promise<ExportedFile[]> {
    if (orderIds.length === 0) return Promise.resolve([]);
    return this.db
      .select({
        id: freightOrderFiles.id,
        freight_order_id: freightOrderFiles.freight_order_id,
        kind: freightOrderFiles.kind,
        storage_key: freightOrderFiles.storage_key,
        filename: freightOrderFiles.filename,
      })
      .from(freightOrderFiles)
      .where(inArray(freightOrderFiles.freight_order_id, orderIds))
      .orderBy(asc(freightOrderFiles.freight_order_id), asc(freightOrderFiles.id));
  }

  /** Writes the progress of a task still running; whether it was running. */
  setProgress(id: number, progress: number): Promise<boolean> {
    return this.changeRunning(id, { progress });
  }

  /** Marks a running task done with its archive; whether it was running. */
  succeed(id: number, outcome: ExportOutcome): Promise<boolean> {
    return this.changeRunning(id, {
      status: "SUCCESS",
      progress: 100,
      reason: "",
      file_key: outcome.file_key,
      file_size: outcome.file_size,
      document_count: outcome.document_count,
      finish_date: sql`now()`,
      expire_date: sql`now() + make_interval(secs => ${outcome.keepSeconds})`,
    });
  }

  /** Marks a running task failed with the reason; whether it was running. */
  fail(id: number, reason: string, keepSeconds: number): Promise<boolean> {
    return this.changeRunning(id, {
      status: "FAILURE",
      reason,
      finish_date: sql`now()`,
      expire_date: sql`now() + make_interval(secs => ${keepSeconds})`,
    });
  }

  /**
   * Changes a task only while it runs (PENDING), through the versioned write: the row locked for the rest of the
   * transaction (so that of two attempts one ends it), then changed. Whether it was running. Inside a transaction.
   */
  private async changeRunning(id: number, changes: Record<string, unknown>): Promise<boolean> {
    try {
      await lockVersioned(this.db, exportTasks, id, undefined, {
        where: eq(exportTasks.status, "PENDING"),
        current: () => this.task(id),
      });
    } catch (error) {
      // Gone, or no longer PENDING: ended by another attempt, or deleted
      if (error instanceof NotFound) return false;
      throw error;
    }
    await updateVersioned(this.db, exportTasks, id, changes, undefined);
    return true;
  }

  /** Deletes a task; what it was (its company and archive), or null when it was gone already. */
  async remove(id: number): Promise<Pick<ExportTask, "company_id" | "file_key"> | null> {
    const [row] = await this.db
      .delete(exportTasks)
      .where(eq(exportTasks.id, id))
      .returning({ company_id: exportTasks.company_id, file_key: exportTasks.file_key });
    return row ?? null;
  }

  /** The tasks whose time is up. */
  async expired(): Promise<number[]> {
    const rows = await this.db
      .select({ id: exportTasks.id })
      .from(exportTasks)
      .where(lte(exportTasks.expire_date, sql`now()`));
    return rows.map((row) => row.id);
  }
}

/**
 * The task's company's orders created in its period and not deleted: the days are the task's time zone's (its
 * author's), from the first day's start to the start of the day after the last, so that the index on `create_date`
 * serves.
 */
function ordersOf(task: ExportTask): SQL | undefined {
  return and(
    eq(freightOrders.company_id, task.company_id),
    isNull(freightOrders.deleted_at),
    sql`${freightOrders.create_date} >= ${dayStart(task.from_date, task.time_zone)}`,
    sql`${freightOrders.create_date} < ${dayStart(nextDay(task.to_date), task.time_zone)}`,
  );
}
