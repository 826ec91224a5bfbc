import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { documentTypes } from "../../db/schema/index.ts";
import { buildCustomerWorld } from "../../test/customer-world.ts";
import { type FormPart, multipartBody, SAMPLE_FILES } from "../../test/multipart.ts";
import { pdf, UPLOAD_LIMIT, uploadRequests, useUploadTestContext, utf8Name } from "../../test/uploads.ts";

// Orders' documents (tracking/api/freight_orders/:id/files/): uploading a document, with its details, who may upload
// where, the size limit and the form's own mistakes.

const ORDERS = "/tracking/api/freight_orders/";

const ctx = useUploadTestContext();
const { upload, get, storedKeys } = uploadRequests(ctx);

const world = () => buildCustomerWorld(ctx);

describe("POST tracking/api/freight_orders/:id/files/", () => {
  it("stores the document with its details and answers its row; the list and the download give it back", async () => {
    const { client, order } = await world();
    const draft = await order();
    const [invoiceType] = await ctx.db
      .select()
      .from(documentTypes)
      .where(eq(documentTypes.title_en, "Commercial invoice"));
    const type =
      invoiceType ??
      (
        await ctx.db
          .insert(documentTypes)
          .values({ title: "Инвойс", title_en: "Commercial invoice" })
          .returning()
      )[0];
    const response = await upload(client, `${ORDERS}${draft.id}/files/`, [
      pdf("Инвойс № 15.pdf"),
      { name: "document_number", value: "INV-15/2026" },
      { name: "document_date", value: "2026-11-20" },
      { name: "document_type", value: String(type?.id) },
      { name: "document_title", value: "Инвойс на пиломатериалы" },
      { name: "is_original", value: "true" },
      { name: "unknown_field", value: "ignored" },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const row = response.json();
    expect(row).toMatchObject({
      filename: "Инвойс № 15.pdf",
      document_number: "INV-15/2026",
      document_date: "2026-11-20",
      document_type: type?.id,
      document_type_title_en: "Commercial invoice",
      document_title: "Инвойс на пиломатериалы",
      is_original: true,
      size: SAMPLE_FILES.pdf.length,
      content_type: "application/pdf",
      freight_order: draft.id,
      author: { first_name: "Пётр", last_name: "Иванов" },
      version: 1,
    });
    expect(row.create_date).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const list = (await get(client, `${ORDERS}${draft.id}/files/`)).json();
    expect(list).toMatchObject({ count: 1, results: [{ id: row.id, filename: "Инвойс № 15.pdf" }] });
    for (const [query, count] of [
      ["search=инвойс", 1],
      ["search=INV-15", 1],
      ["search=накладная", 0],
      [`filters=${encodeURIComponent(`is_original=true&document_type=${type?.id}`)}&ordering=-size`, 1],
      ["filters=document_date__lt%3D2026-11-20", 0],
    ] as const) {
      const page = await get(client, `${ORDERS}${draft.id}/files/?${query}`);
      expect(page.json().count, query).toBe(count);
    }
    const one = await get(client, `${ORDERS}${draft.id}/files/${row.id}/`);
    expect(one.json()).toEqual(row);

    const download = await get(client, `${ORDERS}${draft.id}/file/${row.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.headers["x-content-type-options"]).toBe("nosniff");
    expect(download.headers["cache-control"]).toBe("no-store");
    expect(download.headers["content-disposition"]).toBe(
      `attachment; filename="Invois No 15.pdf"; filename*=UTF-8''${encodeURIComponent("Инвойс № 15.pdf")}`,
    );
    expect(utf8Name(download.headers["content-disposition"])).toBe("Инвойс № 15.pdf");
  });

  it("refuses details the document cannot have with 400 on their fields, and keeps nothing of the upload", async () => {
    const { client, order } = await world();
    const draft = await order();
    const url = `${ORDERS}${draft.id}/files/`;
    const cases: [FormPart[], Record<string, unknown>][] = [
      [
        [{ name: "document_date", value: "2026-02-30" }],
        { document_date: ["Date must be in the format yyyy-MM-dd"] },
      ],
      [[{ name: "document_type", value: "999999" }], { document_type: ["A chosen entry does not exist"] }],
      [[{ name: "document_type", value: "x1" }], { document_type: [expect.any(String)] }],
      [
        [{ name: "document_number", value: "9".repeat(51) }],
        { document_number: [expect.stringMatching(/50/)] },
      ],
      [
        [{ name: "document_title", value: "a\u0000b" }],
        { document_title: ["Null characters are not allowed."] },
      ],
      [[{ name: "is_original", value: "maybe" }], { is_original: [expect.any(String)] }],
    ];
    for (const [fields, errors] of cases) {
      const response = await upload(client, url, [pdf(), ...fields]);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json()).toMatchObject(errors);
    }
    expect((await get(client, url)).json().count).toBe(0);
    expect(await storedKeys(draft.id)).toEqual([]);
  });

  it("takes documents from clients only where the order's status lets them edit it or its containers; managers always", async () => {
    const { client, manager, order } = await world();
    const allowed = [1, 4, 2, 5]; // Draft, Needs correction, Approved, Signed
    const refused = [3, 6, 7, 8]; // Submitted, In progress, Completed, Cancelled
    for (const status of allowed) {
      const response = await upload(client, `${ORDERS}${(await order({ status })).id}/files/`, [pdf()]);
      expect(response.statusCode, `status ${status}`).toBe(201);
    }
    for (const status of refused) {
      const target = await order({ status });
      const response = await upload(client, `${ORDERS}${target.id}/files/`, [pdf()]);
      expect(response.statusCode, `status ${status}`).toBe(403);
      expect(response.json()).toEqual({ detail: "Access denied" });
      expect(await storedKeys(target.id)).toEqual([]);
      expect((await upload(manager, `${ORDERS}${target.id}/files/`, [pdf()])).statusCode).toBe(201);
    }
  });

  it("answers 404 for an order of another company, a deleted one, one that does not exist, and to strangers 401", async () => {
    const { client, outsider, related, order } = await world();
    const draft = await order();
    const gone = await order({ deleted_at: new Date() });
    await ctx.expectRefused({ outsider }, (api) => api.get(`${ORDERS}${draft.id}/files/`), 404);
    expect((await upload(outsider, `${ORDERS}${draft.id}/files/`, [pdf()])).statusCode).toBe(404);
    expect((await upload(client, `${ORDERS}${gone.id}/files/`, [pdf()])).statusCode).toBe(404);
    expect((await upload(client, `${ORDERS}2147483647/files/`, [pdf()])).statusCode).toBe(404);
    expect((await upload(related, `${ORDERS}${draft.id}/files/`, [pdf()])).statusCode).toBe(201);
    const { payload, contentType } = multipartBody([pdf()]);
    const anonymous = await ctx.app.inject({
      method: "POST",
      url: `${ORDERS}${draft.id}/files/`,
      headers: { "content-type": contentType },
      payload,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await storedKeys(draft.id)).toHaveLength(1);
  });

  it("refuses a file over the limit with 413 in the request's language, and stores nothing", async () => {
    const { client, order } = await world();
    const draft = await order();
    const big = Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(UPLOAD_LIMIT)]);
    const en = await upload(client, `${ORDERS}${draft.id}/files/`, [pdf("big.pdf", big)]);
    expect(en.statusCode).toBe(413);
    expect(en.json()).toEqual({ detail: "The file is larger than 0.1 MB" });
    const ru = await upload(client, `${ORDERS}${draft.id}/files/`, [pdf("big.pdf", big)], "ru");
    expect(ru.json()).toEqual({ detail: "Файл больше 0.1 МБ" });
    const exact = await upload(client, `${ORDERS}${draft.id}/files/`, [
      pdf(
        "exact.pdf",
        Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(UPLOAD_LIMIT - SAMPLE_FILES.pdf.length)]),
      ),
    ]);
    expect(exact.statusCode).toBe(201);
    expect(await storedKeys(draft.id)).toHaveLength(1);
  });

  it("refuses a request without a file, with the file under another name, with two files, or that is not multipart", async () => {
    const { client, order } = await world();
    const draft = await order();
    const url = `${ORDERS}${draft.id}/files/`;
    const none = await upload(client, url, [{ name: "document_number", value: "1" }]);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ file: ["This field must be set."], "@validation": "fields_not_provided" });
    const elsewhere = await upload(client, url, [{ ...pdf(), name: "attachment" }]);
    expect(elsewhere.json()).toEqual({
      file: ["This field must be set."],
      "@validation": "fields_not_provided",
    });
    const two = await upload(client, url, [pdf("a.pdf"), pdf("b.pdf")]);
    expect(two.statusCode).toBe(400);
    expect(two.json()).toEqual({ file: ["Attach one file at a time"] });
    const json = await (await ctx.as(client)).post(url, { file: "x" });
    expect(json.statusCode).toBe(415);
    const broken = await ctx.app.inject({
      method: "POST",
      url,
      headers: { ...(await ctx.authHeaders(client)), "content-type": "multipart/form-data; boundary=xyz" },
      payload:
        '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 cut short',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ detail: "The request cannot be read" });
    expect(await storedKeys(draft.id)).toEqual([]);
  });

  it("stores parallel uploads of one order apart, each with its own bytes", async () => {
    const { client, order } = await world();
    const draft = await order();
    const contents = Array.from({ length: 8 }, (_, i) => Buffer.from(`%PDF-1.4\n% document ${i}\n%%EOF\n`));
    const responses = await Promise.all(
      contents.map((bytes, i) =>
        upload(client, `${ORDERS}${draft.id}/files/`, [pdf(`Документ ${i}.pdf`, bytes)]),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(contents.map(() => 201));
    const ids = responses.map((r) => r.json().id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [i, id] of ids.entries()) {
      const download = await get(client, `${ORDERS}${draft.id}/file/${id}`);
      expect(download.rawPayload.equals(contents[i] as Buffer)).toBe(true);
      expect(utf8Name(download.headers["content-disposition"])).toBe(`Документ ${i}.pdf`);
    }
    expect((await get(client, `${ORDERS}${draft.id}/files/`)).json().count).toBe(8);
  });
});
