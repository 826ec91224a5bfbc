import { CONTAINER_IMPORT_COLUMNS, containerCheckDigit, containerFields } from "@portal/domain";
import { labelOf } from "@portal/domain/labels";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { containers } from "../../db/schema/index.ts";
import { SUBMITTED, useContainerTests } from "../../test/containers.ts";
import { multipartBody } from "../../test/multipart.ts";
import { sheetRows, xlsxOf } from "../../test/order-import.ts";

// Containers in bulk from a spreadsheet (freight_orders/{id}/containers/bulk/template/, bulk/file/check/ and
// bulk/file/): the template's columns are the containers' creatable fields, a file is read as the order import reads
// one, and its rows are checked and added as a pasted list's are.

const ORDERS = "/tracking/api/freight_orders/";
const { ctx, references, world } = useContainerTests();
const label = (field: string) => labelOf("container", field, "en");

function validNumbers(amount: number, owner = "MSKU", from = 200000): string[] {
  return Array.from({ length: amount }, (_, i) => {
    const ten = `${owner}${String(from + i).padStart(6, "0")}`;
    return `${ten}${containerCheckDigit(ten)}`;
  });
}

const stored = async (orderId: number) =>
  (await ctx.db.select({ n: count() }).from(containers).where(eq(containers.freight_order_id, orderId)))[0]
    ?.n;

async function upload(
  user: { id: number; token_version: number },
  orderId: number,
  content: Buffer,
  check: boolean,
  filename = "containers.xlsx",
) {
  const form = multipartBody([{ name: "file", value: content, filename }]);
  return ctx.app.inject({
    method: "POST",
    url: `${ORDERS}${orderId}/containers/bulk/${check ? "file/check/" : "file/"}`,
    headers: { ...(await ctx.authHeaders(user)), "content-type": form.contentType },
    payload: form.payload,
  });
}

describe("GET freight_orders/{id}/containers/bulk/template/", () => {
  it("has one column per container field a client fills when adding one, labelled in the caller's language", async () => {
    const { client, outsider, order } = await world();
    const { id } = await order();
    const answer = await (await ctx.as(client)).get(`${ORDERS}${id}/containers/bulk/template/`);
    expect(answer.statusCode).toBe(200);
    const [header] = await sheetRows(answer.rawPayload);
    const expected = CONTAINER_IMPORT_COLUMNS.map((name) => {
      const text = label(name);
      return (containerFields as Record<string, { required?: boolean }>)[name]?.required ? `${text} *` : text;
    });
    expect(header).toEqual(expected);
    expect(CONTAINER_IMPORT_COLUMNS).toContain("container");
    expect(CONTAINER_IMPORT_COLUMNS).toContain("container_type");
    // Nothing a client has no say in, nor the order (the file's order is the path's)
    expect(CONTAINER_IMPORT_COLUMNS).not.toContain("status");
    expect(CONTAINER_IMPORT_COLUMNS).not.toContain("td_number");
    expect(CONTAINER_IMPORT_COLUMNS).not.toContain("freight_order");
    await ctx.expectRefused({ outsider }, (api) => api.get(`${ORDERS}${id}/containers/bulk/template/`), 404);
  });
});

describe("POST freight_orders/{id}/containers/bulk/file/check/ and bulk/file/", () => {
  it("checks each row as a pasted list's (ISO 6346, repeats, the order's, the count, the type), by its row", async () => {
    const { client, order, container } = await world();
    const { id } = await order({ container_count: 3 });
    await container(id, { container: "CSQU3054383" });
    const [a, b, c, d] = validNumbers(4);
    const file = await xlsxOf(
      [label("container"), label("container_type"), label("location")],
      [
        [a, "45G1", "Склад"],
        ["CSQU3054384", null, null], // check digit
        [a, null, null], // twice in the file
        ["CSQU3054383", null, null], // in the order already
        [b, "NOPE", null], // a type not in the book
        [c, null, null],
        [d, null, null], // past the order's count of 3
      ],
    );
    const answer = await upload(client, id, file, true);
    expect(answer.statusCode, answer.body).toBe(200);
    const results = answer.json().results as { row: number; errors: Record<string, string[]> }[];
    expect(results.map((row) => row.row)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(results[0]?.errors).toEqual({});
    expect(results[1]?.errors).toEqual({
      container: ["CSQU3054384 is not a valid container number (ISO 6346 check digit)"],
    });
    expect(results[2]?.errors).toEqual({ container: [`${a} is in the list more than once`] });
    expect(results[3]?.errors).toEqual({ container: ["The order already has container CSQU3054383"] });
    expect(Object.keys(results[4]?.errors ?? {})).toEqual(["container_type"]);
    expect(results[5]?.errors).toEqual({});
    expect(results[6]?.errors.container_count?.[0]).toMatch(
      /as many containers as its container count \(3\)/,
    );
    expect(await stored(id)).toBe(1);
    // The addition of the same file adds none, naming the refused rows
    expect((await upload(client, id, file, false)).statusCode).toBe(400);
    expect(await stored(id)).toBe(1);
  });

  it("adds every row of a good file in one transaction, with its type and fields; CSV too", async () => {
    const { client, order } = await world();
    const { id } = await order({ container_count: 5 });
    const [a, b, c] = validNumbers(3, "TCLU", 300000);
    const file = await xlsxOf(
      [label("container"), label("container_type"), label("notes")],
      [
        [a, "45G1", "first"],
        [b, null, null],
      ],
    );
    const added = await upload(client, id, file, false);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().results.every((row: { id: number | null }) => row.id !== null)).toBe(true);
    const rows = await ctx.db.select().from(containers).where(eq(containers.freight_order_id, id));
    expect(rows.find((row) => row.container === a)).toMatchObject({
      container_type: references.containerType,
      notes: "first",
    });
    const csv = Buffer.from(`\ufeff${label("container")};${label("notes")}\r\n${c};по CSV\r\n`, "utf8");
    const fromCsv = await upload(client, id, csv, false, "containers.csv");
    expect(fromCsv.statusCode, fromCsv.body).toBe(201);
    expect(await stored(id)).toBe(3);
  });

  it("refuses a file the import refuses (unknown column, not a spreadsheet) with a clear message, never a 500", async () => {
    const { client, order } = await world();
    const { id } = await order();
    const unknown = await upload(client, id, await xlsxOf(["Weight"], [["12"]]), true);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().file[0]).toContain("Weight");
    const zip = Buffer.from("PK\u0003\u0004 not a zip at all", "latin1");
    const broken = await upload(client, id, zip, true);
    expect(broken.statusCode).toBe(400);
    expect(Object.keys(broken.json())).toContain("file");
  });

  it("is refused where the order's status keeps the client from containers, and outside the user's orders", async () => {
    const { client, outsider, order } = await world();
    const file = await xlsxOf([label("container")], [[validNumbers(1, "GESU", 400000)[0]]]);
    const submitted = await order({ status: SUBMITTED });
    expect((await upload(client, submitted.id, file, true)).statusCode).toBe(403);
    expect((await upload(client, submitted.id, file, false)).statusCode).toBe(403);
    const draft = await order();
    expect((await upload(outsider, draft.id, file, true)).statusCode).toBe(404);
    expect((await upload(outsider, draft.id, file, false)).statusCode).toBe(404);
    expect(await stored(draft.id)).toBe(0);
  });
});
