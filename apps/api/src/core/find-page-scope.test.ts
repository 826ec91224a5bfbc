import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useContainerTests } from "../test/containers.ts";
import { COUNT_CAP } from "./find-page.ts";

// The count and the deep pages of a list whose scope is another table's: containers are the user's through their
// order (the order not deleted, of the user's companies), so their count joins the orders row by row.

const CONTAINERS = "/tracking/api/containers/";
const { ctx, world } = useContainerTests();

/** One order of the client's company with five containers past the cap, written in one statement. */
async function crowdedOrder() {
  const people = await world();
  const order = await people.order();
  await ctx.db.execute(sql`
    insert into containers (freight_order_id, container, is_number_valid, author_id)
    select ${order.id}::int, 'MSKU' || lpad(g::text, 7, '0'), false, ${people.client.id}::int
    from generate_series(1, ${COUNT_CAP + 5}::int) g`);
  const filters = encodeURIComponent(`freight_order=${order.id}`);
  const list = async (user: typeof people.client, query: string) => {
    const response = await (await ctx.as(user)).get(`${CONTAINERS}?filters=${filters}&${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  return { ...people, list };
}

describe("the count of a list scoped through a join (containers through their order)", () => {
  it("stops at the cap past the page's start and says that more rows match, for staff and clients", async () => {
    const { manager, client, outsider, list } = await crowdedOrder();
    for (const user of [manager, client]) {
      const body = await list(user, "take=5");
      expect(body.results).toHaveLength(5);
      expect(body.count).toBe(COUNT_CAP);
      expect(body.count_capped).toBe(true);
    }
    expect(await list(outsider, "take=5")).toEqual({ results: [], count: 0 });
  });

  it("is exact when the rows past the page's start are within the cap", async () => {
    const { client, list } = await crowdedOrder();
    const body = await list(client, "take=5&skip=20");
    expect(body.count).toBe(COUNT_CAP + 5);
    expect(body).not.toHaveProperty("count_capped");
  });

  it("finds a deep page and its count in one walk of the ordering, in the list's order", async () => {
    const { manager, list } = await crowdedOrder();
    const all = (await list(manager, `take=${COUNT_CAP}&ordering=container`)).results.map(
      (row: { id: number }) => row.id,
    );
    const body = await list(manager, `take=4&skip=${COUNT_CAP}&ordering=-container`);
    expect(body.count).toBe(COUNT_CAP + 5);
    expect(body).not.toHaveProperty("count_capped");
    // The list sorted the other way: its last five rows are the first five of this one, reversed
    expect(body.results.map((row: { id: number }) => row.id)).toEqual(all.slice(1, 5).reverse());
  });

  it("counts a page past the end exactly, with no rows", async () => {
    const { client, list } = await crowdedOrder();
    const body = await list(client, `take=5&skip=${COUNT_CAP + 10}`);
    expect(body).toEqual({ results: [], count: COUNT_CAP + 5 });
  });
});
