import { freightOrderFields } from "@portal/domain";
import { Column, is, sql } from "drizzle-orm";
import { getTableConfig } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { COUNT_CAP } from "../../core/find-page.ts";
import { announceChange } from "../../core/live.ts";
import { ESTIMATE_FROM, roundEstimate } from "../../core/page-count.ts";
import { freightOrders } from "../../db/schema/index.ts";
import { useTestContext } from "../../test/context.ts";
import { buildOrderWorld } from "../../test/customer-world.ts";
import { buildOrder } from "../../test/orders.ts";
import { orderList } from "./resources.ts";

// The shipping orders' list answering the fields a grid asks for (`fields`), and its count under a text filter
// (`icontains`), capped as a search's is.

const ORDERS = "/tracking/api/freight_orders/";
const q = encodeURIComponent;

const ctx = useTestContext();

describe("GET tracking/api/freight_orders/?fields=", () => {
  it("answers the fields asked for with id and version, and every field without the parameter", async () => {
    const { client, order } = await buildOrderWorld(ctx);
    const mine = await order({ consignee_name: "Mongol Trade LLC", destination: "Улан-Батор" });
    const api = await ctx.as(client);
    const asked = (await api.get(`${ORDERS}?fields=consignee,destination,author`)).json();
    expect(asked.results).toEqual([
      {
        id: mine.id,
        version: mine.version,
        consignee: "Mongol Trade LLC",
        destination: "Улан-Батор",
        author: { first_name: "Пётр", last_name: "Иванов" },
      },
    ]);
    expect(asked.count).toBe(1);
    // Only the id and the version when no field is named
    expect((await api.get(`${ORDERS}?fields=`)).json().results).toEqual([
      { id: mine.id, version: mine.version },
    ]);
    const whole = (await api.get(ORDERS)).json().results[0];
    expect(Object.keys(whole)).toHaveLength(74);
    expect(whole).toMatchObject({
      consignee_name: "Mongol Trade LLC",
      transport_kinds: [],
      status_name: "Черновик",
    });
    // The form still reads the whole order
    expect(Object.keys((await api.get(`${ORDERS}${mine.id}/`)).json())).toHaveLength(74);
  });

  it("refuses a name that is not one of the order's fields with a translated 400 on fields", async () => {
    const { client } = await buildOrderWorld(ctx);
    const api = await ctx.as(client);
    for (const fields of [
      "id,password_hash",
      "search_document",
      "deleted_at",
      "__proto__",
      "company__name",
    ]) {
      const response = await api.get(`${ORDERS}?fields=${q(fields)}`);
      expect(response.statusCode, fields).toBe(400);
      expect(Object.keys(response.json())).toEqual(["fields"]);
    }
    const en = await api.get(`${ORDERS}?fields=id,secret`);
    expect(en.json()).toEqual({ fields: ["Unknown field “secret”"] });
    const headers = await ctx.authHeaders(client, "ru");
    const ru = await ctx.app.inject({ url: `${ORDERS}?fields=secret`, headers });
    expect(ru.json()).toEqual({ fields: ["Неизвестное поле «secret»"] });
  });

  it("keeps filters, search, ordering, paging and the user's companies as they are", async () => {
    const { client, manager, outsider, order } = await buildOrderWorld(ctx);
    const first = await order({ consignee_name: "Tradewinds", customer_order_number: "B-2", notes: "кедр" });
    const second = await order({
      consignee_name: "Gobi Trading",
      customer_order_number: "A-1",
      notes: "кедр",
    });
    await order({ consignee_name: "Altai Forest", customer_order_number: "C-3" });
    const foreign = await buildOrder(ctx.db, {
      company_id: outsider.company_id as number,
      author_id: outsider.id,
      consignee_name: "Trade Foreign",
    });
    const url = `${ORDERS}?fields=customer_order_number,status&filters=${q("consignee__icontains=trad")}`;
    const api = await ctx.as(client);
    const sorted = (await api.get(`${url}&ordering=customer_order_number`)).json();
    expect(sorted).toEqual({
      results: [
        { id: second.id, version: 1, customer_order_number: "A-1", status: 1 },
        { id: first.id, version: 1, customer_order_number: "B-2", status: 1 },
      ],
      count: 2,
    });
    const paged = (await api.get(`${url}&ordering=-customer_order_number&take=1&skip=1`)).json();
    expect(paged.results.map((row: { id: number }) => row.id)).toEqual([second.id]);
    const searched = (await api.get(`${url}&search=${q("кедр gobi")}`)).json();
    expect(searched.results.map((row: { id: number }) => row.id)).toEqual([second.id]);
    // Another company's order stays out of the client's list and answers 404, whatever the fields
    expect(sorted.results.some((row: { id: number }) => row.id === foreign.id)).toBe(false);
    expect((await api.get(`${ORDERS}${foreign.id}/?fields=id`)).statusCode).toBe(404);
    const all = (await (await ctx.as(manager)).get(`${url}&ordering=id`)).json();
    expect(all.results.map((row: { id: number }) => row.id)).toEqual(
      expect.arrayContaining([first.id, second.id, foreign.id]),
    );
    // Grouping answers its groups, whatever the fields
    const groups = (await api.get(`${ORDERS}?group=status&fields=id`)).json();
    expect(groups).toEqual({ groups: [{ key: 1, count: 3 }], count: 1 });
  });

  it("finds a text filter exactly, whatever other columns hold, short texts and wildcards too", async () => {
    const { client, order } = await buildOrderWorld(ctx);
    // The other columns of the search document hold the text, the filtered one does not
    await order({ consignor_name: "Trader Consignor", notes: "trad", consignee_name: "Nobody" });
    const match = await order({ consignee_name: "ООО «ТРАДИЦИЯ» 50%_off" });
    const api = await ctx.as(client);
    const ids = async (filter: string) =>
      (await api.get(`${ORDERS}?fields=id&filters=${q(filter)}`))
        .json()
        .results.map((row: { id: number }) => row.id);
    expect(await ids("consignee__icontains=трад")).toEqual([match.id]);
    expect(await ids("consignee_name__icontains=ТрАд")).toEqual([match.id]);
    expect(await ids("consignee__icontains=тр")).toEqual([match.id]);
    expect(await ids('consignee__icontains="50%_off"')).toEqual([match.id]);
    expect(await ids('consignee__icontains="50%%off"')).toEqual([]);
    expect(await ids("consignee__icontains=trad")).toEqual([]);
  });
});

