import type { HistoryKind, SuggestionField, TransitionActor } from "@portal/domain";
import { and, asc, count, desc, eq, inArray, isNull, max, ne, type SQL, sql } from "drizzle-orm";
import type { FieldChange } from "../../core/audit.ts";
import { escapeLike } from "../../core/list-query.ts";
import { Repo } from "../../db/repo.ts";
import {
  companies,
  containers,
  freightOrderFiles,
  freightOrderHistory,
  freightOrderStatuses,
  freightOrders,
  freightOrderTransitions,
} from "../../db/schema/index.ts";

export type StatusRow = typeof freightOrderStatuses.$inferSelect;

/** A history entry to write: a status change or one field's change. */
export type HistoryEntry =
  | { kind: "status"; status: number; status_comment: string; sign_file_id: number | null }
  | ({ kind: "field" } & FieldChange);

/** Queries of the orders module: the workflow's tables, the orders' files and history, earlier values. */
export class OrdersRepo extends Repo {
  /** Every status by id (a handful of rows). */
  async statuses(): Promise<Map<number, StatusRow>> {
    const rows = await this.db.select().from(freightOrderStatuses).orderBy(asc(freightOrderStatuses.order));
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Whether the workflow has a move from one status to another open to one of these actors. */
  async hasTransition(from: number, to: number, actors: readonly TransitionActor[]): Promise<boolean> {
    const [row] = await this.db
      .select({ id: freightOrderTransitions.id })
      .from(freightOrderTransitions)
      .where(
        and(
          eq(freightOrderTransitions.from_status, from),
          eq(freightOrderTransitions.to_status, to),
          inArray(freightOrderTransitions.who, [...actors]),
        ),
      );
    return row !== undefined;
  }

  /** The statuses reachable from `from` by one of these actors, in their `order`. */
  reachable(from: number, actors: readonly TransitionActor[]) {
    return this.db
      .select({ status: freightOrderStatuses })
      .from(freightOrderTransitions)
      .innerJoin(freightOrderStatuses, eq(freightOrderStatuses.id, freightOrderTransitions.to_status))
      .where(
        and(eq(freightOrderTransitions.from_status, from), inArray(freightOrderTransitions.who, [...actors])),
      )
      .orderBy(asc(freightOrderStatuses.order), asc(freightOrderStatuses.id))
      .then((rows) => rows.map((row) => row.status));
  }

  /**
   * A company an order or a directory entry is filed for, with the forwarding contract a new order takes. Read here
   * rather than through the companies' service because it runs inside the write's transaction (`in(db)`).
   */
  async company(id: number) {
    const [row] = await this.db
      .select({
        id: companies.id,
        freight_forwarding_contract: companies.freight_forwarding_contract,
        freight_forwarding_contract_date: companies.freight_forwarding_contract_date,
      })
      .from(companies)
      .where(eq(companies.id, id));
    return row ?? null;
  }

  /** How many containers the order holds: never more than its `container_count`. */
  async countContainers(orderId: number): Promise<number> {
    const [row] = await this.db
      .select({ count: count() })
      .from(containers)
      .where(eq(containers.freight_order_id, orderId));
    return Number(row?.count ?? 0);
  }

  /** Whether the file is a signed document uploaded for this order. */
  async isSignedFile(orderId: number, fileId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: freightOrderFiles.id })
      .from(freightOrderFiles)
      .where(
        and(
          eq(freightOrderFiles.id, fileId),
          eq(freightOrderFiles.freight_order_id, orderId),
          eq(freightOrderFiles.kind, "signed"),
        ),
      );
    return row !== undefined;
  }

  /** Writes history entries of one change of an order (by one user, at the transaction's time). */
  async addHistory(orderId: number, userId: number, entries: HistoryEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await this.db.insert(freightOrderHistory).values(
      entries.map((entry) => ({
        freight_order_id: orderId,
        user_id: userId,
        ...entry,
        kind: entry.kind as HistoryKind,
      })),
    );
  }

  /**
   * The distinct non-empty values of a text field in the orders `scope` lets the user see, most recently written
   * first, containing `search` (case-insensitive) when given.
   */
  async suggestions(
    field: SuggestionField,
    search: string | undefined,
    scope: SQL | undefined,
    limit: number,
  ) {
    const column = freightOrders[field];
    const words = (search ?? "").trim().split(/\s+/).filter(Boolean).slice(0, 10);
    const rows = await this.db
      .select({ value: column })
      .from(freightOrders)
      .where(
        and(
          isNull(freightOrders.deleted_at),
          ne(column, ""),
          scope,
          ...words.map((word) => sql`${column} ilike ${`%${escapeLike(word)}%`}`),
        ),
      )
      .groupBy(column)
      .orderBy(desc(max(freightOrders.update_date)), asc(column))
      .limit(limit);
    return rows.map((row) => row.value);
  }
}
