import { dashboardWeeks } from "@portal/domain";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { Principal } from "../../core/principal.ts";
import { relatedUsers, users } from "../../db/schema/index.ts";
import { buildContainer } from "../../test/containers.ts";
import { createTestContext } from "../../test/context.ts";
import { buildOrder } from "../../test/orders.ts";
import { DashboardRepo } from "./repo.ts";
import { DashboardService } from "./service.ts";

const ctx = await createTestContext();
afterAll(() => ctx.close());

const WAITING = "/api/dashboard/waiting/";
const CHARTS = "/api/dashboard/charts/";

// The people: a client of A who is a related user of C, a client of B, a manager, and three unconfirmed users (the
// only ones of their kind in this file: the managers' count of sign-ups waiting is 1, the pending one)
const forwarder = await ctx.buildCompany({ is_expedition_company: true });
const companyA = await ctx.buildCompany();
const companyB = await ctx.buildCompany();
const companyC = await ctx.buildCompany();
const clientA = await ctx.buildUser({ company_id: companyA.id });
await ctx.db.insert(relatedUsers).values({ company_id: companyC.id, user_id: clientA.id });
const clientB = await ctx.buildUser({ company_id: companyB.id });
const manager = await ctx.buildUser({ company_id: forwarder.id, roles: ["Manager"] });
const unconfirmed = {
  new: await ctx.buildUser({ state: "new", company_id: null, roles: ["Customer"] }),
  pending: await ctx.buildUser({ state: "pending", company_id: null, roles: ["Customer"] }),
  declined: await ctx.buildUser({ state: "declined", company_id: companyA.id }),
};

/** The clock of the orders' chart: Thursday 26 November 2026, 15:00 in Moscow; its weeks run 7 Sep – 29 Nov. */
const NOW = new Date("2026-11-26T12:00:00Z");
const at = (moscowTime: string) => new Date(`${moscowTime}+03:00`);

/** An order of a company in a status, created at a Moscow time, deleted or not. */
const order = (company: number, author: number, status: number, created: string, deleted = false) =>
  buildOrder(ctx.db, {
    company_id: company,
    author_id: author,
    status,
    create_date: at(created),
    ...(deleted ? { deleted_at: new Date() } : {}),
  });

// Company A's orders, hand-counted below
const aCorrectThisWeek = await order(companyA.id, clientA.id, 4, "2026-11-23T00:30:00"); // Monday 00:30: week 11
await order(companyA.id, clientA.id, 4, "2026-11-22T23:30:00"); // Sunday 23:30: week 10
const aApproved = await order(companyA.id, clientA.id, 2, "2026-11-24T10:00:00"); // week 11
await order(companyA.id, clientA.id, 3, "2026-09-07T00:00:00"); // the first week's first instant: week 0
await order(companyA.id, clientA.id, 3, "2026-09-06T23:59:00"); // the minute before: no week
await order(companyA.id, clientA.id, 1, "2026-11-25T09:00:00", true); // deleted: never counted
const aDeleted = await order(companyA.id, clientA.id, 2, "2026-11-25T09:00:00", true);
// Company C's (clientA's related company)
const cCorrect = await order(companyC.id, clientA.id, 4, "2026-10-14T12:00:00"); // week 5
// Company B's
await order(companyB.id, clientB.id, 4, "2026-11-25T12:00:00");
await order(companyB.id, clientB.id, 3, "2026-11-25T12:00:00");
const bApproved = await order(companyB.id, clientB.id, 2, "2026-11-25T12:00:00");

const container = (orderId: number, author: number, values: Parameters<typeof buildContainer>[1] | object) =>
  buildContainer(ctx.db, { freight_order_id: orderId, author_id: author, ...values });
const ON_RAIL = { railway_trip_start_date: "2026-11-01" };
const AT_BORDER = { ...ON_RAIL, arrival_at_border_date: "2026-11-08" };
const RELEASED = { ...AT_BORDER, final_release_date: "2026-11-10" };
// A's containers: one of each stage, and a release without the earlier dates (still released)
await container(aApproved.id, clientA.id, {});
await container(aApproved.id, clientA.id, { ...ON_RAIL, pkg_state: "rejected" });
await container(aApproved.id, clientA.id, { ...AT_BORDER, pkg_state: "processing_error" });
await container(aApproved.id, clientA.id, { ...RELEASED, pkg_state: "accepted" });
await container(aApproved.id, clientA.id, { final_release_date: "2026-11-10", pkg_state: "accepted" });
// C's, B's, and a deleted order's (never counted)
await container(cCorrect.id, clientA.id, { ...AT_BORDER, pkg_state: "rejected" });
await container(bApproved.id, clientB.id, { ...ON_RAIL, pkg_state: "processing_error" });
await container(bApproved.id, clientB.id, { pkg_state: "rejected" });
await container(aDeleted.id, clientA.id, { ...RELEASED, pkg_state: "rejected" });

