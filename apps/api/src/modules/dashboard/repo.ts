import {
  CONTAINER_STAGE_RULES,
  type ContainerStage,
  type PkgState,
  type WaitingItem,
  type WaitingList,
} from "@portal/domain";
import { and, count, eq, gte, inArray, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { companies, containers, freightOrderStatuses, freightOrders, users } from "../../db/schema/index.ts";

/** Which orders the figures count: a tenancy scope and an optional company, over orders not deleted. */
export interface OrderFilter {
  /** `companyScope` of the user over the orders' company (undefined: every company). */
  scope: SQL | undefined;
  company?: number;
}

/** The lists a waiting count counts: the table's column each item names, and whether its rows hang on an order. */
const WAITING_COLUMNS: Record<WaitingList, Record<string, AnyPgColumn>> = {
  freight_orders: { status: freightOrders.status },
  containers: { pkg_state: containers.pkg_state },
  users: { state: users.state },
};

/**
 * A container's stage, compiled from the one definition (CONTAINER_STAGE_RULES): the stages' names are constants
 * of the code, written as literals so that the select and its grouping are the same expression.
 */
const containerStageSql = sql.raw(
  `case ${CONTAINER_STAGE_RULES.map(
    (rule) => `when "containers"."${rule.date}" is not null then '${rule.stage}'`,
  ).join(" ")} else 'waiting' end`,
);

const WEEK_SECONDS = 7 * 86_400;

/** The dashboard's aggregates: one grouped query per figure, each over the orders the filter lets through. */
export class DashboardRepo {
  constructor(private readonly db: Db) {}

  /** A company's id and name, or null when there is none of this id. */
  async company(id: number): Promise<{ id: number; name: string } | null> {
    const [row] = await this.db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(eq(companies.id, id));
    return row ?? null;
  }

  /**
   * How many rows of one list have each item's value (orders and containers within the orders' filter; users: all),
   * in one query per list: the `in` lets the field's index find the few rows, `filter` counts each value apart.
   */
  async waiting(list: WaitingList, items: readonly WaitingItem[], filter: OrderFilter): Promise<number[]> {
    const columnOf = (item: WaitingItem) => WAITING_COLUMNS[list][item.field] as AnyPgColumn;
    const counts = Object.fromEntries(
      items.map((item, index) => [
        `c${index}`,
        sql<number>`count(*) filter (where ${eq(columnOf(item), item.value)})`.mapWith(Number),
      ]),
    );
    const column = columnOf(items[0] as WaitingItem);
    const only = inArray(
      column,
      items.map((item) => item.value),
    );
    const query =
      list === "users"
        ? this.db.select(counts).from(users).where(only)
        : list === "freight_orders"
          ? this.db
              .select(counts)
              .from(freightOrders)
              .where(and(only, ...this.orders(filter)))
          : this.db
              .select(counts)
              .from(containers)
              .innerJoin(freightOrders, eq(freightOrders.id, containers.freight_order_id))
              .where(and(only, ...this.orders(filter)));
    const [row] = await query;
    return items.map((_, index) => Number((row as Record<string, number> | undefined)?.[`c${index}`] ?? 0));
  }

  /** The orders created from `from` to before `to`, by status and week (0 is the week beginning at `from`). */
  async ordersByWeek(
    filter: OrderFilter,
    from: Date,
    to: Date,
  ): Promise<{ status: number; week: number; count: number }[]> {
    const week = sql<number>`floor(extract(epoch from ${freightOrders.create_date} - ${from.toISOString()}::timestamptz) / ${sql.raw(String(WEEK_SECONDS))})::int`;
    return this.db
      .select({ status: freightOrders.status, week: week.mapWith(Number), count: count() })
      .from(freightOrders)
      .where(
        and(gte(freightOrders.create_date, from), lt(freightOrders.create_date, to), ...this.orders(filter)),
      )
      .groupBy(sql`1, 2`);
  }

  /** The workflow's statuses in their order, with their names. */
  async statuses(): Promise<{ id: number; name: string; name_en: string }[]> {
    return this.db
      .select({
        id: freightOrderStatuses.id,
        name: freightOrderStatuses.name,
        name_en: freightOrderStatuses.name_en,
      })
      .from(freightOrderStatuses)
      .orderBy(freightOrderStatuses.order, freightOrderStatuses.id);
  }

  /**
   * The containers of the filtered orders by stage and package state (only the pairs that have some; a null state:
   * no package), in one pass over them: the containers' chart and the packages' are both read from it.
   */
  async containersByStageAndState(
    filter: OrderFilter,
  ): Promise<{ stage: ContainerStage; state: PkgState | null; count: number }[]> {
    return this.db
      .select({
        stage: sql<ContainerStage>`${containerStageSql}`,
        state: containers.pkg_state,
        count: count(),
      })
      .from(containers)
      .innerJoin(freightOrders, eq(freightOrders.id, containers.freight_order_id))
      .where(and(...this.orders(filter)))
      .groupBy(sql`1, 2`);
  }

  /** The conditions on the orders: not deleted, within the scope, of the company asked for. */
  private orders(filter: OrderFilter): (SQL | undefined)[] {
    return [
      isNull(freightOrders.deleted_at),
      filter.scope,
      filter.company === undefined ? undefined : eq(freightOrders.company_id, filter.company),
    ];
  }
}
