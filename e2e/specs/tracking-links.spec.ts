import { expect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { buildOrder } from "./order-form-support";
import { apiAs, ORDERS, signedInPage } from "./support";

// Issue 31: containers in bulk on an order, and its public tracking link opened without signing in.

/** `amount` valid ISO 6346 numbers from a serial (the check digit computed as the standard says). */
function validNumbers(amount: number, owner: string, from: number): string[] {
  const value = (char: string) => {
    if (/\d/.test(char)) return Number(char);
    let code = 10;
    for (let c = 65; c < char.charCodeAt(0); c++) if (++code % 11 === 0) code++;
    return code;
  };
  return Array.from({ length: amount }, (_, i) => {
    const ten = `${owner}${String(from + i).padStart(6, "0")}`;
    const sum = [...ten].reduce((total, char, index) => total + value(char) * 2 ** index, 0);
    return `${ten}${(sum % 11) % 10}`;
  });
}

/** Scrolls to the order page's end: its grids and links load when the user scrolls down to them. */
async function scrollToEnd(page: import("@playwright/test").Page) {
  for (let i = 0; i < 4; i++) {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(400);
  }
}

const shot = (name: string) => `${process.env.E2E_OUTPUT_DIR ?? "test-results"}/shots/${name}.png`;

test.describe("issue 31", () => {
  test("pastes 40 container numbers with 2 bad ones: 38 are added, the 2 told why", async ({
    browser,
    request,
  }) => {
    test.slow();
    const order = await buildOrder(request, "draft", { container_count: 40 });
    const numbers = validNumbers(38, "TGHU", 310000 + (order.id % 1000) * 40);
    const pasted = [...numbers.slice(0, 20), "CSQU3054384", numbers[0], ...numbers.slice(20)].join("\n");
    for (const language of ["en", "ru"] as const) {
      for (const [device, viewport] of [
        ["desktop", { width: 1366, height: 768 }],
        ["phone", { width: 390, height: 844 }],
      ] as const) {
        const page = await signedInPage(browser, "client", language, null);
        await page.setViewportSize(viewport);
        await page.goto(`/freight-orders/${order.id}`);
        const open = page.getByRole("button", { name: language === "en" ? "Add many" : "Добавить списком" });
        await scrollToEnd(page);
        await open.scrollIntoViewIfNeeded();
        await open.click();
        await page.getByRole("dialog").locator("textarea").first().fill(pasted);
        await page.getByRole("button", { name: language === "en" ? "Check" : "Проверить" }).click();
        await expect(page.getByTestId("bulk-refused")).toHaveCount(2);
        await page.screenshot({ path: shot(`bulk-${language}-${device}`) });
        if (language === "ru" && device === "phone") {
          // The last look adds them: the 2 refused are told why, the 38 others are added in one call
          await expect(page.getByTestId("bulk-refused").first()).toContainText("ISO 6346");
          await expect(page.getByTestId("bulk-refused").nth(1)).toContainText("несколько раз");
          await page.getByRole("button", { name: "Добавить 38" }).click();
          await expect(page.getByRole("dialog")).toHaveCount(0);
          const client = await apiAs(request, "client");
          const listed = await client.get<{ count: number }>(`${ORDERS}${order.id}/containers/?take=1`);
          expect(listed.count).toBe(38);
        }
        await page.context().close();
      }
    }
  });

  test("adds containers from a spreadsheet made from the template: a bad row told by its row, a good file added", async ({
    browser,
    request,
  }) => {
    test.slow();
    const order = await buildOrder(request, "draft", { container_count: 5 });
    const [a, b] = validNumbers(2, "MSKU", 510000 + (order.id % 1000) * 4);
    const page = await signedInPage(browser, "client", "en", null);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`/freight-orders/${order.id}`);
    const open = page.getByRole("button", { name: "Add many" });
    await scrollToEnd(page);
    await open.scrollIntoViewIfNeeded();
    await open.click();
    // The template's header is the file's
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Spreadsheet template" }).click();
    const template = new ExcelJS.Workbook();
    await template.xlsx.readFile(await (await download).path());
    const header = ((template.worksheets[0] as ExcelJS.Worksheet).getRow(1).values as unknown[]).slice(
      1,
    ) as string[];
    expect(header[0]).toMatch(/^Container/);
    const fileOf = async (rows: unknown[][]) => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet("Containers");
      sheet.addRow(header);
      for (const row of rows) sheet.addRow(row);
      return Buffer.from(await workbook.xlsx.writeBuffer());
    };
    const mime = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
    await page.getByTestId("bulk-containers-file").setInputFiles({
      name: "containers.xlsx",
      mimeType: mime,
      buffer: await fileOf([[a], ["CSQU3054384"], [b]]),
    });
    await expect(page.getByTestId("bulk-refused")).toHaveCount(1);
    await expect(page.getByTestId("bulk-refused")).toContainText("Row 3:");
    await expect(page.getByTestId("bulk-refused")).toContainText("ISO 6346");
    await expect(page.getByRole("button", { name: "Add 2" })).toBeDisabled();
    await page.screenshot({ path: shot("bulk-file-en-desktop") });
    await page.getByRole("button", { name: "Edit the list" }).click();
    await page.getByTestId("bulk-containers-file").setInputFiles({
      name: "containers.xlsx",
      mimeType: mime,
      buffer: await fileOf([[a], [b]]),
    });
    await page.getByRole("button", { name: "Add 2" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const client = await apiAs(request, "client");
    const listed = await client.get<{ count: number }>(`${ORDERS}${order.id}/containers/?take=1`);
    expect(listed.count).toBe(2);
    await page.context().close();
  });

  test("a public link opens without signing in, shows a milestone arriving live, and nothing once revoked", async ({
    browser,
    request,
  }) => {
    test.slow();
    const order = await buildOrder(request, "approved", {
      dispatch_location: "Забайкальск",
      destination: "Ворсино",
    });
    const manager = await apiAs(request, "manager");
    const container = await manager.post<{ id: number; version: number }>("/tracking/api/containers/", {
      container: "CSQU3054383",
      freight_order: order.id,
    });
    // The client makes the link on the order's page
    const page = await signedInPage(browser, "client", "en", null);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`/freight-orders/${order.id}`);
    const create = page.getByRole("button", { name: "Create link" });
    await scrollToEnd(page);
    await create.scrollIntoViewIfNeeded();
    await create.click();
    const address = page.getByRole("textbox", { name: "Link address" });
    await expect(address).toHaveValue(/\/track\//);
    const url = await address.inputValue();
    await page.screenshot({ path: shot("links-en-desktop") });
    // The order's print with the new link's QR code
    const printed = page.waitForResponse(
      (answer) =>
        answer.url().includes("/print?") && answer.url().includes(`tracking_token=${url.split("/").at(-1)}`),
    );
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Print the order with its QR code" }).click();
    expect((await printed).status()).toBe(200);
    expect((await download).suggestedFilename()).toBe(`shipping-order-${order.id}.pdf`);

    // A fresh browser, signed in nowhere
    const stranger = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const publicPage = await stranger.newPage();
    const opened = await publicPage.goto(new URL(url).pathname);
    expect(opened?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    expect(opened?.headers()["referrer-policy"]).toBe("no-referrer");
    await expect(publicPage.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    await expect(publicPage.getByRole("heading", { name: `Заявка № ${order.id}` })).toBeVisible();
    await expect(publicPage.getByTestId("track-container")).toContainText("CSQU3054383");
    await publicPage.screenshot({ path: shot("track-ru-phone") });

    // A milestone set on the container shows without a reload
    await expect(publicPage.getByTestId("track-container").locator("li")).toHaveCount(0);
    await manager.patch(`/tracking/api/containers/${container.id}/`, {
      railway_trip_start_date: "2026-03-05",
      version: container.version,
    });
    await expect(publicPage.getByTestId("track-container").locator("li")).toHaveCount(1, { timeout: 40_000 });
    await publicPage.getByRole("button", { name: "EN" }).click();
    await expect(publicPage.getByRole("heading", { name: `Order No. ${order.id}` })).toBeVisible();
    await publicPage.screenshot({ path: shot("track-en-phone") });
    await publicPage.setViewportSize({ width: 1366, height: 768 });
    await publicPage.screenshot({ path: shot("track-en-desktop") });

    // Revoked on the order's page: the link shows nothing
    await page.reload();
    const revoke = page.getByRole("button", { name: "Revoke" });
    await scrollToEnd(page);
    await revoke.scrollIntoViewIfNeeded();
    await revoke.click();
    await expect(page.getByText("Revoked", { exact: true })).toBeVisible();
    await publicPage.reload();
    await expect(publicPage.getByRole("alert")).toContainText("opens nothing");
    await expect(publicPage.getByTestId("track-container")).toHaveCount(0);
    await publicPage.screenshot({ path: shot("track-revoked-en-phone") });
    await stranger.close();
    await page.context().close();
  });
});
