import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildContainer } from "../../test/containers.ts";
import { useTestContext } from "../../test/context.ts";
import { buildOrder } from "../../test/orders.ts";
import { containerMonitoring, containerTerminal } from "../schema/index.ts";
import { seedOperations } from "./demo-operations.ts";

const ctx = useTestContext();

describe("seedOperations", () => {
  it("fills the monitoring of monitored orders' containers and the terminal report of approved and later ones", async () => {
    const company = await ctx.buildCompany();
    const client = await ctx.buildUser({ company_id: company.id });
    const manager = await ctx.buildUser({ company_id: company.id, roles: ["Manager"] });
    const container = async (status: number) =>
      buildContainer(ctx.db, {
        freight_order_id: (await buildOrder(ctx.db, { company_id: company.id, author_id: client.id, status }))
          .id,
        author_id: client.id,
        updated_by_id: manager.id,
        prepare_to_ship_date: "2026-03-10",
      });
    const approved = await container(2);
    const completed = await container(7);
    const draft = await container(1);
    await seedOperations(ctx.db);

    const monitoring = async (id: number) =>
      (await ctx.db.select().from(containerMonitoring).where(eq(containerMonitoring.id, id)))[0];
    const terminal = async (id: number) =>
      (await ctx.db.select().from(containerTerminal).where(eq(containerTerminal.id, id)))[0];

    const watched = await monitoring(approved.id);
    expect(watched).toMatchObject({ updated_by_id: manager.id, internal_shipping_currency: "RUB" });
    expect(watched?.tk_order_number).toMatch(/^ЗНП-2026\/\d{5}$/);
    expect(watched?.foreign_forwarder).not.toBe("");
    expect(["USD", "CNY"]).toContain(watched?.foreign_shipping_currency);
    expect(watched?.foreign_shipping_cost).toBeGreaterThan(0);
    expect(watched?.internal_shipping_cost).toBeGreaterThan(0);
    // A completed order's containers leave the monitoring: their cells stay empty
    expect(await monitoring(completed.id)).toMatchObject({ tk_order_number: "", version: 1 });

    for (const id of [approved.id, completed.id]) {
      const row = await terminal(id);
      expect(row?.wagon_number).toMatch(/^\d{8}$/);
      expect(row?.platform_model).toMatch(/^13-/);
      expect(row?.gu12_number).toMatch(/^\d{10}$/);
      expect(row).toMatchObject({ delivery_date: "2026-03-09", updated_by_id: manager.id });
      expect((row?.gross_weight ?? 0) - (row?.net_weight ?? 0)).toBe(row?.tare_weight);
    }
    expect(await terminal(draft.id)).toMatchObject({ owner: "", wagon_number: "", version: 1 });
    expect(await monitoring(draft.id)).toMatchObject({ tk_order_number: "", version: 1 });
  });
});
