import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildContainer } from "../../test/containers.ts";
import { useTestContext } from "../../test/context.ts";
import { buildOrder } from "../../test/orders.ts";
import { containerEvents } from "../schema/index.ts";
import { seedTrackDateEvents } from "./demo-tracking.ts";

const ctx = useTestContext();

describe("seedTrackDateEvents", () => {
  it("records one milestone a track date of the seeded containers, by their last editor, on its date", async () => {
    const company = await ctx.buildCompany();
    const client = await ctx.buildUser({ company_id: company.id });
    const manager = await ctx.buildUser({ company_id: company.id, roles: ["Manager"] });
    const order = await buildOrder(ctx.db, { company_id: company.id, author_id: client.id });
    const underWay = await buildContainer(ctx.db, {
      freight_order_id: order.id,
      author_id: client.id,
      updated_by_id: manager.id,
      railway_accept_date: "2026-03-10",
      final_release_date: "2099-01-01",
    });
    const planned = await buildContainer(ctx.db, { freight_order_id: order.id, author_id: client.id });
    await seedTrackDateEvents(ctx.db);
    const events = await ctx.db
      .select()
      .from(containerEvents)
      .where(eq(containerEvents.container_id, underWay.id))
      .orderBy(containerEvents.event_date);
    expect(events).toMatchObject([
      {
        event_code: "accepted_by_railway",
        event_type: "equipment",
        event_date: "2026-03-10",
        source: "portal",
        user_id: manager.id,
        recorded_at: new Date("2026-03-10T06:00:00Z"),
      },
      { event_code: "released", event_date: "2099-01-01", user_id: manager.id },
    ]);
    // A day still to come was recorded when the seed ran, not in the future
    expect(events[1]?.recorded_at.getTime()).toBeLessThanOrEqual(Date.now());
    expect(
      await ctx.db.select().from(containerEvents).where(eq(containerEvents.container_id, planned.id)),
    ).toEqual([]);
  });
});