type Charts = {
  company: { id: number; name: string } | null;
  orders_by_week: { weeks: string[]; statuses: { id: number; name_en: string; counts: number[] }[] };
  containers_by_stage: { stage: string; count: number }[];
  packages_by_state: { state: string; count: number }[];
};
const byKey = (rows: { key: string; count: number }[]) =>
  Object.fromEntries(rows.map((row) => [row.key, row.count]));
const stages = (charts: Charts) =>
  Object.fromEntries(charts.containers_by_stage.map((row) => [row.stage, row.count]));
const packages = (charts: Charts) =>
  Object.fromEntries(charts.packages_by_state.map((row) => [row.state, row.count]));
const NO_PACKAGES = {
  pending: 0,
  uploaded: 0,
  rejected: 0,
  accepted: 0,
  withdraw: 0,
  withdrawn: 0,
  processing_error: 0,
};

async function charts(user: { id: number; token_version: number }, query = ""): Promise<Charts> {
  const answer = await (await ctx.as(user)).get(`${CHARTS}${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

/** The principals the charts at a fixed clock are asked for (the service reads their scope and staff flag). */
const principals = {
  clientA: { is_manager: false, company_ids: [companyA.id, companyC.id] } as Principal,
  manager: { is_manager: true, company_ids: [] as number[] } as Principal,
};

describe("GET /api/dashboard/waiting/", () => {
  it("counts a client's orders to correct and to sign and rejected packages, of their own and related companies", async () => {
    const answer = await (await ctx.as(clientA)).get(WAITING);
    expect(answer.statusCode, answer.body).toBe(200);
    // To correct: A's two and C's one; to sign: A's approved one (the deleted one aside); rejected: A's and C's
    expect(answer.json().results).toEqual([
      { key: "orders_to_correct", count: 3 },
      { key: "orders_to_sign", count: 1 },
      { key: "packages_rejected", count: 2 },
    ]);
  });

  it("never counts another company's rows for a client", async () => {
    const answer = await (await ctx.as(clientB)).get(WAITING);
    expect(byKey(answer.json().results)).toEqual({
      orders_to_correct: 1,
      orders_to_sign: 1,
      packages_rejected: 1,
    });
  });

  it("counts every company's submitted orders, the sign-ups waiting and the failed packages for a manager", async () => {
    const answer = await (await ctx.as(manager)).get(WAITING);
    expect(answer.statusCode, answer.body).toBe(200);
    // Submitted: A's two (one before the chart's weeks: waiting counts have no period) and B's; one pending user
    expect(answer.json().results).toEqual([
      { key: "orders_submitted", count: 3 },
      { key: "signups_pending", count: 1 },
      { key: "packages_failed", count: 2 },
    ]);
  });

  it("keeps the managers' count of sign-ups waiting until a user's sign-up, confirmation or decline is announced", async () => {
    const signupsPending = async () => {
      const answer = await (await ctx.as(manager)).get(WAITING);
      expect(answer.statusCode, answer.body).toBe(200);
      return byKey(answer.json().results).signups_pending as number;
    };
    const before = await signupsPending();
    // Written straight into the table, announced to no one: the count kept stays
    const quiet = await ctx.buildUser({ state: "new", company_id: null, roles: ["Customer"] });
    await ctx.db.update(users).set({ state: "pending" }).where(eq(users.id, quiet.id));
    expect(await signupsPending()).toBe(before);
    // A sign-up sent to confirmation through the API is announced: counted again, without a restart
    const applicant = await ctx.buildUser({ state: "new", company_id: null, roles: ["Customer"] });
    const sent = await (await ctx.as(applicant)).put("/profile/api/users/me/", {
      first_name: "Анна",
      last_name: "Смирнова",
      phone: "+7 423 240-11-05",
      email: "a.smirnova@example.ru",
      status: "pending",
      request_inn: "2724123459",
      request_name: "ООО «Амурский терминал»",
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await expect.poll(signupsPending).toBe(before + 2);
    // A confirmation and a decline are too
    const api = await ctx.as(manager);
    const approved = await api.patch(`/profile/api/users/${applicant.id}/`, {
      state: "approved",
      company_id: companyB.id,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    await expect.poll(signupsPending).toBe(before + 1);
    const declined = await api.patch(`/profile/api/users/${quiet.id}/`, { state: "declined" });
    expect(declined.statusCode, declined.body).toBe(200);
    await expect.poll(signupsPending).toBe(before);
  });

  it("refuses users a manager has not confirmed with 403, and anonymous callers with 401", async () => {
    await ctx.expectRefused(unconfirmed, (api) => api.get(WAITING));
    expect((await ctx.app.inject({ method: "GET", url: WAITING })).statusCode).toBe(401);
  });
});

describe("GET /api/dashboard/charts/", () => {
  it("counts a client's containers by stage and packages by state over their own and related companies", async () => {
    const answer = await charts(clientA);
    expect(answer.company).toBeNull();
    // A: waiting, on rail, at the border, two released (one with only its release date); C: at the border
    expect(stages(answer)).toEqual({ waiting: 1, on_rail: 1, at_border: 2, released: 2 });
    expect(packages(answer)).toEqual({ ...NO_PACKAGES, rejected: 2, processing_error: 1, accepted: 2 });
  });

  it("narrows a client's charts to one of their companies, a related one included", async () => {
    const a = await charts(clientA, `?company=${companyA.id}`);
    expect(a.company).toEqual({ id: companyA.id, name: companyA.name });
    expect(stages(a)).toEqual({ waiting: 1, on_rail: 1, at_border: 1, released: 2 });
    expect(packages(a)).toEqual({ ...NO_PACKAGES, rejected: 1, processing_error: 1, accepted: 2 });
    const c = await charts(clientA, `?company=${companyC.id}`);
    expect(stages(c)).toEqual({ waiting: 0, on_rail: 0, at_border: 1, released: 0 });
    expect(packages(c)).toEqual({ ...NO_PACKAGES, rejected: 1 });
  });

  it("counts every company's rows for a manager, or one company's with the filter", async () => {
    const all = await charts(manager);
    expect(stages(all)).toEqual({ waiting: 2, on_rail: 2, at_border: 2, released: 2 });
    expect(packages(all)).toEqual({ ...NO_PACKAGES, rejected: 3, processing_error: 2, accepted: 2 });
    const b = await charts(manager, `?company=${companyB.id}`);
    expect(b.company).toEqual({ id: companyB.id, name: companyB.name });
    expect(stages(b)).toEqual({ waiting: 1, on_rail: 1, at_border: 0, released: 0 });
    expect(packages(b)).toEqual({ ...NO_PACKAGES, rejected: 1, processing_error: 1 });
  });

  it("answers a company that is not the client's as one that does not exist: 400 on company, translated", async () => {
    for (const company of [companyB.id, 2_000_000_000]) {
      const answer = await (await ctx.as(clientA)).get(`${CHARTS}?company=${company}`);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toEqual({ company: ["The company does not exist"] });
    }
    const russian = await ctx.app.inject({
      method: "GET",
      url: `${CHARTS}?company=${companyB.id}`,
      headers: await ctx.authHeaders(clientA, "ru"),
    });
    expect(russian.json()).toEqual({ company: ["Компания не существует"] });
  });

  it("answers a manager's unknown or malformed company with 400", async () => {
    const api = await ctx.as(manager);
    expect((await api.get(`${CHARTS}?company=2000000000`)).json()).toEqual({
      company: ["The company does not exist"],
    });
    for (const company of ["abc", "0", "-1", "1.5", "99999999999"]) {
      const answer = await api.get(`${CHARTS}?company=${company}`);
      expect(answer.statusCode, `${company}: ${answer.body}`).toBe(400);
      expect(Object.keys(answer.json()), company).toEqual(["company"]);
    }
  });

  it("counts an order made now in the current week's column of its status", async () => {
    const company = await ctx.buildCompany();
    const client = await ctx.buildUser({ company_id: company.id });
    await buildOrder(ctx.db, { company_id: company.id, author_id: client.id });
    const answer = await charts(client);
    expect(answer.orders_by_week.weeks).toEqual(dashboardWeeks(new Date()));
    const draft = answer.orders_by_week.statuses.find((status) => status.id === 1);
    expect(draft?.counts).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(answer.orders_by_week.statuses.flatMap((status) => status.counts).reduce((a, b) => a + b)).toBe(1);
  });

  it("keeps the charts until a change of an order or a container of theirs is announced", async () => {
    const company = await ctx.buildCompany();
    const client = await ctx.buildUser({ company_id: company.id });
    const first = await buildOrder(ctx.db, { company_id: company.id, author_id: client.id });
    await container(first.id, client.id, {});
    const query = `?company=${company.id}`;
    expect(stages(await charts(manager, query)).waiting).toBe(1);
    expect(stages(await charts(client)).waiting).toBe(1);
    // Written straight into the table, announced to no one: the figures kept stay
    await container(first.id, client.id, {});
    expect(stages(await charts(manager, query)).waiting).toBe(1);
    // A change through the API is announced: the manager's and the client's figures are worked out again
    const removed = await (await ctx.as(manager)).delete(`/tracking/api/freight_orders/${first.id}/`);
    expect(removed.statusCode, removed.body).toBe(204);
    await expect.poll(async () => stages(await charts(manager, query)).waiting).toBe(0);
    await expect.poll(async () => stages(await charts(client)).waiting).toBe(0);
  });

  it("refuses users a manager has not confirmed with 403, and anonymous callers with 401", async () => {
    await ctx.expectRefused(unconfirmed, (api) => api.get(CHARTS));
    expect((await ctx.app.inject({ method: "GET", url: CHARTS })).statusCode).toBe(401);
  });
});

describe("the orders' chart by week", () => {
  // Nothing kept between calls: the clock is this test's own
  const service = new DashboardService(
    new DashboardRepo(ctx.db),
    { get: (_key, _companies, compute) => compute() },
    () => NOW,
  );
  /** A status's counts by week, or the weeks with orders: `{week index: count}`. */
  const weeksOf = (answer: Awaited<ReturnType<typeof service.charts>>, status: number) =>
    Object.fromEntries(
      (answer.orders_by_week.statuses.find((row) => row.id === status)?.counts ?? [])
        .map((count, week) => [week, count])
        .filter(([, count]) => count !== 0),
    );

  it("gives the twelve Mondays in Moscow up to the current week, and every status in its order", async () => {
    const answer = await service.charts(principals.clientA, undefined);
    expect(answer.orders_by_week.weeks[0]).toBe("2026-09-07");
    expect(answer.orders_by_week.weeks[11]).toBe("2026-11-23");
    expect(answer.orders_by_week.statuses.map((status) => status.id)).toEqual([1, 3, 4, 2, 5, 6, 7, 8]);
    expect(answer.orders_by_week.statuses.every((status) => status.counts.length === 12)).toBe(true);
  });

  it("files a client's orders by their creation's week in Moscow, deleted ones and others' aside", async () => {
    const answer = await service.charts(principals.clientA, undefined);
    // Monday 00:30 in Moscow is the current week, Sunday 23:30 the one before; C's order in week 5
    expect(weeksOf(answer, 4)).toEqual({ 5: 1, 10: 1, 11: 1 });
    expect(weeksOf(answer, 2)).toEqual({ 11: 1 });
    // The first week's first instant counts, the minute before does not
    expect(weeksOf(answer, 3)).toEqual({ 0: 1 });
    expect(weeksOf(answer, 1)).toEqual({});
  });

  it("files every company's orders for a manager, and one company's with the filter", async () => {
    const all = await service.charts(principals.manager, undefined);
    expect(weeksOf(all, 4)).toEqual({ 5: 1, 10: 1, 11: 2 });
    expect(weeksOf(all, 3)).toEqual({ 0: 1, 11: 1 });
    expect(weeksOf(all, 2)).toEqual({ 11: 2 });
    const b = await service.charts(principals.manager, companyB.id);
    expect(weeksOf(b, 4)).toEqual({ 11: 1 });
    expect(weeksOf(b, 3)).toEqual({ 11: 1 });
    expect(weeksOf(b, 2)).toEqual({ 11: 1 });
    expect(aCorrectThisWeek.create_date.toISOString()).toBe("2026-11-22T21:30:00.000Z");
  });
});
