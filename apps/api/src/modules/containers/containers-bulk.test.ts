import { containerCheckDigit } from "@portal/domain";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { containerEvents, containers } from "../../db/schema/index.ts";
import { SUBMITTED, useContainerTests } from "../../test/containers.ts";

// Containers in bulk (POST freight_orders/{id}/containers/bulk/ and bulk/check/): each row checked as a single
// container's create checks it, plus ISO 6346 and repeats within the list; a check keeps nothing, an addition adds
// all rows in one transaction or none.

const ORDERS = "/tracking/api/freight_orders/";
const { ctx, references, world } = useContainerTests();

/** `count` valid ISO 6346 numbers of an owner code, from a serial. */
function validNumbers(amount: number, owner = "TGHU", from = 100000): string[] {
  return Array.from({ length: amount }, (_, i) => {
    const ten = `${owner}${String(from + i).padStart(6, "0")}`;
    return `${ten}${containerCheckDigit(ten)}`;
  });
}

const stored = async (orderId: number) =>
  (await ctx.db.select({ n: count() }).from(containers).where(eq(containers.freight_order_id, orderId)))[0]
    ?.n;

const check = (api: Awaited<ReturnType<typeof ctx.as>>, orderId: number, rows: object[]) =>
  api.post(`${ORDERS}${orderId}/containers/bulk/check/`, { containers: rows });
const add = (api: Awaited<ReturnType<typeof ctx.as>>, orderId: number, rows: object[]) =>
  api.post(`${ORDERS}${orderId}/containers/bulk/`, { containers: rows });

describe("POST freight_orders/{id}/containers/bulk/check/", () => {
  it("tells each row's outcome with its reason, and keeps nothing", async () => {
    const { client, order, container } = await world();
    const { id } = await order({ container_count: 6 });
    await container(id, { container: "CSQU3054383" });
    const [a, b, c] = validNumbers(3);
    const rows = [
      { container: a?.toLowerCase(), container_type: references.containerType, location: "Склад" },
      { container: "CSQU3054384" }, // check digit
      { container: b },
      { container: ` ${a} ` }, // twice in the list
      { container: "CSQU3054383" }, // in the order already
      { container: "" },
      { container: c, container_type: 999999 },
      { container: "X".repeat(40) },
    ];
    const answer = await check(await ctx.as(client), id, rows);
    expect(answer.statusCode, answer.body).toBe(200);
    const results = answer.json().results;
    expect(results.map((row: { container: string }) => row.container)).toEqual([
      a,
      "CSQU3054384",
      b,
      a,
      "CSQU3054383",
      "",
      c,
      "X".repeat(40),
    ]);
    const errors = results.map((row: { errors: Record<string, string[]> }) => row.errors);
    expect(errors[0]).toEqual({});
    expect(errors[1]).toEqual({
      container: ["CSQU3054384 is not a valid container number (ISO 6346 check digit)"],
    });
    expect(errors[2]).toEqual({});
    expect(errors[3]).toEqual({ container: [`${a} is in the list more than once`] });
    expect(errors[4]).toEqual({ container: ["The order already has container CSQU3054383"] });
    expect(Object.keys(errors[5])).toEqual(["container"]);
    expect(errors[6]).toEqual({ container_type: [expect.any(String)] });
    expect(Object.keys(errors[7])).toEqual(["container"]);
    expect(results.every((row: { id: number | null }) => row.id === null)).toBe(true);
    expect(await stored(id)).toBe(1);
    expect(await ctx.db.select().from(containerEvents)).toEqual([]);
  });

  it("refuses the rows past the order's container count, in the list's order", async () => {
    const { client, order, container } = await world();
    const { id } = await order({ container_count: 3 });
    await container(id, { container: "CSQU3054383" });
    const rows = validNumbers(4).map((number) => ({ container: number }));
    const results = (await check(await ctx.as(client), id, rows)).json().results;
    expect(results.map((row: { errors: object }) => Object.keys(row.errors))).toEqual([
      [],
      [],
      ["container_count"],
      ["container_count"],
    ]);
    expect(results[2].errors.container_count[0]).toMatch(/as many containers as its container count \(3\)/);
  });

  it("answers in the request's language", async () => {
    const { client, order } = await world();
    const { id } = await order();
    const answer = await ctx.app.inject({
      method: "POST",
      url: `${ORDERS}${id}/containers/bulk/check/`,
      headers: { ...(await ctx.authHeaders(client)), "accept-language": "ru" },
      payload: { containers: [{ container: "CSQU3054384" }] },
    });
    expect(answer.json().results[0].errors.container[0]).toMatch(/контрольная цифра/);
  });

  it("refuses an empty list and one over 500 rows with a clear message", async () => {
    const { client, order } = await world();
    const { id } = await order();
    const api = await ctx.as(client);
    expect((await check(api, id, [])).json()).toEqual({ containers: ["Give at least one container number"] });
    const many = Array.from({ length: 501 }, () => ({ container: "CSQU3054383" }));
    expect((await add(api, id, many)).json()).toEqual({
      containers: ["At most 500 containers can be added at once"],
    });
  });

  it("ignores hostile field names and answers bad values per row, never a 500", async () => {
    const { client, order } = await world();
    const { id } = await order({ container_count: 5 });
    const api = await ctx.as(client);
    const [a, b] = validNumbers(2, "MSKU");
    // `__proto__` in a body is refused as the JSON parser refuses it everywhere; `constructor` is ignored
    const proto = await add(api, id, [JSON.parse(`{"container": "${a}", "__proto__": {"is_admin": true}}`)]);
    expect(proto.statusCode).toBe(400);
    const answer = await add(api, id, [
      { container: a, constructor: "x" },
      { container: b, freight_order: 999999, prepare_to_ship_date: "2026-02-30" },
    ]);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json(), answer.body).toHaveProperty(["containers.1.prepare_to_ship_date"]);
    const nul = await add(api, id, [{ container: "AB\u0000C" }]);
    expect(nul.statusCode).toBe(400);
    const typed = await add(api, id, [{ container: 12345 }, "text", null] as never);
    expect(typed.statusCode).toBe(400);
    expect(await stored(id)).toBe(0);
  });
});

