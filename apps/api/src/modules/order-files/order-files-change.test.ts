import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { freightOrders } from "../../db/schema/index.ts";
import { buildCustomerWorld } from "../../test/customer-world.ts";
import { SAMPLE_FILES } from "../../test/multipart.ts";
import { pdf, uploadRequests, useUploadTestContext } from "../../test/uploads.ts";

// Orders' documents (tracking/api/freight_orders/:id/files/): changing a document's details and deleting it.

const ORDERS = "/tracking/api/freight_orders/";

const ctx = useUploadTestContext();
const { upload, get, storedKeys } = uploadRequests(ctx);

const world = () => buildCustomerWorld(ctx);

describe("PATCH and DELETE tracking/api/freight_orders/:id/files/:file_id/", () => {
  async function withDocument(status = 1) {
    const w = await world();
    const target = await w.order({ status });
    const response = await upload(status === 1 ? w.client : w.manager, `${ORDERS}${target.id}/files/`, [
      pdf(),
    ]);
    return { ...w, target, file: response.json(), url: `${ORDERS}${target.id}/files/${response.json().id}/` };
  }

  it("changes a document's details, versioned: 409 with the current row on a stale version", async () => {
    const { client, url } = await withDocument();
    const api = await ctx.as(client);
    const changed = await api.patch(url, {
      document_number: "СМГС 0042",
      document_date: "2026-11-21",
      version: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      document_number: "СМГС 0042",
      document_date: "2026-11-21",
      version: 2,
    });
    const stale = await api.patch(url, { document_title: "late", version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ document_number: "СМГС 0042", version: 2 });
    // Read-only fields are ignored: nothing is left to change, and the version stays
    const readOnly = await api.patch(url, { filename: "evil.html", size: 1, freight_order: 1 });
    expect(readOnly.statusCode).toBe(200);
    expect(readOnly.json()).toMatchObject({
      filename: "invoice.pdf",
      size: SAMPLE_FILES.pdf.length,
      version: 2,
    });
  });

  it("refuses impossible details with 400 on their fields", async () => {
    const { client, url } = await withDocument();
    const api = await ctx.as(client);
    for (const [body, field] of [
      [{ document_date: "2026-13-01" }, "document_date"],
      [{ document_date: "0000-01-01" }, "document_date"],
      [{ document_type: 999999 }, "document_type"],
      [{ document_type: 2147483648 }, "document_type"],
      [{ document_number: "a\u0000" }, "document_number"],
      [{ is_original: "yes" }, "is_original"],
    ] as const) {
      const response = await api.patch(url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json())).toContain(field);
    }
  });

  it("lets clients change and delete documents only where the status allows it; managers always", async () => {
    const { client, manager, target, url } = await withDocument();
    await ctx.db.update(freightOrders).set({ status: 6 }).where(eq(freightOrders.id, target.id));
    await ctx.expectRefused({ client }, (api) => api.patch(url, { document_title: "x" }));
    await ctx.expectRefused({ client }, (api) => api.delete(url));
    expect((await (await ctx.as(manager)).patch(url, { document_title: "Проверено" })).statusCode).toBe(200);
    expect((await (await ctx.as(client)).get(url)).json().document_title).toBe("Проверено");
    expect((await (await ctx.as(manager)).delete(url)).statusCode).toBe(204);
  });

  it("deletes the document and its stored bytes", async () => {
    const { client, target, file, url } = await withDocument();
    expect(await storedKeys(target.id)).toHaveLength(1);
    const api = await ctx.as(client);
    expect((await api.delete(url)).statusCode).toBe(204);
    expect(await storedKeys(target.id)).toEqual([]);
    expect((await api.get(url)).statusCode).toBe(404);
    expect((await get(client, `${ORDERS}${target.id}/file/${file.id}`)).statusCode).toBe(404);
    expect((await api.delete(url)).statusCode).toBe(404);
  });

  it("answers 404 for another company's order and for a document of another order", async () => {
    const { client, outsider, target, file, order } = await withDocument();
    const another = await order();
    const urls = [`${ORDERS}${target.id}/files/${file.id}/`, `${ORDERS}${target.id}/file/${file.id}`];
    await ctx.expectRefused({ outsider }, (api) => api.get(urls[0] as string), 404);
    await ctx.expectRefused(
      { outsider },
      (api) => api.patch(urls[0] as string, { document_title: "x" }),
      404,
    );
    await ctx.expectRefused({ outsider }, (api) => api.delete(urls[0] as string), 404);
    await ctx.expectRefused({ outsider }, (api) => api.get(urls[1] as string), 404);
    const wrong = `${ORDERS}${another.id}/files/${file.id}/`;
    await ctx.expectRefused({ client }, (api) => api.get(wrong), 404);
    await ctx.expectRefused({ client }, (api) => api.patch(wrong, { document_title: "x" }), 404);
    await ctx.expectRefused({ client }, (api) => api.delete(wrong), 404);
    await ctx.expectRefused({ client }, (api) => api.get(`${ORDERS}${another.id}/file/${file.id}`), 404);
    expect(await storedKeys(target.id)).toHaveLength(1);
  });
});
