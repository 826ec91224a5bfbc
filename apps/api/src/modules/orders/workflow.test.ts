import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/context.ts";
import { buildOrder, buildOrderFile } from "../../test/orders.ts";

const ORDERS = "/tracking/api/freight_orders/";
const STATUSES = [1, 2, 3, 4, 5, 6, 7, 8];

/** The moves a client may make (DOMAIN.md's graph): draft ↔ submitted, correction, the signed order, cancel. */
const CLIENT_MOVES = new Set(["1>3", "3>1", "4>3", "4>1", "2>5", "1>8", "3>8", "4>8", "2>8", "5>8"]);

let ctx: TestContext;
let world: Awaited<ReturnType<typeof buildWorld>>;
beforeAll(async () => {
  ctx = await createTestContext();
  world = await buildWorld();
});
afterAll(() => ctx?.close());

async function buildWorld() {
  const forwarder = await ctx.buildCompany({ is_expedition_company: true });
  const company = await ctx.buildCompany();
  const manager = await ctx.buildUser({ company_id: forwarder.id, roles: ["Manager"] });
  const client = await ctx.buildUser({ company_id: company.id });
  /** An order in a status, with a signed document uploaded for it. */
  const order = async (status: number) => {
    const row = await buildOrder(ctx.db, { company_id: company.id, author_id: client.id, status });
    const signed = await buildOrderFile(ctx.db, { freight_order_id: row.id, author_id: client.id });
    return { ...row, signed };
  };
  return { company, manager, client, order };
}

describe("GET tracking/api/freight-order-statuses/", () => {
  it("lists the workflow's statuses in their order with names in both languages and their flags", async () => {
    const api = await ctx.as(world.client);
    const list = (await api.get("/tracking/api/freight-order-statuses/")).json();
    expect(list.count).toBe(8);
    expect(list.results.map((s: { id: number }) => s.id)).toEqual([1, 3, 4, 2, 5, 6, 7, 8]);
    const approved = await api.get("/tracking/api/freight-order-statuses/2/");
    expect(approved.json()).toEqual({
      id: 2,
      name: "Согласована",
      name_en: "Approved",
      transition_name: "Согласовать",
      transition_name_en: "Approve",
      comment_required: false,
      attachment_required: false,
      user_can_edit: false,
      user_can_edit_containers: true,
      user_can_print: true,
      manager_can_approve_cost: true,
      order: 40,
    });
    expect((await api.get("/tracking/api/freight-order-statuses/99/")).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: "/tracking/api/freight-order-statuses/" })).statusCode).toBe(401);
  });
});

describe("GET tracking/api/freight_orders/{id}/wf/", () => {
  it("offers each user the statuses they may move the order to, in the statuses' order", async () => {
    const { client, manager, order } = world;
    const next = async (user: typeof client, status: number) => {
      const row = await order(status);
      return (await (await ctx.as(user)).get(`${ORDERS}${row.id}/wf/`))
        .json()
        .map((s: { id: number }) => s.id);
    };
    expect(await next(client, 1)).toEqual([3, 8]);
    expect(await next(client, 3)).toEqual([1, 8]);
    expect(await next(client, 4)).toEqual([1, 3, 8]);
    expect(await next(client, 2)).toEqual([5, 8]);
    expect(await next(client, 6)).toEqual([]);
    expect(await next(manager, 1)).toEqual([3, 4, 2, 5, 6, 7, 8]);
    expect(await next(manager, 8)).toEqual([1, 3, 4, 2, 5, 6, 7]);
    expect(await next(manager, 7)).toEqual([]);
  });
});

