import { isValidContainerNumber } from "@portal/domain";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/context.ts";
import { buildOrder, buildOrderFile } from "../../test/orders.ts";
import { containerPackageFiles, containers, freightOrderFiles } from "../schema/index.ts";
import { demoContainerNumber, seedContainers } from "./demo-containers.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe("demoContainerNumber", () => {
  it("gives ISO 6346 numbers, and the two mistakes people make", () => {
    expect(isValidContainerNumber(demoContainerNumber(3, 1))).toBe(true);
    expect(demoContainerNumber(3, 1)).toBe(demoContainerNumber(3, 1));
    expect(isValidContainerNumber(demoContainerNumber(3, 1, "check digit"))).toBe(false);
    expect(demoContainerNumber(3, 1, "letter O")).toMatch(/^[A-Z]{4}\d\dO\d{4}$/);
  });
});

describe("seedContainers", () => {
  it("fills each order as far as its status, with packages of its documents in the customs system's states", async () => {
    const company = await ctx.buildCompany();
    const client = await ctx.buildUser({ company_id: company.id });
    const manager = await ctx.buildUser({ company_id: company.id, roles: ["Manager"] });
    const order = async (status: number, container_count: number, hasDocuments = true) => {
      const row = await buildOrder(ctx.db, {
        company_id: company.id,
        author_id: client.id,
        status,
        container_count,
      });
      if (hasDocuments) {
        for (const name of ["invoice.pdf", "smgs.pdf"]) {
          await buildOrderFile(ctx.db, {
            freight_order_id: row.id,
            author_id: client.id,
            kind: "document",
            filename: name,
            storage_key: `orders/${row.id}/${name}`,
          });
        }
      }
      return row.id;
    };
    const draft = await order(1, 4);
    const approved = await order(2, 2);
    const signed = await order(5, 3);
    const underWay = await order(6, 3);
    const completed = await order(7, 1);
    const cancelled = await order(8, 2);
    const noDocuments = await order(5, 2, false);
    await seedContainers(ctx.db, new Map([["manager", manager.id]]));

    const rows = await ctx.db.select().from(containers).orderBy(asc(containers.id));
    const of = (orderId: number) => rows.filter((row) => row.freight_order_id === orderId);
    // A draft has half its containers, the last mistyped; the others all of them
    expect(of(draft)).toHaveLength(2);
    expect(of(draft).map((row) => row.is_number_valid)).toEqual([true, false]);
    for (const row of rows) expect(row.is_number_valid).toBe(isValidContainerNumber(row.container));
    expect(of(approved).map((row) => row.pkg_state)).toEqual(["pending", "uploaded"]);
    expect(of(signed).map((row) => row.pkg_state)).toEqual(["accepted", "rejected", "processing_error"]);
    expect(of(underWay).map((row) => row.pkg_state)).toEqual(["accepted", "accepted", "withdraw"]);
    expect(of(completed)).toMatchObject([{ pkg_state: "accepted", tracking_done: true, status: 2 }]);
    expect(of(cancelled).map((row) => [row.pkg_state, row.status])).toEqual([
      ["withdrawn", 3],
      [null, 3],
    ]);
    expect(of(noDocuments).map((row) => row.pkg_state)).toEqual([null, null]);
    expect(of(signed)[0]).toMatchObject({ td_number: expect.stringMatching(/^10719110\/\d{6}\/\d{7}$/) });
    expect(of(signed)[1]?.pkg_message).not.toBe("");

    const packaged = rows.filter((row) => row.pkg_state !== null);
    expect(new Set(packaged.map((row) => row.pkg_pid)).size).toBe(packaged.length);
    for (const row of packaged) {
      const files = await ctx.db
        .select({ order: freightOrderFiles.freight_order_id })
        .from(containerPackageFiles)
        .innerJoin(freightOrderFiles, eq(freightOrderFiles.id, containerPackageFiles.freight_order_file_id))
        .where(eq(containerPackageFiles.container_id, row.id));
      expect(files.length).toBe(2);
      expect(files.every((file) => file.order === row.freight_order_id)).toBe(true);
    }
  });
});
