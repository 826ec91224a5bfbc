import { type Download, expect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { signedInPage } from "./support";

// The import of shipping orders from a spreadsheet (/import-orders): a client downloads the template, fills three
// rows in it with a spreadsheet library (one bad), uploads it, sees the preview, imports the two valid rows and
// downloads the error report.

async function bytesOf(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function workbookOf(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

/** The template's header cells, in order. */
function headerOf(sheet: ExcelJS.Worksheet): string[] {
  return (sheet.getRow(1).values as unknown[]).slice(1).map(String);
}

test.describe("/import-orders", () => {
  test("a client imports orders from the template: two valid rows created, the bad one in the error report", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const page = await signedInPage(browser, "client", "en", "/freight-orders");
    await page.getByRole("link", { name: "Import from Excel" }).click();
    await expect(page).toHaveURL(/\/import-orders$/);
    await expect(page.getByRole("heading", { name: "Import shipping orders from Excel" })).toBeVisible();

    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download the template" }).click();
    const template = await downloading;
    expect(template.suggestedFilename()).toBe("Shipping orders import template.xlsx");
    const workbook = await workbookOf(await bytesOf(template));
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    const header = headerOf(sheet);
    expect(header).toContain("Customer order number");
    const column = (label: string) => {
      const index = header.indexOf(label);
      expect(index, label).toBeGreaterThanOrEqual(0);
      return index + 1;
    };
    // Three rows, the last with a container count that is no number
    const run = Date.now().toString(36);
    const rows = [
      { number: `E2E-${run}-1`, consignor: "Manzhouli Timber Co.", count: 2 },
      { number: `E2E-${run}-2`, consignor: "Suifenhe Trading", count: 1 },
      { number: `E2E-${run}-3`, consignor: "Erlian Logistics", count: "many" },
    ];
    rows.forEach((row, index) => {
      const line = sheet.getRow(index + 2);
      line.getCell(column("Customer order number")).value = row.number;
      line.getCell(column("Consignor")).value = row.consignor;
      line.getCell(column("Container count")).value = row.count;
      line.getCell(column("Direction")).value = "Import";
    });
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());

    await page.getByTestId("import-file").setInputFiles({
      name: "orders.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: filled,
    });
    await expect(page.getByTestId("import-summary")).toHaveText("Rows: 3, valid: 2, with errors: 1", {
      timeout: 60_000,
    });
    const preview = page.getByRole("region", { name: "The file's rows checked" });
    const bad = preview.locator("tbody tr").filter({ hasText: `E2E-${run}-3` });
    await expect(bad.locator("td").first()).toHaveText("4");
    await expect(bad).toContainText("Container count: A number is required");

    await page.getByRole("button", { name: "Create 2 orders" }).click();
    await expect(page.getByText("2 orders created")).toBeVisible({ timeout: 60_000 });

    const reporting = page.waitForEvent("download");
    await page.getByRole("button", { name: "Error report" }).click();
    const report = await workbookOf(await bytesOf(await reporting));
    const reportSheet = report.worksheets[0] as ExcelJS.Worksheet;
    expect(headerOf(reportSheet).at(-1)).toBe("Errors");
    expect(reportSheet.actualRowCount).toBe(2);
    expect(String(reportSheet.getRow(2).getCell(column("Customer order number")).value)).toBe(`E2E-${run}-3`);
    expect(String(reportSheet.getRow(2).getCell(header.length + 1).value)).toMatch(
      /^4: Container count: A number is required/,
    );

    // The two orders are on the list
    await page.getByRole("link", { name: "To the orders" }).click();
    await expect(page).toHaveURL(/\/freight-orders/);
    await expect(page.getByText(`E2E-${run}-1`)).toBeVisible();
    await expect(page.getByText(`E2E-${run}-2`)).toBeVisible();
    await page.context().close();
  });
});
