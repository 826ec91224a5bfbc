import ExcelJS from "exceljs";
import { expect } from "vitest";
import type { TestContext } from "./context.ts";
import { multipartBody } from "./multipart.ts";

// The import of orders as its tests drive it: spreadsheets made here, uploaded as a browser sends them, and the
// import waited for until its job has moved it.

export const IMPORTS = "/tracking/api/order-imports/";
const WAIT = { timeout: 60_000, interval: 100 };

/** A cell as a test writes it: a text, a number, a date, or a raw exceljs value (a formula, rich text). */
export type TestCell = string | number | Date | null | ExcelJS.CellValue;

/** An XLSX of one sheet: `header`, then `rows`. */
export async function xlsxOf(header: string[], rows: TestCell[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Orders");
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row as ExcelJS.CellValue[]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** An XLSX's first sheet as rows of cell values (the first row the header). */
export async function sheetRows(content: Buffer, sheet = 0): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[sheet]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

/** Uploads a file as the user (English answers unless `lang`), with the form's other fields. */
export async function uploadImport(
  ctx: TestContext,
  user: { id: number; token_version: number },
  content: Buffer,
  options: { filename?: string; fields?: Record<string, string>; lang?: string } = {},
) {
  const form = multipartBody([
    ...Object.entries(options.fields ?? {}).map(([name, value]) => ({ name, value })),
    { name: "file", value: content, filename: options.filename ?? "orders.xlsx" },
  ]);
  return ctx.app.inject({
    method: "POST",
    url: IMPORTS,
    headers: { ...(await ctx.authHeaders(user, options.lang)), "content-type": form.contentType },
    payload: form.payload,
  });
}

/** The import once its job has moved it out of `state`, as the user reads it. */
export async function importAfter(
  ctx: TestContext,
  user: { id: number; token_version: number },
  id: number,
  state: "checking" | "importing",
) {
  const api = await ctx.as(user);
  let answer: Record<string, unknown> = {};
  await expect
    .poll(async () => {
      answer = (await api.get(`${IMPORTS}${id}/`)).json();
      return answer.state;
    }, WAIT)
    .not.toBe(state);
  return answer as {
    state: string;
    total: number;
    checked: number;
    valid: number;
    created: number;
    failure: string | null;
    rows: {
      row: number;
      valid: boolean;
      values: Record<string, string>;
      errors: { field: string; label: string; messages: string[] }[];
    }[];
  };
}

/** Uploads a file and waits for its check: the preview. */
export async function preview(
  ctx: TestContext,
  user: { id: number; token_version: number },
  content: Buffer,
  options: { filename?: string; fields?: Record<string, string> } = {},
) {
  const uploaded = await uploadImport(ctx, user, content, options);
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const id = uploaded.json().id as number;
  const checked = await importAfter(ctx, user, id, "checking");
  expect(checked.state, checked.failure ?? "").toBe("checked");
  return { id, ...checked };
}

/** A row's errors as the API's 400 answers them: field → messages. */
export function errorsOf(row: { errors: { field: string; messages: string[] }[] }): Record<string, string[]> {
  return Object.fromEntries(row.errors.map((error) => [error.field, error.messages]));
}
