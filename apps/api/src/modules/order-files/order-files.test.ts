import { readdir } from "node:fs/promises";
import path from "node:path";
import { crc32 } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  documentTypes,
  freightOrderFiles,
  freightOrderHistory,
  freightOrders,
  relatedUsers,
} from "../../db/schema/index.ts";
import { createTestContext, type TestContext } from "../../test/context.ts";
import { type FormPart, multipartBody, SAMPLE_FILES } from "../../test/multipart.ts";
import { buildOrder, buildOrderFile } from "../../test/orders.ts";

const ORDERS = "/tracking/api/freight_orders/";
/** The upload limit of this file's app: small, so that going over it costs little. */
const LIMIT = 64 * 1024;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ UPLOAD_MAX_BYTES: String(LIMIT) });
});
afterAll(() => ctx?.close());

type User = { id: number; token_version: number };

/** A customer with a client, a colleague, a user of another company, one related to it, and the staff. */
async function world() {
  const forwarder = await ctx.buildCompany({ is_expedition_company: true });
  const company = await ctx.buildCompany({ name: "ООО «Таёжный лес»" });
  const other = await ctx.buildCompany({ name: "АО «Восточный порт»" });
  const manager = await ctx.buildUser({ company_id: forwarder.id, roles: ["Manager"] });
  const client = await ctx.buildUser({ company_id: company.id, first_name: "Пётр", last_name: "Иванов" });
  const outsider = await ctx.buildUser({ company_id: other.id });
  const related = await ctx.buildUser({ company_id: other.id });
  await ctx.db.insert(relatedUsers).values({ company_id: company.id, user_id: related.id });
  const order = (values: Partial<typeof freightOrders.$inferInsert> = {}) =>
    buildOrder(ctx.db, { company_id: company.id, author_id: client.id, ...values });
  return { forwarder, company, other, manager, client, outsider, related, order };
}

/** Sends a multipart form as the user (the language decides the messages). */
async function upload(user: User, url: string, parts: FormPart[], lang = "en") {
  const { payload, contentType } = multipartBody(parts);
  return ctx.app.inject({
    method: "POST",
    url,
    headers: { ...(await ctx.authHeaders(user, lang)), "content-type": contentType },
    payload,
  });
}

const pdf = (filename = "invoice.pdf", value: Uint8Array = SAMPLE_FILES.pdf): FormPart => ({
  name: "file",
  value,
  filename,
  contentType: "application/pdf",
});

async function get(user: User, url: string, lang = "en") {
  return ctx.app.inject({ method: "GET", url, headers: await ctx.authHeaders(user, lang) });
}

/** The file name a Content-Disposition gives in UTF-8 (`filename*`). */
function utf8Name(disposition: unknown): string {
  const match = /filename\*=UTF-8''([^;]+)/.exec(String(disposition));
  return match ? decodeURIComponent(match[1] as string) : "";
}

/** The names of the stored files of an order, in the test's files folder. */
async function storedKeys(orderId: number): Promise<string[]> {
  return readdir(path.join(ctx.config.FILES_DIR, "orders", String(orderId))).catch(() => []);
}

