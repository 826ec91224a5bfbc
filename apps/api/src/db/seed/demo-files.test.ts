import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CustomsPackage } from "../../modules/containers/customs-gateway.ts";
import { missingDocuments } from "../../modules/containers/customs-simulator.ts";
import { FolderStorage } from "../../storage/folder-storage.ts";
import { createTestContext, type TestContext } from "../../test/context.ts";
import { loadReferenceData } from "../reference-data.ts";
import {
  containerPackageFiles,
  containers,
  documentTypes,
  freightOrderFiles,
  freightOrderHistory,
  freightOrders,
} from "../schema/index.ts";
import { DEMO_PASSWORD, seedDemoIfEmpty } from "./demo.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // The books name the documents' types, by which the customs simulator decides on a package
  await loadReferenceData(ctx.db);
  await seedDemoIfEmpty(ctx.db, new FolderStorage(ctx.config.FILES_DIR));
}, 120_000);
afterAll(() => ctx?.close());

async function signIn(username: string) {
  const token = await ctx.app.inject({
    method: "POST",
    url: "/api/token/",
    payload: { username, password: DEMO_PASSWORD },
  });
  return { authorization: `JWT ${token.json().access}`, "accept-language": "ru" };
}

describe("demo orders' files", () => {
  it("gives orders documents their users list and download as PDFs", async () => {
    const headers = await signIn("client");
    const orders = (await ctx.app.inject({ url: "/tracking/api/freight_orders/?take=100", headers })).json();
    let documents = 0;
    for (const order of orders.results) {
      const list = (
        await ctx.app.inject({ url: `/tracking/api/freight_orders/${order.id}/files/`, headers })
      ).json();
      documents += list.count;
      for (const file of list.results) {
        expect(file).toMatchObject({ content_type: "application/pdf", document_number: expect.any(String) });
        // Names as an upload keeps them: no folder separator, the document's number in them
        expect(file.filename).not.toMatch(/[/\\]/);
        expect(file.filename).toContain(file.document_number.replaceAll("/", "-"));
        const download = await ctx.app.inject({
          url: `/tracking/api/freight_orders/${order.id}/file/${file.id}`,
          headers,
        });
        expect(download.statusCode).toBe(200);
        expect(download.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
        expect(download.rawPayload.length).toBe(file.size);
      }
    }
    expect(documents).toBeGreaterThan(orders.count);
  });

  it("keeps a signed order for every order from Signed on, named by the order and by its move into Signed", async () => {
    const signed = await ctx.db
      .select({ id: freightOrders.id, status: freightOrders.status, file: freightOrders.sign_file_id })
      .from(freightOrders)
      .where(isNotNull(freightOrders.sign_file_id));
    expect(signed.length).toBeGreaterThan(0);
    const headers = await signIn("manager");
    for (const order of signed) {
      expect([5, 6, 7]).toContain(order.status);
      const [file] = await ctx.db
        .select()
        .from(freightOrderFiles)
        .where(eq(freightOrderFiles.id, order.file as number));
      expect(file?.kind).toBe("signed");
      const download = await ctx.app.inject({
        url: `/tracking/api/freight_orders/${order.id}/sign/${order.file}`,
        headers,
      });
      expect(download.statusCode).toBe(200);
      const entries = await ctx.db
        .select({ file: freightOrderHistory.sign_file_id })
        .from(freightOrderHistory)
        .where(and(eq(freightOrderHistory.freight_order_id, order.id), eq(freightOrderHistory.status, 5)));
      expect(entries).toContainEqual({ file: order.file });
    }
  });
});

// The packages are made of the orders' documents, which a seed without a storage leaves out: they are tested here
describe("demo packages", () => {
  it("sends most packages still on their way with what the customs simulator accepts, and a few it rejects", async () => {
    const inFlight = await ctx.db
      .select({ id: containers.id, type: documentTypes.title_en })
      .from(containers)
      .innerJoin(containerPackageFiles, eq(containerPackageFiles.container_id, containers.id))
      .innerJoin(freightOrderFiles, eq(freightOrderFiles.id, containerPackageFiles.freight_order_file_id))
      .innerJoin(documentTypes, eq(documentTypes.id, freightOrderFiles.document_type))
      .where(inArray(containers.pkg_state, ["pending", "uploaded"]));
    const packages = new Map<number, CustomsPackage["documents"]>();
    for (const row of inFlight) {
      const documents = packages.get(row.id) ?? [];
      documents.push({ document_type_en: row.type } as CustomsPackage["documents"][number]);
      packages.set(row.id, documents);
    }
    const decisions = [...packages.values()].map((documents) =>
      missingDocuments({ documents } as CustomsPackage).length === 0 ? "accepted" : "rejected",
    );
    const accepted = decisions.filter((decision) => decision === "accepted").length;
    expect(accepted).toBeGreaterThan(decisions.length / 2);
    expect(decisions).toContain("rejected");
  });

  it("gives a transit declaration's status only to the containers whose declaration the system registered", async () => {
    const rows = await ctx.db
      .select({
        state: containers.pkg_state,
        td: containers.td_number,
        status: containers.transit_decl_status,
      })
      .from(containers);
    for (const row of rows) expect(row.status !== "", JSON.stringify(row)).toBe(row.td !== "");
  });
});
