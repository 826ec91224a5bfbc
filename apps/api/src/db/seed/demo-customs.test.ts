import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/context.ts";
import { buildDocumentTypes } from "../../test/customs.ts";
import { buildOrder, buildOrderFile } from "../../test/orders.ts";
import { containerEvents, containerLabels, containers } from "../schema/index.ts";
import { seedContainers } from "./demo-containers.ts";
import { seedCustomsHistory } from "./demo-customs.ts";

let ctx: TestContext;
beforeAll(async () => {
  // No workers: the seeded packages stay as the seed left them
  ctx = await createTestContext({ JOB_WORKERS: "false" });
});
afterAll(() => ctx?.close());

describe("seedCustomsHistory", () => {
  it("gives the demo's packages their customs events, the decided ones their labels; in-flight ones get jobs", async () => {
    const types = await buildDocumentTypes(ctx.db);
    const company = await ctx.buildCompany();
    const client = await ctx.buildUser({ company_id: company.id });
    const order = async (status: number, container_count: number) => {
      const row = await buildOrder(ctx.db, {
        company_id: company.id,
        author_id: client.id,
        status,
        container_count,
      });
      for (const [name, type] of [
        ["invoice.pdf", types.invoice],
        ["packing-list.pdf", types.packingList],
      ] as const) {
        await buildOrderFile(ctx.db, {
          freight_order_id: row.id,
          author_id: client.id,
          kind: "document",
          filename: name,
          storage_key: `orders/${row.id}/${name}`,
          document_type: type,
        });
      }
      return row.id;
    };
    const approved = await order(2, 2);
    const signed = await order(5, 3);
    await seedContainers(ctx.db, new Map());
    await seedCustomsHistory(ctx.db);

    const rows = await ctx.db.select().from(containers).orderBy(asc(containers.id));
    const eventsOf = async (id: number) =>
      (
        await ctx.db
          .select()
          .from(containerEvents)
          .where(eq(containerEvents.container_id, id))
          .orderBy(asc(containerEvents.id))
      ).map((event) => event.event_code);
    const labelsOf = async (id: number) =>
      (await ctx.db.select().from(containerLabels).where(eq(containerLabels.container_id, id))).map(
        (label) => label.name,
      );
    const [pending, uploaded] = rows.filter((row) => row.freight_order_id === approved);
    const [accepted, rejected, failed] = rows.filter((row) => row.freight_order_id === signed);
    if (!pending || !uploaded || !accepted || !rejected || !failed) throw new Error("containers not seeded");
    expect(await eventsOf(pending.id)).toEqual(["package_sent"]);
    expect(await eventsOf(uploaded.id)).toEqual(["package_sent", "package_uploaded"]);
    expect(await eventsOf(accepted.id)).toEqual([
      "package_sent",
      "package_uploaded",
      "package_accepted",
      "declaration_released",
    ]);
    expect(await labelsOf(accepted.id)).toEqual(["Выпуск разрешён", "Досмотр не требуется"]);
    expect(await eventsOf(rejected.id)).toEqual(["package_sent", "package_uploaded", "package_rejected"]);
    expect(await labelsOf(rejected.id)).toEqual(["Отказ в регистрации"]);
    expect(await eventsOf(failed.id)).toEqual(["package_sent", "package_processing_error"]);
    expect(await labelsOf(pending.id)).toEqual([]);

    // The packages on their way get their jobs once the queue runs (as the server sends them after the seed)
    expect(await ctx.services.customs.sendPackagesInFlight()).toBe(2);
    const jobs = ctx.services.customs.jobTypes;
    expect(await ctx.jobs.find(jobs.submit, `${pending.id}:${pending.pkg_pid}`)).toMatchObject({
      state: "created",
    });
    expect(await ctx.jobs.find(jobs.ask, `${uploaded.id}:${uploaded.pkg_pid}:1`)).toMatchObject({
      state: "created",
    });
    expect(await ctx.services.customs.sendPackagesInFlight()).toBe(0);
  });
});