/** A ZIP archive of stored (uncompressed) entries: what Word and Excel files are. */
function zipOf(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt32LE(crc32(data), 14);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(header, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += header.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

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
    const big = Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(LIMIT)]);
    const en = await upload(client, `${ORDERS}${draft.id}/files/`, [pdf("big.pdf", big)]);
    expect(en.statusCode).toBe(413);
    expect(en.json()).toEqual({ detail: "The file is larger than 0.1 MB" });
    const ru = await upload(client, `${ORDERS}${draft.id}/files/`, [pdf("big.pdf", big)], "ru");
    expect(ru.json()).toEqual({ detail: "Файл больше 0.1 МБ" });
    const exact = await upload(client, `${ORDERS}${draft.id}/files/`, [
      pdf("exact.pdf", Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(LIMIT - SAMPLE_FILES.pdf.length)])),
    ]);
    expect(exact.statusCode).toBe(201);
    expect(await storedKeys(draft.id)).toHaveLength(1);
  });

  it("tells files by their content: HTML and SVG named .pdf, programs and empty files are refused in both languages", async () => {
    const { client, order } = await world();
    const draft = await order();
    const url = `${ORDERS}${draft.id}/files/`;
    for (const [name, bytes] of [
      ["report.pdf", SAMPLE_FILES.html],
      ["drawing.pdf", SAMPLE_FILES.svg],
      ["notes.txt", Buffer.from("Примечание\n<script>alert(1)</script>")],
      ["setup.pdf", SAMPLE_FILES.exe],
      ["binary.txt", Buffer.from([0x41, 0x00, 0x42])],
    ] as const) {
      const en = await upload(client, url, [pdf(name, bytes)]);
      expect(en.statusCode, name).toBe(400);
      expect(en.json()).toEqual({
        file: [
          "Files of this kind cannot be attached: attach a PDF, JPEG, PNG, TIFF, Word, Excel, text, CSV or ZIP file",
        ],
      });
    }
    const ru = await upload(client, url, [pdf("report.pdf", SAMPLE_FILES.html)], "ru");
    expect(ru.json().file[0]).toMatch(/^Файлы такого вида приложить нельзя/);
    const empty = await upload(client, url, [pdf("empty.pdf", Buffer.alloc(0))]);
    expect(empty.json()).toEqual({ file: ["The file is empty"] });
    expect(await storedKeys(draft.id)).toEqual([]);
  });

  it("keeps a name whose extension fits the content, adds the content's own otherwise, and serves the content's type", async () => {
    const { client, order } = await world();
    const draft = await order();
    const url = `${ORDERS}${draft.id}/files/`;
    const docx = zipOf({
      "[Content_Types].xml":
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
      "word/document.xml": "<w:document/>",
    });
    const cp1251 = Buffer.from([0xcd, 0xee, 0xec, 0xe5, 0xf0, 0x3b, 0x32, 0x32, 0x47, 0x31, 0x0a]); // "Номер;22G1"
    const cases: [string, Buffer, string, string][] = [
      ["Скан.PNG", SAMPLE_FILES.png, "Скан.PNG", "image/png"],
      ["scan.pdf", SAMPLE_FILES.png, "scan.pdf.png", "image/png"],
      ["Договор № 5.2026", SAMPLE_FILES.pdf, "Договор № 5.2026.pdf", "application/pdf"],
      ["page.html", SAMPLE_FILES.pdf, "page.html.pdf", "application/pdf"],
      [
        "Спецификация.docx",
        docx,
        "Спецификация.docx",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      ],
      ["контейнеры.csv", cp1251, "контейнеры.csv", "text/csv"],
      ["readme", Buffer.from("Plain text"), "readme.txt", "text/plain"],
    ];
    for (const [name, bytes, stored, type] of cases) {
      const response = await upload(client, url, [pdf(name, bytes)]);
      expect(response.statusCode, name).toBe(201);
      expect(response.json(), name).toMatchObject({ filename: stored, content_type: type });
      const download = await get(client, `${ORDERS}${draft.id}/file/${response.json().id}`);
      expect(download.headers["content-type"], name).toBe(type);
      expect(utf8Name(download.headers["content-disposition"]), name).toBe(stored);
      expect(download.rawPayload.equals(bytes), name).toBe(true);
    }
  });

  it("keeps names safe: no folders, control or direction characters, bounded length, Cyrillic kept; keys never from names", async () => {
    const { client, order } = await world();
    const draft = await order();
    const url = `${ORDERS}${draft.id}/files/`;
    const cases: [string, string][] = [
      ["../../etc/passwd.pdf", "passwd.pdf"],
      ["..\\..\\Windows\\win.pdf", "win.pdf"],
      ["C:\\Документы\\Счёт.pdf", "Счёт.pdf"],
      ["a\u0000b\u0007c.pdf", "abc.pdf"],
      ["invoice\u202Efdp.exe.pdf", "invoicefdp.exe.pdf"],
      // A browser sends a quote as %22, which stays as it came
      ['<script>"x"|?*:.pdf', "_script_%22x%22____.pdf"],
      ["...", "file.pdf"],
      ["  .hidden  name .pdf ", "hidden name .pdf"],
      [`${"Ж".repeat(300)}.pdf`, `${"Ж".repeat(98)}.pdf`],
    ];
    for (const [sent, kept] of cases) {
      const response = await upload(client, url, [pdf(sent)]);
      expect(response.statusCode, sent).toBe(201);
      expect(response.json().filename, sent).toBe(kept);
      const download = await get(client, `${ORDERS}${draft.id}/file/${response.json().id}`);
      const disposition = String(download.headers["content-disposition"]);
      expect(disposition).toMatch(
        /^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9%._~!-]+$/,
      );
      expect(utf8Name(disposition), sent).toBe(kept);
    }
    const keys = await storedKeys(draft.id);
    expect(keys).toHaveLength(cases.length);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f-]{36}$/);
    const rows = await ctx.db
      .select()
      .from(freightOrderFiles)
      .where(eq(freightOrderFiles.freight_order_id, draft.id));
    for (const row of rows) expect(row.storage_key).toMatch(new RegExp(`^orders/${draft.id}/[0-9a-f-]{36}$`));
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
    const readOnly = await api.patch(url, { filename: "evil.html", size: 1, freight_order: 1 });
    expect(readOnly.statusCode).toBe(200);
    expect(readOnly.json()).toMatchObject({
      filename: "invoice.pdf",
      size: SAMPLE_FILES.pdf.length,
      version: 3,
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
      pdf("signed.pdf", Buffer.alloc(LIMIT + 1, 0x41)),
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
