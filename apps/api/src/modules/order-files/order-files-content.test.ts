import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { freightOrderFiles } from "../../db/schema/index.ts";
import { buildCustomerWorld } from "../../test/customer-world.ts";
import { SAMPLE_FILES, zipOf } from "../../test/multipart.ts";
import { pdf, uploadRequests, useUploadTestContext, utf8Name } from "../../test/uploads.ts";

// Orders' documents (tracking/api/freight_orders/:id/files/): files told by their content, whatever their names say,
// and the names they are stored and served under.

const ORDERS = "/tracking/api/freight_orders/";

const ctx = useUploadTestContext();
const { upload, get, storedKeys } = uploadRequests(ctx);

const world = () => buildCustomerWorld(ctx);

describe("POST tracking/api/freight_orders/:id/files/", () => {
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
      // Windows device names, which no Windows machine can save or extract
      ["CON.pdf", "_CON.pdf"],
      ["nul", "_nul.pdf"],
      ["Lpt9 .pdf", "_Lpt9 .pdf"],
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

  it("drops a lone surrogate of a name sent percent-encoded (RFC 5987 filename*), as it drops one sent as text", async () => {
    const { client, order } = await world();
    const draft = await order();
    for (const [parameter, kept] of [
      ["filename*=UTF-8''a%ED%A0%80b.pdf", "ab.pdf"],
      ["filename*=UTF-8''%D0%A1%D1%87%D1%91%D1%82%ED%B0%80.pdf", "Счёт.pdf"],
      ["filename*=UTF-8''aux.pdf", "_aux.pdf"],
    ]) {
      const response = await ctx.app.inject({
        method: "POST",
        url: `${ORDERS}${draft.id}/files/`,
        headers: {
          ...(await ctx.authHeaders(client)),
          "content-type": "multipart/form-data; boundary=xyz",
        },
        payload: Buffer.concat([
          Buffer.from(`--xyz\r\nContent-Disposition: form-data; name="file"; ${parameter}\r\n\r\n`),
          SAMPLE_FILES.pdf,
          Buffer.from("\r\n--xyz--\r\n"),
        ]),
      });
      expect(response.statusCode, parameter).toBe(201);
      expect(response.json().filename, parameter).toBe(kept);
    }
  });
});
