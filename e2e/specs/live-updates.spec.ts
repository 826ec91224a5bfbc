import { type Browser, expect, type Page, test } from "@playwright/test";
import { apiAs, signIn, useLocale } from "./support";

/** A signed-in page of its own browser context (its own storage: its own session and live stream). */
async function signedInPage(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await useLocale(page, "en");
  await signIn(page, username);
  return page;
}

/** Opens the orders list and marks the document, so that a reload (which would drop the mark) is told apart. */
async function openOrders(page: Page) {
  await page.goto("/freight-orders");
  await expect(page.locator("table tbody tr").first()).toBeVisible({ timeout: 20_000 });
  await page.evaluate(() => {
    document.documentElement.dataset.liveMark = "kept";
  });
}

test.describe("live updates", () => {
  test("a change of an order made elsewhere shows in the open lists of its client and of a manager without a reload", async ({
    browser,
    request,
  }) => {
    const number = `E2E-LIVE-${Date.now()}`;
    const order = await (await apiAs(request, "client")).create({
      customer_order_number: number,
      destination: "Забайкальск",
    });
    const [client, manager] = [await signedInPage(browser, "client"), await signedInPage(browser, "manager")];
    for (const page of [client, manager]) {
      await openOrders(page);
      await expect(page.locator("table tbody tr").filter({ hasText: number })).toContainText("Draft");
    }

    // The manager moves the order on through the API: no page asks for the list again by itself
    await (await apiAs(request, "manager")).change(order, { status: 3 });

    for (const page of [client, manager]) {
      const row = page.locator("table tbody tr").filter({ hasText: number });
      await expect(row).toContainText("Submitted");
      await expect(row).not.toContainText("Draft");
      expect(await page.evaluate(() => document.documentElement.dataset.liveMark)).toBe("kept");
    }
    for (const page of [client, manager]) await page.context().close();
  });
});
