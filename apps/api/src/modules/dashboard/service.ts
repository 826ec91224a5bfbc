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
import type { FiguresCache } from "../../core/change-cache.ts";
import { ValidationFailed } from "../../core/errors.ts";
import type { Principal } from "../../core/principal.ts";
import { companiesOf, companyScope, isInCompanyScope } from "../../core/tenancy.ts";
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
    /**
     * Figures kept per scope until a change of theirs is announced: of orders and containers (an order or a
     * container of their companies), of users (any user's account).
     */
    private readonly cache: FiguresCache,
    /** The current time: the weeks of the orders' chart end with its week. */
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * What waits for the user (WAITING_ITEMS), each with its count, over every company the user sees: one query per
   * list, the orders' and containers' counts kept until one of theirs changes, the users' (staff's sign-ups waiting,
   * over every company) until a user's account changes (a sign-up, its confirmation or decline, told to staff).
   */
  async waiting(user: Principal): Promise<DashboardWaiting> {
    const items = waitingItemsOf(user);
    const filter: OrderFilter = { scope: companyScope(user, freightOrders.company_id) };
    const companies = sortedCompanies(user);
    const lists = [...new Set(items.map((item) => item.list))] as WaitingList[];
    const counts = new Map<WaitingItem, number>();
    await Promise.all(
      lists.map(async (list) => {
        const ofList = items.filter((item) => item.list === list);
        const count = () => this.repo.waiting(list, ofList, filter);
        const key = JSON.stringify(["waiting", list, companies ?? "all"]);
        const found =
          list === "users"
            ? await this.cache.get(key, null, count, ["users"])
            : await this.cache.get(key, companies, count);
        for (const [index, item] of ofList.entries()) counts.set(item, found[index] ?? 0);
      }),
    );
    return { results: items.map((item) => ({ key: item.key, count: counts.get(item) ?? 0 })) };
  }

  /**
   * The charts, over the companies the user sees or one of them (`company`): another company's id, or one that does
   * not exist, is a 400 on `company` alike, so that a client learns nothing of companies that are not theirs.
   */
  async charts(user: Principal, company: number | undefined): Promise<DashboardCharts> {
    const chosen = company === undefined ? null : await this.chosenCompany(user, company);
    const weeks = dashboardWeeks(this.now());
    // One value per scope, company and week: staff share theirs, a client's is their companies'
    const companies = sortedCompanies(user);
    const key = JSON.stringify(["charts", companies ?? "all", chosen?.id ?? null, weeks[0]]);
    return this.cache.get(key, chosen ? [chosen.id] : companies, () =>
      this.computeCharts({ scope: companyScope(user, freightOrders.company_id), company }, chosen, weeks),
    );
  }

  private async computeCharts(
    filter: OrderFilter,
    chosen: DashboardCharts["company"],
    weeks: string[],
  ): Promise<DashboardCharts> {
    const from = weekStart(weeks[0] as string);
    const to = new Date(from.getTime() + weeks.length * WEEK_MS);
    const [byWeek, statuses, containers] = await Promise.all([
      this.repo.ordersByWeek(filter, from, to),
      this.repo.statuses(),
      this.repo.containersByStageAndState(filter),
    ]);
    const sum = (rows: { count: number }[]) => rows.reduce((total, row) => total + row.count, 0);
    return {
      company: chosen,
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
        count: sum(containers.filter((row) => row.stage === stage)),
      })),
      packages_by_state: PKG_STATES.map((state) => ({
        state,
        count: sum(containers.filter((row) => row.state === state)),
      })),
    };
  }

  /** The company asked for, when it is one of the user's (staff: any that exists); else a 400 on `company`. */
  private async chosenCompany(user: Principal, company: number): Promise<{ id: number; name: string }> {
    const found = isInCompanyScope(user, [company]) ? await this.repo.company(company) : null;
    if (!found) throw new ValidationFailed({ company: [{ key: "company_not_found" }] });
    return found;
  }
}

/** The companies whose rows the user's figures count (`companiesOf`), in order: one key per scope. */
function sortedCompanies(user: Principal): number[] | null {
  const companies = companiesOf(user);
  return companies && [...companies].sort((a, b) => a - b);
}