/** The client's company's orders past the cap, their consignee a trading company, written in one statement. */
async function crowdedCompany() {
  const people = await buildOrderWorld(ctx);
  await ctx.db.execute(sql`
    insert into freight_orders (company_id, status, author_id, consignee_name)
    select ${people.company.id}::int, 1, ${people.client.id}::int, 'Gobi Trading ' || g
    from generate_series(1, ${COUNT_CAP + 5}::int) g`);
  const list = async (query: string) => {
    const response = await (await ctx.as(people.client)).get(`${ORDERS}?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  return { ...people, list };
}

describe("the count of a list filtered by text (icontains)", () => {
  it("has a trigram index for the column of every text field the orders grid offers", () => {
    const indexed = new Set(
      getTableConfig(freightOrders)
        .indexes.filter((index) => index.config.method === "gin")
        .flatMap((index) => index.config.columns)
        .filter(
          (column) =>
            (column as { indexConfig?: { opClass?: string } }).indexConfig?.opClass === "gin_trgm_ops",
        )
        .map((column) => (column as { name: string }).name),
    );
    const fields: Record<string, { kind: string; grid?: string }> = freightOrderFields;
    const columns = Object.entries(fields)
      .filter(([, field]) => field.kind === "text" && field.grid !== undefined)
      .map(([name]) => orderList.fields[name]?.expr)
      // Text the row does not hold (its containers' numbers, through a subquery) is bounded by the capped count
      .filter((expr) => is(expr, Column));
    expect(columns.length).toBeGreaterThanOrEqual(15);
    for (const column of columns) expect(indexed, (column as Column).name).toContain((column as Column).name);
  });

  it("stops at the cap past the page's start and says that more rows match", async () => {
    const { list } = await crowdedCompany();
    const filtered = await list(
      `filters=${q("consignee__icontains=trading")}&ordering=-create_date&fields=id`,
    );
    expect(filtered.results).toHaveLength(20);
    expect(filtered.count).toBe(COUNT_CAP);
    expect(filtered.count_capped).toBe(true);
    // Past the page's start, exact again when within the cap; a page past the end counts exactly
    const further = await list(`filters=${q("consignee__icontains=trading")}&skip=20&take=5`);
    expect(further).toMatchObject({ count: COUNT_CAP + 5 });
    expect(further).not.toHaveProperty("count_capped");
    // Exact conditions count every row, as before
    const exact = await list(`filters=${q("status=1")}&fields=id`);
    expect(exact.count).toBe(COUNT_CAP + 5);
    expect(exact).not.toHaveProperty("count_capped");
  });
});

describe("a broad count kept between requests (core/list-counts.ts)", () => {
  const broad = `filters=${q("consignee__icontains=trading")}&fields=id`;

  /** Deletes the company's orders whose consignee matches, as a write the live feed does not hear of would. */
  const deleteUnannounced = (companyId: number, consignees: string) =>
    ctx.db.execute(sql`delete from freight_orders
      where company_id = ${companyId} and consignee_name like 'Gobi Trading %' and consignee_name not similar to ${consignees}`);

  it("serves until a change of the company's orders is announced; an exact count is counted every time", async () => {
    const { list, company } = await crowdedCompany();
    expect(await list(broad)).toMatchObject({ count: COUNT_CAP, count_capped: true });
    // 111 consignees "Gobi Trading 2…", counted exactly, within the cap
    const twos = `filters=${q("consignee__icontains=trading 2")}&fields=id`;
    expect(await list(twos)).toMatchObject({ count: 111 });

    // Leaves "Gobi Trading 1", 10–19, 100–199 and 1000–1005: 117 orders
    await deleteUnannounced(company.id, "Gobi Trading 1%");
    const remaining = new Set(
      (
        (await ctx.db.execute(
          sql`select id from freight_orders where company_id = ${company.id}`,
        )) as unknown as {
          rows: { id: number }[];
        }
      ).rows.map((row) => row.id),
    );
    expect(remaining.size).toBe(117);
    // Kept: more than the cap still, and the page walked from what is there
    const kept = await list(broad);
    expect(kept).toMatchObject({ count: COUNT_CAP, count_capped: true });
    expect(kept.results).toHaveLength(20);
    for (const row of kept.results) expect(remaining).toContain(row.id);
    // Never kept: the exact figure
    expect(await list(twos)).toEqual({ results: [], count: 0 });

    const [one] = remaining;
    await announceChange(ctx.db, {
      resource: "freight_orders",
      id: one as number,
      action: "changed",
      companies: [company.id],
    });
    await expect.poll(async () => (await list(broad)).count, { timeout: 15_000 }).toBe(117);
    expect(await list(broad)).not.toHaveProperty("count_capped");
  });

  it("is exact again when the walked page is short", async () => {
    const { list, company } = await crowdedCompany();
    expect(await list(broad)).toMatchObject({ count: COUNT_CAP, count_capped: true });
    // Leaves "Gobi Trading 1" and 10–19: 11 orders, fewer than a page
    await deleteUnannounced(company.id, "Gobi Trading 1_?");
    const short = await list(broad);
    expect(short.results).toHaveLength(11);
    expect(short).toEqual({ results: expect.any(Array), count: 11 });
  });
});

describe("the count of a list of exact conditions past 10,000 rows", () => {
  it("is the planner's estimate, marked so, and exact when asked for or when fewer rows match", async () => {
    const { company, client } = await buildOrderWorld(ctx);
    await ctx.db.execute(sql`
      insert into freight_orders (company_id, status, author_id)
      select ${company.id}::int, case when g <= 5 then 3 else 1 end, ${client.id}::int
      from generate_series(1, ${ESTIMATE_FROM + 5}::int) g`);
    await ctx.db.execute(sql`analyze freight_orders`);
    const api = await ctx.as(client);
    const list = async (query: string) => {
      const response = await api.get(`${ORDERS}?fields=id&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const estimated = await list("take=5");
    expect(estimated.results).toHaveLength(5);
    expect(estimated.count_estimated).toBe(true);
    expect(estimated).not.toHaveProperty("count_capped");
    // The statistics know the table's rows: the estimate is near them, to three digits
    expect(estimated.count).toBeGreaterThanOrEqual(ESTIMATE_FROM);
    expect(estimated.count).toBeLessThanOrEqual(11_000);
    expect(estimated.count % 10).toBe(0);
    expect(await list("take=5&count=exact")).toMatchObject({ count: ESTIMATE_FROM + 5 });
    expect(await list("take=5&count=exact")).not.toHaveProperty("count_estimated");
    // At the list's end the count is exact: a short last page, and an empty page past the end (the pager's
    // "last page" of an estimate above the real count lands there); a full page at or past the estimate says more
    const rows = ESTIMATE_FROM + 5;
    const last = await list(`take=20&skip=${rows - 3}`);
    expect(last.results).toHaveLength(3);
    expect(last).toEqual({ results: expect.any(Array), count: rows });
    expect(await list(`take=20&skip=${rows + 40}`)).toEqual({ results: [], count: rows });
    const atEstimate = await list(`take=5&skip=${estimated.count - 5}`);
    expect(atEstimate.results).toHaveLength(5);
    // Past this page's end, so that the pager offers the next page
    expect(atEstimate.count).toBeGreaterThan(estimated.count);
    expect(atEstimate.count_estimated).toBe(true);
    const few = await list(`filters=${q("status=3")}`);
    expect(few).toMatchObject({ count: 5 });
    expect(few).not.toHaveProperty("count_estimated");
    expect((await api.get(`${ORDERS}?count=roughly`)).statusCode).toBe(400);
  });

  it("rounds an estimate to three significant digits", () => {
    expect(roundEstimate(198_896)).toBe(199_000);
    expect(roundEstimate(28_818)).toBe(28_800);
    expect(roundEstimate(10_001)).toBe(10_000);
    expect(roundEstimate(1_234_567)).toBe(1_230_000);
  });
});
