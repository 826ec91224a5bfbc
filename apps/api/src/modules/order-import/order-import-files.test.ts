import { ORDER_IMPORT_MAX_ROWS } from "@portal/domain";
import { labelOf } from "@portal/domain/labels";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { ZipFile } from "yazl";
import { useTestContext } from "../../test/context.ts";
import { buildCustomerWorld } from "../../test/customer-world.ts";
import { SAMPLE_FILES } from "../../test/multipart.ts";
import {
  errorsOf,
  IMPORTS,
  importAfter,
  preview,
  sheetRows,
  uploadImport,
  xlsxOf,
} from "../../test/order-import.ts";

// Files an attacker or a careless spreadsheet makes: formulas, merged cells, dates as numbers, CSV in UTF-8 with a
// BOM or in Windows-1251, zip bombs, huge strings, wrong types, strange headers. Each gives a clear error or the
// right value: never a 500, never a partial import. And the error report the import writes.

const ctx = useTestContext();
const world = () => buildCustomerWorld(ctx);
const label = (field: string) => labelOf("freight_order", field, "en");

/** A text in Windows-1251 (Russian letters, Ё and ё; the rest ASCII). */
function windows1251(text: string): Buffer {
  return Buffer.from(
    [...text].map((character) => {
      const code = character.charCodeAt(0);
      if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
      if (character === "Ё") return 0xa8;
      if (character === "ё") return 0xb8;
      return code;
    }),
  );
}

/** A ZIP of these entries (name → bytes), compressed. */
async function zipOf(entries: [string, Buffer][]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, bytes] of entries) zip.addBuffer(bytes, name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe("hostile and careless files", () => {
  it("takes a formula's saved value, never evaluating it, and refuses one without a value", async () => {
    const { client } = await world();
    const file = await xlsxOf(
      [label("consignor_name"), label("container_count")],
      [
        [
          { formula: 'HYPERLINK("http://evil","x")', result: "Manzhouli" },
          { formula: "2+2", result: 4 },
        ],
        ["Suifenhe", { formula: 'WEBSERVICE("http://evil")' }],
      ],
    );
    const checked = await preview(ctx, client, file);
    expect(checked.rows.map(errorsOf)).toEqual([
      {},
      {
        container_count: [
          "A formula without a saved value: open the file in a spreadsheet, save it and upload it again",
        ],
      },
    ]);
    expect(checked.rows[0]?.values.consignor_name).toBe("Manzhouli");
  });

  it("reads a merged range's value in its first cell only, and dates written as Excel serial numbers", async () => {
    const { client } = await world();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Orders");
    sheet.addRow([
      label("consignor_name"),
      label("customer_order_number"),
      label("preferred_shipping_period_start"),
    ]);
    sheet.addRow(["Shared", "A-1", 46082]);
    sheet.addRow([null, "A-2", "2026-03-01"]);
    sheet.mergeCells("A2:A3");
    const checked = await preview(ctx, client, Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(checked.valid).toBe(2);
    expect(checked.rows.map((row) => row.values.consignor_name)).toEqual(["Shared", ""]);
  });

  it("reads CSV in UTF-8 with a BOM and `;`, and in Windows-1251 with `,`", async () => {
    const { client } = await world();
    const header = [label("consignor_name"), label("freight_cost"), label("direction")];
    const utf8 = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(`${header.join(";")}\r\nООО «Ёлка»;"1 234,50";Импорт\r\n`),
    ]);
    const fromUtf8 = await preview(ctx, client, utf8, { filename: "orders.csv" });
    expect(fromUtf8.rows.map(errorsOf)).toEqual([{}]);
    expect(fromUtf8.rows[0]?.values.consignor_name).toBe("ООО «Ёлка»");
    const cp1251 = windows1251(`${header.join(",")}\r\nЗАО Ёж и ёлка,100,Экспорт\r\n\r\n`);
    const fromCp1251 = await preview(ctx, client, cp1251, { filename: "orders.csv" });
    expect(fromCp1251.rows.map(errorsOf)).toEqual([{}]);
    expect(fromCp1251.rows[0]?.values.consignor_name).toBe("ЗАО Ёж и ёлка");
    // Its orders are imported with the values as written
    await (await ctx.as(client)).post(`${IMPORTS}${fromCp1251.id}/start/`);
    expect(await importAfter(ctx, client, fromCp1251.id, "importing")).toMatchObject({
      state: "done",
      created: 1,
    });
  });

  it("refuses a zip bomb, too many parts, a ZIP that is no spreadsheet, and a type the import does not read", async () => {
    const { client } = await world();
    const refusal = async (content: Buffer, filename = "orders.xlsx") => {
      const answer = await uploadImport(ctx, client, content, { filename });
      expect(answer.statusCode, answer.body).toBe(400);
      return answer.json().file;
    };
    const bomb = await zipOf([["xl/sharedStrings.xml", Buffer.alloc(101 * 1024 * 1024)]]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await refusal(bomb)).toEqual([
      "The spreadsheet unpacks to too much data: upload the template filled in",
    ]);
    const parts = await zipOf(
      Array.from({ length: 201 }, (_, index) => [`part-${index}.xml`, Buffer.from("x")]),
    );
    expect(await refusal(parts)).toEqual([
      "The spreadsheet unpacks to too much data: upload the template filled in",
    ]);
    expect(await refusal(await zipOf([["readme.txt", Buffer.from("hello")]]))).toEqual([
      "The file cannot be read: upload the template filled in, as XLSX or CSV (UTF-8 or Windows-1251)",
    ]);
    expect(await refusal(SAMPLE_FILES.pdf, "orders.pdf")).toHaveLength(1);
  });

  it("refuses unknown, repeated and prototype-named columns, and files too long or too large", async () => {
    const { client } = await world();
    const answer = await uploadImport(
      ctx,
      client,
      await xlsxOf(
        [label("consignor_name"), "__proto__", "constructor", label("consignor_name")],
        [["a", "b", "c", "d"]],
      ),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      file: [
        "Column B: “__proto__” is not a column of the template",
        "Column C: “constructor” is not a column of the template",
        "Column D: “Consignor: Name” is there twice",
      ].map((text) => text.replace("Consignor: Name", label("consignor_name"))),
    });
    const rows = Array.from({ length: ORDER_IMPORT_MAX_ROWS + 1 }, (_, index) => `Row ${index}`);
    const tooLong = await uploadImport(
      ctx,
      client,
      Buffer.from(`${label("consignor_name")}\n${rows.join("\n")}\n`),
      {
        filename: "orders.csv",
      },
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().file).toEqual([
      `The file holds ${ORDER_IMPORT_MAX_ROWS + 1} rows; at most ${ORDER_IMPORT_MAX_ROWS} can be imported at once: split it`,
    ]);
    const tooLarge = await uploadImport(ctx, client, Buffer.alloc(11 * 1024 * 1024, "a"), {
      filename: "orders.csv",
    });
    expect(tooLarge.statusCode).toBe(413);
    const empty = await uploadImport(ctx, client, Buffer.from(`${label("consignor_name")}\n`), {
      filename: "orders.csv",
    });
    expect(empty.json()).toEqual({ file: ["The file has no rows of orders below its header"] });
  });

  it("checks a huge string and wrong types as the create does: a row's errors, never a 500", async () => {
    const { client } = await world();
    const file = await xlsxOf(
      [label("consignor_name"), label("container_count"), label("preferred_shipping_period_start")],
      [
        ["x".repeat(2_000_000), "12.5", "yesterday"],
        ["ok", true, 99_999_999],
      ],
    );
    const checked = await preview(ctx, client, file);
    expect(checked.rows.map(errorsOf)).toEqual([
      {
        consignor_name: ["Ensure this field has no more than 150 characters."],
        container_count: ["A number is required"],
        preferred_shipping_period_start: ["Date must be in the format yyyy-MM-dd"],
      },
      {
        container_count: ["A number is required"],
        preferred_shipping_period_start: ["Date must be in the format yyyy-MM-dd"],
      },
    ]);
  });
});