describe("POST freight_orders/{id}/containers/bulk/", () => {
  it("adds every row in one go, through the single create (its fields, milestones and author)", async () => {
    const { client, order } = await world();
    const { id } = await order({ container_count: 40 });
    const numbers = validNumbers(40);
    const api = await ctx.as(client);
    const answer = await add(
      api,
      id,
      numbers.map((number, i) => ({
        container: number,
        container_type: references.containerType,
        ...(i === 0 ? { prepare_to_ship_date: "2026-03-01" } : {}),
      })),
    );
    expect(answer.statusCode, answer.body).toBe(201);
    const results = answer.json().results;
    expect(results).toHaveLength(40);
    expect(results.every((row: { id: number }) => typeof row.id === "number")).toBe(true);
    expect(await stored(id)).toBe(40);
    const first = await api.get(`/tracking/api/containers/${results[0].id}/`);
    expect(first.json()).toMatchObject({
      container: numbers[0],
      is_number_valid: true,
      container_type: references.containerType,
      author: { first_name: client.first_name },
    });
    const events = await ctx.db
      .select()
      .from(containerEvents)
      .where(eq(containerEvents.container_id, results[0].id));
    expect(events.map((event) => event.event_code)).toEqual(["prepared_to_ship"]);
  });

  it("adds none when any row is refused, naming each refused row", async () => {
    const { client, order } = await world();
    const { id } = await order({ container_count: 10 });
    const [a, b] = validNumbers(2);
    const answer = await add(await ctx.as(client), id, [
      { container: a },
      { container: "CSQU3054384" },
      { container: b },
      { container: a },
    ]);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      "containers.1.container": ["CSQU3054384 is not a valid container number (ISO 6346 check digit)"],
      "containers.3.container": [`${a} is in the list more than once`],
    });
    expect(await stored(id)).toBe(0);
  });

  it("adds none when the write path refuses a row (the order's count reached on the last)", async () => {
    const { client, order } = await world();
    const { id } = await order({ container_count: 2 });
    const answer = await add(
      await ctx.as(client),
      id,
      validNumbers(3).map((container) => ({ container })),
    );
    expect(answer.statusCode).toBe(400);
    expect(Object.keys(answer.json())).toEqual(["containers.2.container_count"]);
    expect(await stored(id)).toBe(0);
  });

  it("counts two additions at once in turn: never past the container count", async () => {
    const { client, order } = await world();
    const { id } = await order({ container_count: 3 });
    const api = await ctx.as(client);
    const [first, second] = await Promise.all([
      add(
        api,
        id,
        validNumbers(2, "TGHU").map((container) => ({ container })),
      ),
      add(
        api,
        id,
        validNumbers(2, "MSKU").map((container) => ({ container })),
      ),
    ]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([201, 400]);
    expect(await stored(id)).toBe(2);
  });

  it("is refused where the order's status keeps the client from containers, and outside the user's orders", async () => {
    const { client, outsider, order } = await world();
    const submitted = await order({ status: SUBMITTED });
    const rows = [{ container: "CSQU3054383" }];
    expect((await add(await ctx.as(client), submitted.id, rows)).statusCode).toBe(403);
    expect((await check(await ctx.as(client), submitted.id, rows)).statusCode).toBe(403);
    const draft = await order();
    await ctx.expectRefused({ outsider }, (api) => add(api, draft.id, rows), 404);
    await ctx.expectRefused({ outsider }, (api) => check(api, draft.id, rows), 404);
    expect(await stored(draft.id)).toBe(0);
  });
});