describe("the workflow graph", () => {
  it.each([
    ["client", CLIENT_MOVES],
    ["manager", null],
  ] as const)("lets a %s take exactly the moves open to them", async (who, allowed) => {
    const user = world[who];
    const api = await ctx.as(user);
    for (const from of STATUSES) {
      for (const to of STATUSES.filter((status) => status !== from)) {
        const row = await world.order(from);
        const response = await api.patch(`${ORDERS}${row.id}/`, {
          status: to,
          status_comment: "по согласованию с клиентом",
          sign_file_id: row.signed.id,
        });
        // Managers move between any two statuses but out of Completed
        const isAllowed = allowed ? allowed.has(`${from}>${to}`) : from !== 7;
        expect(response.statusCode, `${who} ${from} → ${to}: ${response.body.slice(0, 200)}`).toBe(
          isAllowed ? 200 : 400,
        );
        if (!isAllowed) {
          expect(response.json()).toEqual({ status: ["The order cannot move to this status now"] });
        }
      }
    }
  });

  it("refuses a status that does not exist", async () => {
    const row = await world.order(1);
    const response = await (await ctx.as(world.manager)).patch(`${ORDERS}${row.id}/`, { status: 99 });
    expect(response.json()).toEqual({ status: ["The order cannot move to this status now"] });
  });

  it("needs a comment to return an order for correction or cancel it, and keeps it with the order and in the history", async () => {
    const { client, manager, order } = world;
    const submitted = await order(3);
    const url = `${ORDERS}${submitted.id}/`;
    // Spaces and invisible characters alone (zero-width space, word joiner, byte order mark) are no comment
    for (const blank of ["  ", "\u200b", "\u2060", "\ufeff", " \u200b\u200e "]) {
      const bare = await (await ctx.as(manager)).patch(url, { status: 4, status_comment: blank });
      expect(bare.statusCode, JSON.stringify(blank)).toBe(400);
      expect(bare.json()).toEqual({
        status: ["This status needs a comment"],
        status_comment: ["The field is required"],
      });
    }
    const returned = await (await ctx.as(manager)).patch(url, {
      status: 4,
      status_comment: "Уточните массу брутто",
    });
    expect(returned.json()).toMatchObject({ status: 4, status_comment: "Уточните массу брутто" });
    // The comment stays required while the order is in that status (the list edits it too)
    const cleared = await (await ctx.as(client)).patch(url, { status_comment: "" });
    expect(cleared.json()).toEqual({ status_comment: ["The field is required"] });
    // Moving on without a comment leaves the comment empty
    const resubmitted = await (await ctx.as(client)).patch(url, { status: 3 });
    expect(resubmitted.json()).toMatchObject({ status: 3, status_comment: "" });
    const cancel = await (await ctx.as(client)).patch(url, { status: 8 });
    expect(cancel.statusCode).toBe(400);
    const history = (await (await ctx.as(client)).get(`${url}history/`)).json().results;
    expect(history.map((entry: { status: { id: number } | null }) => entry.status?.id)).toEqual([3, 4]);
    expect(history[1]).toMatchObject({
      kind: "status",
      status_comment: "Уточните массу брутто",
      user: expect.objectContaining({ username: manager.username }),
    });
  });

  it("needs a signed document of this order to take a status that requires one", async () => {
    const { client, order } = world;
    const approved = await order(2);
    const other = await order(2);
    const document = await buildOrderFile(ctx.db, {
      freight_order_id: approved.id,
      author_id: client.id,
      kind: "document",
    });
    const api = await ctx.as(client);
    const url = `${ORDERS}${approved.id}/`;
    expect((await api.patch(url, { status: 5 })).json()).toEqual({
      status: ["This status needs the signed document attached"],
      sign_file_id: ["The field is required"],
    });
    for (const file of [document.id, other.signed.id, 999999]) {
      const refused = await api.patch(url, { status: 5, sign_file_id: file });
      expect(refused.json(), String(file)).toEqual({
        sign_file_id: ["The file is not a signed document of this order"],
      });
    }
    const signed = await api.patch(url, { status: 5, sign_file_id: approved.signed.id });
    expect(signed.json()).toMatchObject({ status: 5, sign_file_id: approved.signed.id });
    const [entry] = (await api.get(`${url}history/`)).json().results;
    expect(entry).toMatchObject({ kind: "status", status: { id: 5 }, sign_file_id: approved.signed.id });
  });

  it("lets a client edit the order only in a status that allows it, and still move it where the move is theirs", async () => {
    const { client, order } = world;
    for (const status of STATUSES) {
      const row = await order(status);
      const response = await (await ctx.as(client)).patch(`${ORDERS}${row.id}/`, { notes: "правка" });
      expect(response.statusCode, String(status)).toBe([1, 4].includes(status) ? 200 : 403);
    }
    // The form sends the whole order with the move: unchanged fields are no edit
    const approved = await order(2);
    const api = await ctx.as(client);
    const whole = (await api.get(`${ORDERS}${approved.id}/`)).json();
    const { id, author, updated_by, create_date, update_date, version, ...form } = whole;
    const signed = await api.patch(`${ORDERS}${approved.id}/`, {
      ...form,
      status: 5,
      sign_file_id: approved.signed.id,
    });
    expect(signed.statusCode).toBe(200);
    const edited = await api.patch(`${ORDERS}${approved.id}/`, {
      ...form,
      status: 8,
      status_comment: "x",
      notes: "!",
    });
    expect(edited.statusCode).toBe(403);
  });

  it("lets a manager approve an order and its cost in one change", async () => {
    const { manager, order } = world;
    const submitted = await order(3);
    const response = await (await ctx.as(manager)).patch(`${ORDERS}${submitted.id}/`, {
      status: 2,
      approved_cost: 412000,
      vat_percent: 20,
    });
    expect(response.json()).toMatchObject({ status: 2, approved_cost: 412000, vat_percent: 20 });
    const history = (await (await ctx.as(manager)).get(`${ORDERS}${submitted.id}/history/`)).json();
    expect(history.results.map((e: { kind: string; field: string | null }) => e.field ?? e.kind)).toEqual([
      "vat_percent",
      "approved_cost",
      "status",
    ]);
  });
});
