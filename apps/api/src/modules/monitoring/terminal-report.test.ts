import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { containerTerminal, documentTypes, freightOrderFiles } from "../../db/schema/index.ts";
import { DRAFT, useContainerTests } from "../../test/containers.ts";

// The terminal report (spec 02 §2 "Terminal report"): every signed-in user reads their companies' containers (of
// orders in any status), with the columns derived from the container and its order; managers change the terminal's
// own cells, versioned.

const REPORT = "/tracking/api/reports/terminal-utro/";

const { ctx, references, world } = useContainerTests();

describe("GET tracking/api/reports/terminal-utro/", () => {
  it("derives the order's day, the number's prefix and rest, the type and the order's documents", async () => {
    const { client, order, container, file } = await world();
    const theirs = await order({
      status: DRAFT,
      create_date: new Date("2026-02-28T22:30:00Z"), // 1 March in Moscow
      consignor_name: "Harbin Timber Co",
      consignee_name: "ООО «Таёжный лес»",
      consignee_country_name: "Россия",
      freight_description: "Пиломатериалы хвойных пород",
      packing_kind: "пакеты",
    });
    const { id } = await container(theirs.id, {
      container: "MSKU9070327",
      container_type: references.containerType,
      notes: "осмотр на терминале",
    });
    const [invoice] = await ctx.db
      .insert(documentTypes)
      .values({ title: "Инвойс", title_en: "Invoice" })
      .returning();
    const first = await file(theirs.id, "invoice-12.pdf");
    await file(theirs.id, "packing.pdf");
    await ctx.db
      .update(freightOrderFiles)
      .set({ document_type: invoice?.id, document_number: "12", document_date: "2026-03-01" })
      .where(eq(freightOrderFiles.id, first.id));
    const row = (await (await ctx.as(client)).get(`${REPORT}${id}/`)).json();
    expect(row).toMatchObject({
      id,
      freight_order: theirs.id,
      freight_order_date: "2026-03-01",
      container: "MSKU9070327",
      prefix: "MSKU",
      number: "9070327",
      // The terminal's report, a Russian document, names the type in Russian
      container_type_name: "45G1 Контейнер повышенной вместимости 40′",
      consignor_name: "Harbin Timber Co",
      consignee_country_name: "Россия",
      freight_description: "Пиломатериалы хвойных пород",
      packing_kind: "пакеты",
      notes: "осмотр на терминале",
      documents: "Инвойс № 12 от 2026-03-01; packing.pdf",
      owner: "",
      version: 1,
    });
  });

  it("shows every signed-in user their companies' containers only; another company's is a 404", async () => {
    const { client, related, outsider, manager, order, container } = await world();
    const { id } = await container((await order({ status: DRAFT })).id);
    for (const user of [client, related, manager]) {
      const list = (await (await ctx.as(user)).get(`${REPORT}?take=1000`)).json();
      expect(list.results.map((row: { id: number }) => row.id)).toContain(id);
    }
    const theirs = (await (await ctx.as(outsider)).get(`${REPORT}?take=1000`)).json();
    expect(theirs.results.map((row: { id: number }) => row.id)).not.toContain(id);
    await ctx.expectRefused({ outsider }, (api) => api.get(`${REPORT}${id}/`), 404);
    await ctx.expectRefused({ outsider }, (api) => api.patch(`${REPORT}${id}/`, { owner: "x" }), 404);
  });

  it("searches the terminal's columns and filters by the prefix", async () => {
    const { manager, order, container } = await world();
    const theirs = await order();
    const { id } = await container(theirs.id, { container: "TGHU1234567" });
    const other = await container(theirs.id, { container: "CSQU3054383" });
    await ctx.db
      .update(containerTerminal)
      .set({ wagon_number: "53918475" })
      .where(eq(containerTerminal.id, id));
    const api = await ctx.as(manager);
    const searched = (await api.get(`${REPORT}?search=53918475`)).json();
    expect(searched.results.map((row: { id: number }) => row.id)).toEqual([id]);
    const filtered = (
      await api.get(`${REPORT}?filters=${encodeURIComponent("prefix=TGHU")}&take=1000`)
    ).json();
    const ids = filtered.results.map((row: { id: number }) => row.id);
    expect(ids).toContain(id);
    expect(ids).not.toContain(other.id);
  });
});

describe("PATCH tracking/api/reports/terminal-utro/{container_id}/", () => {
  it("lets managers alone change the terminal's cells, versioned, and checks them on the field", async () => {
    const { client, related, manager, order, container } = await world();
    const { id } = await container((await order()).id);
    const url = `${REPORT}${id}/`;
    await ctx.expectRefused({ client, related }, (api) => api.patch(url, { owner: "x" }));
    const api = await ctx.as(manager);
    const changed = await api.patch(url, {
      owner: "CMA CGM",
      wagon_number: "53918475",
      platform_model: "13-9004М",
      delivery_date: "2026-03-12",
      gross_weight: 24300,
      terminal_payment: 18500,
      version: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ owner: "CMA CGM", gross_weight: 24300, version: 2 });
    expect(changed.json().updated_by).toMatchObject({ last_name: manager.last_name });
    const stale = await api.patch(url, { owner: "late", version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ owner: "CMA CGM", version: 2 });
    for (const [field, value] of [
      ["gross_weight", -1],
      ["terminal_payment", 1.005],
      ["wagon_number", "1".repeat(21)],
      ["delivery_date", "12.03.2026"],
    ] as const) {
      const response = await api.patch(url, { [field]: value });
      expect(response.statusCode, field).toBe(400);
      expect(Object.keys(response.json()), field).toContain(field);
    }
  });
});
