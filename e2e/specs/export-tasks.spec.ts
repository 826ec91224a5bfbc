import { expect, test } from "@playwright/test";
import { signedInPage } from "./support";

// The export of documents for a period (/export-tasks): a manager runs one for a demo company and watches its
// progress move without a reload (the live stream), then downloads the archive; a client exports only their company.

/** yyyyMMdd of a day `days` from today, as the date fields take it typed. */
function typedDay(days: number): string {
  const day = new Date(Date.now() + days * 86_400_000);
  return `${day.getFullYear()}${String(day.getMonth() + 1).padStart(2, "0")}${String(day.getDate()).padStart(2, "0")}`;
}

test.describe("/export-tasks", () => {
  test("a manager runs an export, sees it progress live, and downloads the archive", async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await signedInPage(browser, "manager", "en", "/freight-orders");
    await page.getByRole("link", { name: "Export documents for a period" }).click();
    await expect(page).toHaveURL(/\/export-tasks$/);
    await expect(page.getByRole("heading", { name: "Export of documents for a period" })).toBeVisible();
    const run = page.getByRole("button", { name: "Run" });
    await expect(run).toBeDisabled();

    const company = page.getByRole("combobox", { name: "Company" });
    await company.fill("Сибирский");
    await page
      .getByRole("option", { name: /Сибирский лес/ })
      .first()
      .click();
    await page.getByRole("textbox", { name: "From date" }).fill(typedDay(-365));
    await expect(run).toBeDisabled();
    // The server's check, under its field
    await page.getByRole("textbox", { name: "To date" }).fill(typedDay(-400));
    await run.click();
    await expect(page.getByText("The end of the period cannot be before its start")).toBeVisible();
    await page.getByRole("textbox", { name: "To date" }).fill(typedDay(0));
    await run.click();

    // The new task's row: in progress, its bar moving as the job goes, then done, without the page being reloaded
    const row = page.locator("table tbody tr").filter({ hasText: "ООО «Сибирский лес»" }).first();
    await expect(row.getByText("In progress")).toBeVisible();
    const progress = row.getByRole("progressbar");
    await expect
      .poll(async () => Number(await progress.getAttribute("aria-valuenow")), { timeout: 60_000 })
      .toBeGreaterThan(0);
    const midway = Number(await progress.getAttribute("aria-valuenow"));
    expect(midway).toBeLessThan(100);
    await expect(row.getByText("Done")).toBeVisible({ timeout: 90_000 });
    await expect(progress).toHaveAttribute("aria-valuenow", "100");

    const downloading = page.waitForEvent("download");
    await row.getByRole("button", { name: "Download the archive" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(
      /^Documents ООО «Сибирский лес» \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}\.zip$/,
    );
    const archive = await download.createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    });
    expect(archive.subarray(0, 2).toString()).toBe("PK");
    expect(archive.includes(Buffer.from("manifest.csv"))).toBe(true);
    await page.context().close();
  });

  test("a client exports only their own company, chosen for them", async ({ browser }) => {
    const page = await signedInPage(browser, "client", "en", "/export-tasks");
    const company = page.getByRole("combobox", { name: "Company" });
    await expect(company).toHaveValue("ООО «Сибирский лес»");
    await expect(company).toHaveAttribute("readonly", "");
    await page.getByRole("textbox", { name: "From date" }).fill(typedDay(-30));
    await page.getByRole("textbox", { name: "To date" }).fill(typedDay(0));
    await page.getByRole("button", { name: "Run" }).click();
    await expect(page.locator("table tbody tr").first()).toContainText("ООО «Сибирский лес»");
    // The list holds their company's tasks only, whatever others exported
    const companies = await page.locator("table tbody tr td:nth-child(3)").allInnerTexts();
    expect(new Set(companies)).toEqual(new Set(["ООО «Сибирский лес»"]));
    await page.context().close();
  });
});
