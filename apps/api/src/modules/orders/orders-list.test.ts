import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies } from "../../db/schema/index.ts";
import { useTestContext } from "../../test/context.ts";
import { buildOrderWorld } from "../../test/customer-world.ts";
import { buildOrder } from "../../test/orders.ts";

// Shipping orders' API (tracking/api/freight_orders/): the list of the user's orders, searched, sorted and
// grouped on the server.

const ORDERS = "/tracking/api/freight_orders/";

const ctx = useTestContext();

/** Two customers, the forwarder's staff, and a user of the second customer related to the first. */
const world = () => buildOrderWorld(ctx);

describe("GET tracking/api/freight_orders/", () => {
  it("lists the orders of the user's companies with their author and editor by name, searched and grouped on the server", async () => {
    const { company, client, colleague, outsider, manager, order } = await world();
    const mine = await order({ consignor_name: "Suifenhe Forest Ltd", notes: "лиственница" });
    const draft = await order({ consignee_name: "ООО «Сибирь»", status: 3, updated_by_id: colleague.id });
    await buildOrder(ctx.db, { company_id: outsider.company_id as number, author_id: outsider.id });
    const api = await ctx.as(client);
    const listed = (await api.get(`${ORDERS}?ordering=id&filters=company=${company.id}`)).json();
    expect(listed.count).toBe(2);
    expect(listed.results.map((row: { id: number }) => row.id)).toEqual([mine.id, draft.id]);
    expect(listed.results[1]).toMatchObject({
      author: { first_name: "Пётр", last_name: "Иванов" },
      updated_by: { first_name: colleague.first_name, last_name: colleague.last_name },
      status_name_en: "Submitted",
    });
    // Another company's orders are not the client's; the manager sees them all
    const everything = (await api.get(`${ORDERS}?take=1000`)).json();
    expect(everything.results.every((row: { company: number }) => row.company === company.id)).toBe(true);
    const all = (await (await ctx.as(manager)).get(`${ORDERS}?take=1000`)).json();
    expect(all.results.some((row: { company: number }) => row.company === outsider.company_id)).toBe(true);

    const search = async (words: string) =>
      (await api.get(`${ORDERS}?search=${encodeURIComponent(words)}`))
        .json()
        .results.map((r: { id: number }) => r.id);
    expect(await search("suifenhe лиственн")).toEqual([mine.id]);
    expect(await search("сибирь")).toEqual([draft.id]);
    expect(await search("таёжный")).toEqual(expect.arrayContaining([mine.id, draft.id]));

    const groups = async (field: string) =>
      (await api.get(`${ORDERS}?group=${field}&filters=company=${company.id}`)).json();
    expect((await groups("status")).groups).toEqual([
      { key: 1, count: 1 },
      { key: 3, count: 1 },
    ]);
    expect((await groups("updated_by")).groups).toEqual([
      { key: `${colleague.last_name} ${colleague.first_name}`, count: 1 },
      { key: "Иванов Пётр", count: 1 },
    ]);
    const byAuthor = await api.get(`${ORDERS}?filters=author__icontains=иванов&ordering=-author,consignee`);
    expect(byAuthor.json().count).toBeGreaterThanOrEqual(2);
  });

  it("groups and sorts by status in the workflow's order, not by the statuses' ids", async () => {
    const { company, client, order } = await world();
    // Ids 1 Draft, 3 Submitted, 2 Approved, 5 Signed, 8 Cancelled: the workflow puts Approved after Submitted
    for (const status of [8, 5, 2, 3, 1]) await order({ status });
    const api = await ctx.as(client);
    const groups = (await api.get(`${ORDERS}?group=status&filters=company=${company.id}`)).json();
    expect(groups.groups.map((group: { key: number }) => group.key)).toEqual([1, 3, 2, 5, 8]);
    const sorted = (await api.get(`${ORDERS}?ordering=-status&filters=company=${company.id}`)).json();
    expect(sorted.results.map((row: { status: number }) => row.status)).toEqual([8, 5, 2, 3, 1]);
  });

  it("groups and sorts by every column of the list", async () => {
    const { client, order } = await world();
    await order();
    const api = await ctx.as(client);
    const columns = [
      "id",
      "company_name",
      "status",
      "status_comment",
      "customer_order_number",
      "railway_transfer_subcode",
      "consignor",
      "consignee",
      "delivery_terms",
      "freight_description",
      "dispatch_location",
      "border_crossing_point",
      "destination",
      "order_contacts_phone",
      "order_contacts_email",
      "order_contacts",
      "notes",
      "freightordercontainer",
      "container_count",
      "create_date",
      "author",
      "updated_by",
    ];
    for (const column of columns) {
      expect((await api.get(`${ORDERS}?group=${column}`)).statusCode, column).toBe(200);
      expect((await api.get(`${ORDERS}?ordering=-${column}`)).statusCode, column).toBe(200);
    }
  });

  it("follows a renamed company in the orders' names and search", async () => {
    const { company, client, order } = await world();
    const row = await order();
    await ctx.db.update(companies).set({ name: "ООО «Кедр»" }).where(eq(companies.id, company.id));
    const found = (await (await ctx.as(client)).get(`${ORDERS}?search=кедр`)).json();
    expect(found.results.map((r: { id: number }) => r.id)).toContain(row.id);
    expect(found.results[0].company_name).toBe("ООО «Кедр»");
  });
});
