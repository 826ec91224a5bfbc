import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { freightOrderHistory } from "../../db/schema/index.ts";
import { buildCustomerWorld } from "../../test/customer-world.ts";
import { SAMPLE_FILES } from "../../test/multipart.ts";
import { buildOrderFile } from "../../test/orders.ts";
import { pdf, UPLOAD_LIMIT, uploadRequests, useUploadTestContext, utf8Name } from "../../test/uploads.ts";

// Signed orders (tracking/api/freight_orders/:id/sign/): uploaded where the workflow needs one, kept apart from
// the documents and from deletion while the history names them.

const ORDERS = "/tracking/api/freight_orders/";

const ctx = useUploadTestContext();
const { upload, get, storedKeys } = uploadRequests(ctx);

const world = () => buildCustomerWorld(ctx);

describe("tracking/api/freight_orders/:id/sign/", () => {
  it("takes a client's signed order where the workflow offers a status that needs one, and the order's move takes its id", async () => {
    const { client, order } = await world();
    const approved = await order({ status: 2 });
    const response = await upload(client, `${ORDERS}${approved.id}/sign/`, [pdf("Заявка подписанная.pdf")]);
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json();
    expect(response.json()).toEqual({ id });

    const moved = await (await ctx.as(client)).patch(`${ORDERS}${approved.id}/`, {
      status: 5,
      sign_file_id: id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ status: 5, sign_file_id: id });
    const history = (await get(client, `${ORDERS}${approved.id}/history/`)).json();
    expect(history.results).toContainEqual(expect.objectContaining({ kind: "status", sign_file_id: id }));

    const download = await get(client, `${ORDERS}${approved.id}/sign/${id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);
    expect(utf8Name(download.headers["content-disposition"])).toBe("Заявка подписанная.pdf");
    expect(download.headers["content-disposition"]).toMatch(/^attachment;/);
  });

  it("keeps signed orders apart from the documents: not listed, not downloaded, changed or deleted as one", async () => {
    const { client, manager, order } = await world();
    const approved = await order({ status: 2 });
    const signed = (await upload(client, `${ORDERS}${approved.id}/sign/`, [pdf()])).json();
    const document = (await upload(client, `${ORDERS}${approved.id}/files/`, [pdf()])).json();
    expect((await get(client, `${ORDERS}${approved.id}/files/`)).json()).toMatchObject({
      count: 1,
      results: [{ id: document.id }],
    });
    await ctx.expectRefused(
      { client, manager },
      (api) => api.get(`${ORDERS}${approved.id}/file/${signed.id}`),
      404,
    );
    await ctx.expectRefused(
      { client, manager },
      (api) => api.get(`${ORDERS}${approved.id}/sign/${document.id}`),
      404,
    );
    await ctx.expectRefused(
      { manager },
      (api) => api.delete(`${ORDERS}${approved.id}/files/${signed.id}/`),
      404,
    );
    await ctx.expectRefused(
      { manager },
      (api) => api.patch(`${ORDERS}${approved.id}/files/${signed.id}/`, {}),
      404,
    );
    expect(await storedKeys(approved.id)).toHaveLength(2);
  });

  it("refuses a client the workflow offers no status needing a signed order (403), and another company's order (404)", async () => {
    const { client, manager, outsider, order } = await world();
    const draft = await order();
    const refused = await upload(client, `${ORDERS}${draft.id}/sign/`, [pdf()]);
    expect(refused.statusCode).toBe(403);
    expect(await storedKeys(draft.id)).toEqual([]);
    expect((await upload(manager, `${ORDERS}${draft.id}/sign/`, [pdf()])).statusCode).toBe(201);
    const approved = await order({ status: 2 });
    expect((await upload(outsider, `${ORDERS}${approved.id}/sign/`, [pdf()])).statusCode).toBe(404);
    const signed = await buildOrderFile(ctx.db, { freight_order_id: approved.id, author_id: manager.id });
    await ctx.expectRefused({ outsider }, (api) => api.get(`${ORDERS}${approved.id}/sign/${signed.id}`), 404);
  });

  it("checks a signed order's content and size as a document's", async () => {
    const { client, order } = await world();
    const approved = await order({ status: 2 });
    const html = await upload(client, `${ORDERS}${approved.id}/sign/`, [
      pdf("signed.pdf", SAMPLE_FILES.html),
    ]);
    expect(html.statusCode).toBe(400);
    const big = await upload(client, `${ORDERS}${approved.id}/sign/`, [
      pdf("signed.pdf", Buffer.alloc(UPLOAD_LIMIT + 1, 0x41)),
    ]);
    expect(big.statusCode).toBe(413);
    expect(await storedKeys(approved.id)).toEqual([]);
  });

  it("answers 404 for a signed order whose bytes are lost, rather than failing", async () => {
    const { client, manager, order } = await world();
    const approved = await order({ status: 2 });
    const signed = await buildOrderFile(ctx.db, { freight_order_id: approved.id, author_id: manager.id });
    expect((await get(client, `${ORDERS}${approved.id}/sign/${signed.id}`)).statusCode).toBe(404);
  });
});

describe("a history entry's signed order", () => {
  it("cannot be deleted through the documents, so the history keeps it", async () => {
    const { client, manager, order } = await world();
    const approved = await order({ status: 2 });
    const { id } = (await upload(client, `${ORDERS}${approved.id}/sign/`, [pdf()])).json();
    await (await ctx.as(client)).patch(`${ORDERS}${approved.id}/`, { status: 5, sign_file_id: id });
    await ctx.expectRefused(
      { manager, client },
      (api) => api.delete(`${ORDERS}${approved.id}/files/${id}/`),
      404,
    );
    const entries = await ctx.db
      .select({ sign_file_id: freightOrderHistory.sign_file_id })
      .from(freightOrderHistory)
      .where(eq(freightOrderHistory.freight_order_id, approved.id));
    expect(entries).toContainEqual({ sign_file_id: id });
    expect((await get(client, `${ORDERS}${approved.id}/sign/${id}`)).statusCode).toBe(200);
  });
});