describe("the error report", () => {
  it("is the file's rows with errors and a column of them, written safe; uploaded back, it reads as the file did", async () => {
    const { client } = await world();
    const file = await xlsxOf(
      [label("consignor_name"), label("container_count")],
      [
        ["Good", 1],
        ["=cmd|' /C calc'!A0", "many"],
        ["+7 423 200-10-03", -3],
      ],
    );
    const checked = await preview(ctx, client, file);
    expect(checked.rows.map((row) => row.valid)).toEqual([true, false, false]);
    for (const lang of ["en", "ru"]) {
      const report = await ctx.app.inject({
        url: `${IMPORTS}${checked.id}/report/`,
        headers: await ctx.authHeaders(client, lang),
      });
      expect(report.statusCode).toBe(200);
      const rows = await sheetRows(report.rawPayload);
      // The file's own header, and the errors' column in the reader's language
      expect(rows[0]).toEqual([
        label("consignor_name"),
        label("container_count"),
        lang === "en" ? "Errors" : "Ошибки",
      ]);
      expect(rows.slice(1).map((row) => row.slice(0, 2))).toEqual([
        ["'=cmd|' /C calc'!A0", "many"],
        ["+7 423 200-10-03", -3],
      ]);
      expect(String(rows[1]?.[2])).toMatch(
        lang === "en" ? /^3: Container count: A number is required/ : /^3: /,
      );
      // No cell of it starts a formula
      for (const row of rows) for (const cell of row) expect(String(cell ?? "")).not.toMatch(/^[=@\t\r]/);
    }
    // Corrected and uploaded back, its error column is ignored and its apostrophes taken off
    const report = await ctx.app.inject({
      url: `${IMPORTS}${checked.id}/report/`,
      headers: await ctx.authHeaders(client),
    });
    const again = await preview(ctx, client, report.rawPayload);
    expect(again.rows.map((row) => row.values.consignor_name)).toEqual([
      "=cmd|' /C calc'!A0",
      "+7 423 200-10-03",
    ]);
    expect(again).toMatchObject({ state: "checked", valid: 0 });
  });

  it("starts once however many ask at once", async () => {
    const { client } = await world();
    const checked = await preview(ctx, client, await xlsxOf([label("consignor_name")], [["One"], ["Two"]]));
    const api = await ctx.as(client);
    const answers = await Promise.all([1, 2, 3].map(() => api.post(`${IMPORTS}${checked.id}/start/`)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400]);
    expect(await importAfter(ctx, client, checked.id, "importing")).toMatchObject({
      state: "done",
      created: 2,
    });
  });
});
