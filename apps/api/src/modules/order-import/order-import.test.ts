import { freightOrderFields, ORDER_IMPORT_COLUMNS, orderPolicy } from "@portal/domain";
import { labelOf } from "@portal/domain/labels";
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { etsng, freightOrders, locations, transportKinds } from "../../db/schema/index.ts";
import { useTestContext } from "../../test/context.ts";
import { buildCustomerWorld } from "../../test/customer-world.ts";
import {
  errorsOf,
  IMPORTS,
  importAfter,
  preview,
  sheetRows,
  type TestCell,
  uploadImport,
  xlsxOf,
} from "../../test/order-import.ts";
import { OrderImportRepo } from "./repo.ts";

// The import of shipping orders from a spreadsheet (tracking/api/order-imports/): its template made from the field
// definitions, a file's rows checked as the orders' create checks a body (the preview), the valid rows imported all
// or none, the error report, and a file imported once.

const ORDERS = "/tracking/api/freight_orders/";
const ctx = useTestContext();
const world = () => buildCustomerWorld(ctx);
const label = (field: string) => labelOf("freight_order", field, "en");

describe("GET tracking/api/order-imports/template/", () => {
  it("has one column per field a client fills when creating an order, labelled in the caller's language", async () => {
    const { client } = await world();
    // The creatable fields, from the definitions: writable, not taken on a change only, not the managers'
    const creatable = Object.entries(freightOrderFields)
      .filter(([name, field]) => {
        const def = field as { readOnly?: boolean; changeOnly?: boolean; kind: string };
        return (
          !def.readOnly &&
          !def.changeOnly &&
          !["id", "person"].includes(def.kind) &&
          name !== "company" &&
          !orderPolicy.ignoresField({ ...NO_FLAGS }, name)
        );
      })
      .map(([name]) => name);
    expect(ORDER_IMPORT_COLUMNS).toEqual(creatable);
    expect(ORDER_IMPORT_COLUMNS).toContain("consignor_name");
    expect(ORDER_IMPORT_COLUMNS).not.toContain("approved_cost");
    expect(ORDER_IMPORT_COLUMNS).not.toContain("status");
    for (const lang of ["ru", "en"] as const) {
      const answer = await ctx.app.inject({
        url: `${IMPORTS}template/`,
        headers: await ctx.authHeaders(client, lang),
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["content-disposition"]).toMatch(/^attachment;/);
      const [header] = await sheetRows(answer.rawPayload);
      expect(header).toEqual(ORDER_IMPORT_COLUMNS.map((name) => labelOf("freight_order", name, lang)));
      // The second sheet says how each column is written
      const values = await sheetRows(answer.rawPayload, 1);
      expect(values.length).toBeGreaterThan(ORDER_IMPORT_COLUMNS.length);
      const direction = values.find((row) => row[0] === labelOf("freight_order", "direction", lang));
      expect(String(direction?.[2])).toContain("import");
    }
    const en = await ctx.app.inject({ url: `${IMPORTS}template/`, headers: await ctx.authHeaders(client) });
    const hints = await sheetRows(en.rawPayload, 1);
    expect(hints.find((row) => row[0] === label("border_crossing_point"))?.[1]).toBe(
      "The station's code (ESR, 6 digits)",
    );
    expect(hints.find((row) => row[0] === label("consignor_countrycode"))?.[1]).toMatch(/ISO/);
  });
});

const NO_FLAGS = {
  is_manager: false,
  is_head: false,
  is_administrator: false,
  is_staff: false,
  can_access_to_monitoring: false,
  can_edit_refbook: false,
  can_select_company: false,
  can_set_is_paid: false,
  can_manage_webhooks: false,
};

describe("the preview and the import agree with the API's create", () => {
  it("checks each row as the create checks a body, then imports the valid rows only", async () => {
    const { company, client, outsider } = await world();
    const [crossing] = await ctx.db
      .insert(locations)
      .values({ code: "946801", location: "Забайкальск", kind: "border", country: "RU" })
      .onConflictDoNothing()
      .returning();
    const crossingId =
      crossing?.id ?? (await ctx.db.select().from(locations).where(eq(locations.code, "946801")))[0]?.id ?? 0;
    await ctx.db.insert(etsng).values({ code: "081001", description: "Лесоматериалы" }).onConflictDoNothing();
    const kindName = `Ж/д ${Math.random().toString(36).slice(2, 8)}`;
    const [rail] = await ctx.db.insert(transportKinds).values({ description: kindName }).returning();
    const long = "x".repeat(151);
    // Each case: the cells of a row (by field) and the JSON body the form would send for them
    const cases: { cells: Record<string, TestCell>; body: Record<string, unknown> }[] = [
      {
        cells: { consignor_name: "Manzhouli", container_count: 4 },
        body: { consignor_name: "Manzhouli", container_count: 4 },
      },
      {
        cells: {
          border_crossing_point: "946801",
          etsng_code: "081001",
          transport_kinds: kindName,
          direction: "Import",
          preferred_shipping_period_start: new Date(Date.UTC(2026, 2, 1)),
          preferred_shipping_period_end: 46091, // an Excel serial: 2026-03-10
          freight_cost: "1234,50",
        },
        body: {
          border_crossing_point: crossingId,
          etsng_code: "081001",
          transport_kinds: [rail?.id],
          direction: "import",
          preferred_shipping_period_start: "2026-03-01",
          preferred_shipping_period_end: "2026-03-10",
          freight_cost: 1234.5,
        },
      },
      { cells: { railway_transfer_subcode: "12ab" }, body: { railway_transfer_subcode: "12ab" } },
      { cells: { consignor_email: "not-mail" }, body: { consignor_email: "not-mail" } },
      {
        cells: { preferred_shipping_period_start: "2026-03-10", preferred_shipping_period_end: "01.03.2026" },
        body: { preferred_shipping_period_start: "2026-03-10", preferred_shipping_period_end: "2026-03-01" },
      },
      { cells: { etsng_code: "999999" }, body: { etsng_code: "999999" } },
      {
        cells: { container_count: -1, freight_cost: "abc" },
        body: { container_count: -1, freight_cost: "abc" },
      },
      { cells: { consignor_name: long }, body: { consignor_name: long } },
      {
        cells: { preferred_shipping_period_start: "2026-02-30" },
        body: { preferred_shipping_period_start: "2026-02-30" },
      },
      { cells: { container_count: "four" }, body: { container_count: "four" } },
      { cells: { direction: "sideways" }, body: { direction: "sideways" } },
    ];
    // The API's own answers to the bodies (an outsider of another company creates them: nothing of `company` changes)
    const api = await ctx.as(outsider);
    const expected: (Record<string, string[]> | null)[] = [];
    for (const { body } of cases) {
      const answer = await api.post(ORDERS, body);
      expect([201, 400], answer.body).toContain(answer.statusCode);
      const { "@validation": _, ...fields } = answer.statusCode === 400 ? answer.json() : {};
      expected.push(answer.statusCode === 201 ? null : fields);
    }
    expect(expected.filter((item) => item === null)).toHaveLength(2);
    const columns = [...new Set(cases.flatMap(({ cells }) => Object.keys(cells)))];
    const file = await xlsxOf(
      columns.map(label),
      cases.map(({ cells }) => columns.map((name) => cells[name] ?? null)),
    );
    const checked = await preview(ctx, client, file);
    expect(checked.rows.map((row) => (row.valid ? null : errorsOf(row)))).toEqual(expected);
    expect(checked).toMatchObject({ state: "checked", total: cases.length, checked: cases.length, valid: 2 });
    expect(checked.rows.map((row) => row.row)).toEqual(cases.map((_, index) => index + 2));
    // Nothing is created by the check
    const before = await ordersOf(company.id);
    expect(before).toHaveLength(0);

    const started = await (await ctx.as(client)).post(`${IMPORTS}${checked.id}/start/`);
    expect(started.statusCode, started.body).toBe(200);
    const done = await importAfter(ctx, client, checked.id, "importing");
    expect(done).toMatchObject({ state: "done", created: 2, failure: null });
    const created = await ordersOf(company.id);
    expect(created.map((order) => order.consignor_name).sort()).toEqual(["", "Manzhouli"]);
    const second = created.find((order) => order.etsng_code === "081001");
    expect(second).toMatchObject({
      border_crossing_point: crossingId,
      direction: "import",
      preferred_shipping_period_start: "2026-03-01",
      preferred_shipping_period_end: "2026-03-10",
      status: 1,
      author_id: client.id,
    });
    // Started again, it creates nothing more
    const again = await (await ctx.as(client)).post(`${IMPORTS}${checked.id}/start/`);
    expect(again.statusCode).toBe(400);
    expect(await ordersOf(company.id)).toHaveLength(2);
  });
});

async function ordersOf(company: number) {
  return ctx.db
    .select()
    .from(freightOrders)
    .where(and(eq(freightOrders.company_id, company), isNull(freightOrders.deleted_at)));
}

describe("importing the same file twice", () => {
  it("refuses a file the company has imported, and rows whose customer's number an order of the company has", async () => {
    const { company, client, related } = await world();
    const number = `PO-${Math.random().toString(36).slice(2, 8)}`;
    const header = [label("customer_order_number"), label("consignor_name")];
    const file = await xlsxOf(header, [
      [number, "Manzhouli"],
      [`${number}-2`, "Suifenhe"],
    ]);
    const first = await preview(ctx, client, file);
    expect(first.valid).toBe(2);
    // Uploaded again before the first is imported: checked alike (nothing is imported yet)
    const early = await preview(ctx, client, file);
    expect(early.valid).toBe(2);
    // Another file with one of its numbers, checked before the first is imported
    const rival = await preview(
      ctx,
      client,
      await xlsxOf(header, [
        ["Other", "x"],
        [`${number}-2`, "Rival"],
      ]),
    );
    expect(rival.valid).toBe(2);
    await (await ctx.as(client)).post(`${IMPORTS}${first.id}/start/`);
    expect(await importAfter(ctx, client, first.id, "importing")).toMatchObject({
      state: "done",
      created: 2,
    });
    // Started now, the rival finds the number taken when it imports: it fails whole, creating nothing
    await (await ctx.as(client)).post(`${IMPORTS}${rival.id}/start/`);
    expect(await importAfter(ctx, client, rival.id, "importing")).toMatchObject({
      state: "failed",
      created: 0,
      failure: "Row 3 could not be imported: nothing was created. Upload the file again to see why",
    });

    // The same bytes again, by another user of the company: refused at once, saying when it was imported
    const again = await uploadImport(ctx, related, file, { fields: { company: String(company.id) } });
    expect(again.statusCode).toBe(400);
    expect(again.json().file[0]).toMatch(
      new RegExp(`^This file was imported already on \\d{4}-\\d{2}-\\d{2} \\(import No. ${first.id}\\)`),
    );
    // The earlier upload of the same file, started now, fails and creates nothing
    await (await ctx.as(client)).post(`${IMPORTS}${early.id}/start/`);
    const late = await importAfter(ctx, client, early.id, "importing");
    expect(late.state).toBe("failed");
    expect(late.failure).toMatch(/^This file was imported already/);

    // Another file with the same numbers (saved again, one more row): those rows are refused, and repeats in it too
    const resaved = await xlsxOf(header, [
      [number, "Manzhouli"],
      [`${number}-3`, "Erlian"],
      [`${number}-3`, "Erlian again"],
    ]);
    const checked = await preview(ctx, client, resaved);
    const [order] = (await ordersOf(company.id)).filter((row) => row.customer_order_number === number);
    expect(checked.rows.map(errorsOf)).toEqual([
      {
        customer_order_number: [`The company already has order No. ${order?.id} with this customer's number`],
      },
      {},
      { customer_order_number: ["Row 3 of the file has the same customer's number"] },
    ]);
    expect(await ordersOf(company.id)).toHaveLength(2);
  });
});

describe("all or none", () => {
  it("creates nothing when a row checked valid is refused at the import (its book changed meanwhile)", async () => {
    const { company, client } = await world();
    const kindName = `Авто ${Math.random().toString(36).slice(2, 8)}`;
    const [kind] = await ctx.db.insert(transportKinds).values({ description: kindName }).returning();
    const file = await xlsxOf(
      [label("consignor_name"), label("transport_kinds")],
      [
        ["First", ""],
        ["Second", kindName],
        ["Third", ""],
      ],
    );
    const checked = await preview(ctx, client, file);
    expect(checked.valid).toBe(3);
    await ctx.db.delete(transportKinds).where(eq(transportKinds.id, kind?.id ?? 0));
    await (await ctx.as(client)).post(`${IMPORTS}${checked.id}/start/`);
    const ended = await importAfter(ctx, client, checked.id, "importing");
    expect(ended).toMatchObject({ state: "failed", created: 0 });
    expect(ended.failure).toBe(
      "Row 3 could not be imported: nothing was created. Upload the file again to see why",
    );
    expect(await ordersOf(company.id)).toHaveLength(0);
  });

  it("refuses to start an import with no valid row, or one not checked yet", async () => {
    const { client } = await world();
    const checked = await preview(ctx, client, await xlsxOf([label("container_count")], [["many"]]));
    expect(checked.valid).toBe(0);
    const start = await (await ctx.as(client)).post(`${IMPORTS}${checked.id}/start/`);
    expect(start.statusCode).toBe(400);
    expect(start.json()).toEqual({
      detail: "No row of the file is valid: correct the file and upload it again",
    });
  });
});

describe("the import's write path and progress", () => {
  it("creates the rows through the orders' createMany in its transaction, its progress seen while that runs", async () => {
    const { company, client } = await world();
    const rows = Array.from({ length: 8 }, (_, index) => [`Progress ${index + 1}`]);
    const checked = await preview(ctx, client, await xlsxOf([label("consignor_name")], rows));
    expect(checked.valid).toBe(8);
    // The run is held after its fifth row, its transaction open, until the test has seen the progress
    const { orders } = ctx.services.orders;
    const createMany = orders.createMany.bind(orders);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // On the embedded database (one connection) a read waits for the import's transaction: nothing is held there
    const isServer = Boolean(process.env.TEST_DATABASE_URL);
    const calls: { rows: number; dryRun?: boolean; inOuter: boolean }[] = [];
    const spy = vi.spyOn(orders, "createMany").mockImplementation((user, bodies, options = {}) => {
      calls.push({ rows: bodies.length, dryRun: options.dryRun, inOuter: options.outer !== undefined });
      return createMany(user, bodies, {
        ...options,
        onRow: async (index, id) => {
          await options.onRow?.(index, id);
          if (index === 4 && isServer) await held;
        },
      });
    });
    try {
      const api = await ctx.as(client);
      expect((await api.post(`${IMPORTS}${checked.id}/start/`)).statusCode).toBe(200);
      if (isServer) {
        await expect
          .poll(async () => (await api.get(`${IMPORTS}${checked.id}/`)).json(), { timeout: 30_000 })
          .toMatchObject({ state: "importing", created: 5 });
        // Nothing of the import is seen before its transaction commits
        expect(await ordersOf(company.id)).toHaveLength(0);
      }
      release();
      expect(await importAfter(ctx, client, checked.id, "importing")).toMatchObject({
        state: "done",
        created: 8,
      });
    } finally {
      release();
      spy.mockRestore();
    }
    expect(calls).toEqual([{ rows: 8, dryRun: undefined, inOuter: true }]);
    // The create's own steps ran for each row: its stamp (the author, the first status)
    const created = await ordersOf(company.id);
    expect(created).toHaveLength(8);
    expect(created.every((order) => order.author_id === client.id && order.status === 1)).toBe(true);
  });
});

describe("createMany between two rows", () => {
  it("lets the event loop take its turn, so that a file's rows do not hold the process on the embedded database", async () => {
    const { company, client } = await world();
    const user = await ctx.services.users.activePrincipal(client.id);
    if (!user) throw new Error("the client is not active");
    const bodies = Array.from({ length: 4 }, (_, index) => ({ consignor_name: `Turn ${index + 1}` }));
    let done = 0;
    let doneWhenTurned: number | null = null;
    const { ids, refused } = await ctx.services.orders.orders.createMany(user, bodies, {
      dryRun: true,
      onRow: (index) => {
        done = index + 1;
        // A timer set once the first row is done runs before the second row starts (without the turn: after all)
        if (index === 0) setImmediate(() => (doneWhenTurned ??= done));
      },
    });
    expect(refused.size).toBe(0);
    expect(ids.every((id) => typeof id === "number")).toBe(true);
    expect(doneWhenTurned).toBe(1);
    // A dry run keeps nothing
    expect(await ordersOf(company.id)).toHaveLength(0);
  });
});

describe("reading an import", () => {
  it("reads its rows for the page once they are checked, not at each step of the check", async () => {
    const { company, client } = await world();
    const repo = new OrderImportRepo(ctx.db);
    const rows = [
      { row: 2, cells: ["Read 1"] },
      { row: 3, cells: ["Read 2"] },
    ];
    const inserted = await repo.insert({
      company_id: company.id,
      author_id: client.id,
      file_name: "read.xlsx",
      fingerprint: `read-${Date.now()}-${Math.random()}`,
      headers: [label("consignor_name")],
      columns: ["consignor_name"],
      rows,
      total: rows.length,
    });
    expect(inserted.state).toBe("checking");
    expect((await repo.find(inserted.id, undefined, { rows: "shown" }))?.rows).toEqual([]);
    // The jobs read the file's rows whatever the state
    expect((await repo.find(inserted.id))?.rows).toEqual(rows);
    await repo.update(inserted.id, { state: "checked", checked: 2, valid: 2 });
    expect(await repo.find(inserted.id, undefined, { rows: "shown" })).toMatchObject({
      state: "checked",
      valid: 2,
      rows,
    });
  });
});

describe("tenancy of imports", () => {
  it("lets clients import for their own and related companies, managers for any; others' imports are 404", async () => {
    const { company, other, client, related, outsider, manager } = await world();
    const file = () => xlsxOf([label("consignor_name")], [[`Row ${Math.random()}`]]);
    // A client of the company naming another company: that company does not exist for them
    const foreign = await uploadImport(ctx, client, await file(), { fields: { company: String(other.id) } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ company: ["The company does not exist"] });
    // A related user chooses the company they are related to; a manager any company
    const byRelated = await preview(ctx, related, await file(), { fields: { company: String(company.id) } });
    const byManager = await preview(ctx, manager, await file(), { fields: { company: String(other.id) } });
    expect(byRelated.valid).toBe(1);
    expect(byManager.valid).toBe(1);
    // Without a company, a client imports for their own
    const own = await uploadImport(ctx, client, await file());
    expect(own.json().company).toBe(company.id);
    // Another company's import does not exist for a client, whatever the call
    for (const call of ["", "report/"]) {
      await ctx.expectRefused({ outsider }, (api) => api.get(`${IMPORTS}${byRelated.id}/${call}`), 404);
    }
    await ctx.expectRefused({ outsider }, (api) => api.post(`${IMPORTS}${byRelated.id}/start/`), 404);
    await ctx.expectRefused({ client }, (api) => api.get(`${IMPORTS}${byManager.id}/`), 404);
    // The manager's import is of the company it was made for, and its orders are that company's
    await (await ctx.as(manager)).post(`${IMPORTS}${byManager.id}/start/`);
    expect((await importAfter(ctx, manager, byManager.id, "importing")).state).toBe("done");
    expect(await ordersOf(other.id)).toHaveLength(1);
    // Anonymous callers are refused before anything
    const anonymous = await ctx.app.inject({ url: `${IMPORTS}template/` });
    expect(anonymous.statusCode).toBe(401);
  });
});
