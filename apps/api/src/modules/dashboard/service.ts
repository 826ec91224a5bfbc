import {
  CONTAINER_STAGES,
  type DashboardCharts,
  type DashboardWaiting,
  dashboardWeeks,
  PKG_STATES,
  type WaitingItem,
  type WaitingList,
  waitingItemsOf,
  weekStart,
} from "@portal/domain";
import { ValidationFailed } from "../../core/errors.ts";
import type { Principal } from "../../core/principal.ts";
import { companyScope } from "../../core/tenancy.ts";
import { freightOrders } from "../../db/schema/index.ts";
import type { DashboardRepo, OrderFilter } from "./repo.ts";

const WEEK_MS = 7 * 86_400_000;

/**
 * The dashboard's figures (issue 17): what waits for the user, and the charts of orders, containers and packages,
 * each counted within the user's tenancy scope (their own and related companies'; staff: every company's), deleted
 * orders and their containers never counted. Only confirmed users get here (the routes' access).
 */
export class DashboardService {
  constructor(
    private readonly repo: DashboardRepo,
    /** The current time: the weeks of the orders' chart end with its week. */
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** What waits for the user (WAITING_ITEMS), each with its count, over every company the user sees. */
  async waiting(user: Principal): Promise<DashboardWaiting> {
    const items = waitingItemsOf(user);
    const filter: OrderFilter = { scope: companyScope(user, freightOrders.company_id) };
    const lists = [...new Set(items.map((item) => item.list))] as WaitingList[];
    const counts = new Map<WaitingItem, number>();
    for (const list of lists) {
      const ofList = items.filter((item) => item.list === list);
      const found = await this.repo.waiting(list, ofList, filter);
      for (const [index, item] of ofList.entries()) counts.set(item, found[index] ?? 0);
    }
    return { results: items.map((item) => ({ key: item.key, count: counts.get(item) ?? 0 })) };
  }

  /**
   * The charts, over the companies the user sees or one of them (`company`): another company's id, or one that does
   * not exist, is a 400 on `company` alike, so that a client learns nothing of companies that are not theirs.
   */
  async charts(user: Principal, company: number | undefined): Promise<DashboardCharts> {
    if (company !== undefined) await this.checkCompany(user, company);
    const filter: OrderFilter = { scope: companyScope(user, freightOrders.company_id), company };
    const weeks = dashboardWeeks(this.now());
    const from = weekStart(weeks[0] as string);
    const to = new Date(from.getTime() + weeks.length * WEEK_MS);
    const [byWeek, statuses, stages, packages] = await Promise.all([
      this.repo.ordersByWeek(filter, from, to),
      this.repo.statuses(),
      this.repo.containersByStage(filter),
      this.repo.packagesByState(filter),
    ]);
    return {
      company: company ?? null,
      orders_by_week: {
        weeks,
        statuses: statuses.map((status) => {
          const counts = weeks.map(() => 0);
          for (const row of byWeek) if (row.status === status.id) counts[row.week] = row.count;
          return { ...status, counts };
        }),
      },
      containers_by_stage: CONTAINER_STAGES.map((stage) => ({
        stage,
        count: stages.find((row) => row.stage === stage)?.count ?? 0,
      })),
      packages_by_state: PKG_STATES.map((state) => ({
        state,
        count: packages.find((row) => row.state === state)?.count ?? 0,
      })),
    };
  }

  private async checkCompany(user: Principal, company: number): Promise<void> {
    const isTheirs = user.is_manager || user.company_ids.includes(company);
    if (!isTheirs || !(await this.repo.hasCompany(company))) {
      throw new ValidationFailed({ company: [{ key: "company_not_found" }] });
    }
  }
}
