import { expect, type Page, test } from "@playwright/test";
import { apiAs, ORDERS, signedInPage } from "./support";

/**
 * Opens an address and waits until the page's live stream listens: the stream answers once the API listens for it,
 * and a change made before that is not the stream's to tell (the page read it with its data).
 */
async function openListening(page: Page, address: string) {
  const listening = page.waitForResponse((response) => response.url().endsWith("/api/live/"), {
    timeout: 30_000,
  });
  await page.goto(address);
  await listening;
}

/** Opens the orders list and marks the document, so that a reload (which would drop the mark) is told apart. */
async function openOrders(page: Page) {
  await openListening(page, "/freight-orders");
  await expect(page.locator("table tbody tr").first()).toBeVisible({ timeout: 20_000 });
  await markDocument(page);
}

async function markDocument(page: Page) {
  await page.evaluate(() => {
    document.documentElement.dataset.liveMark = "kept";
  });
}

async function isStillTheSameDocument(page: Page) {
  expect(await page.evaluate(() => document.documentElement.dataset.liveMark)).toBe("kept");
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
    const [client, manager] = [
      await signedInPage(browser, "client", "en", null),
      await signedInPage(browser, "manager", "en", null),
    ];
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
      await isStillTheSameDocument(page);
    }
    for (const page of [client, manager]) await page.context().close();
  });

  test("an open order page follows a change made elsewhere, and keeps the user's unsaved edits through the next", async ({
    browser,
    request,
  }) => {
    const order = await (await apiAs(request, "client")).create({ destination: "Забайкальск" });
    const manager = await apiAs(request, "manager");
    const page = await signedInPage(browser, "client", "en", null);
    await openListening(page, `/freight-orders/${order.id}`);
    await expect(page.getByRole("heading", { level: 1, name: `Shipping order No. ${order.id}` })).toBeVisible(
      {
        timeout: 20_000,
      },
    );
    await markDocument(page);
    const notes = page.getByRole("textbox", { name: "Notes" });
    const terms = page.getByRole("textbox", { name: "Delivery terms" });

    // A clean form follows the stored order
    const changed = await manager.change(order, { notes: "Weighed at the border" });
    await expect(notes).toHaveValue("Weighed at the border");

    // A form with unsaved edits keeps them when the order changes again: the page reads the order anew, the form
    // stays as the user left it, and the save shows the conflict
    await terms.fill("FCA Naushki");
    const reread = page.waitForResponse(
      (response) => response.request().method() === "GET" && response.url().endsWith(`${ORDERS}${order.id}/`),
    );
    await manager.change(changed, { notes: "Weighed twice" });
    await reread;
    await expect(terms).toHaveValue("FCA Naushki");
    await expect(notes).toHaveValue("Weighed at the border");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("table", { name: /Someone else/ })).toBeVisible();
    await isStillTheSameDocument(page);
    await page.context().close();
  });
});
