import { expect, type Page, test } from "@playwright/test";
import { apiAs, type OrderAnswer, overflow, pendingApplicant, signedInPage } from "./support";

/** Opens the dashboard and waits until its live stream listens (a change after this reaches the page). */
async function openDashboard(page: Page) {
  const listening = page.waitForResponse((response) => response.url().endsWith("/api/live/"), {
    timeout: 30_000,
  });
  await page.goto("/dashboard");
  await listening;
}

/** A waiting count's card and the number it shows. */
function waitingCard(page: Page, key: string) {
  return page.getByTestId(`waiting-${key}`);
}
async function waitingCount(page: Page, key: string): Promise<number> {
  const count = waitingCard(page, key).getByTestId("count");
  await expect(count).toHaveText(/^\d+$/);
  return Number(await count.textContent());
}

/**
 * The client whose counts these tests read: of ООО «Уралмашкомплект», whose orders no other spec writes (the suite
 * runs specs side by side), so a count changes only by what a test here does.
 */
const CLIENT = "client3";

/** An order of the client's company moved by a manager to "Needs correction" (through Submitted). */
async function orderReturnedForCorrection(request: Parameters<typeof apiAs>[0], number: string) {
  const order = await (await apiAs(request, CLIENT)).create({
    customer_order_number: number,
    destination: "Забайкальск",
  });
  const manager = await apiAs(request, "manager");
  const submitted = await manager.change(order, { status: 3 });
  return manager.change(submitted as OrderAnswer, { status: 4, status_comment: "Уточните грузополучателя" });
}

test.describe("dashboard", () => {
  test("a client's waiting count opens the orders list filtered by its status", async ({
    browser,
    request,
  }) => {
    const number = `E2E-DASH-${Date.now()}`;
    await orderReturnedForCorrection(request, number);
    const page = await signedInPage(browser, CLIENT, "en", null);
    await openDashboard(page);
    const count = await waitingCount(page, "orders_to_correct");
    expect(count).toBeGreaterThan(0);
    await waitingCard(page, "orders_to_correct").click();

    await expect(page).toHaveURL(/\/freight-orders\?freight-orders\.f\.status=4$/);
    const rows = page.locator("table tbody tr");
    await expect(rows.filter({ hasText: number })).toBeVisible({ timeout: 20_000 });
    // Every row the list shows is one to correct, as many as the card said
    await expect(rows).toHaveCount(count);
    await expect(rows.filter({ hasNotText: "Needs correction" })).toHaveCount(0);
    await page.context().close();
  });

  test("a manager narrows the charts to one company", async ({ browser }) => {
    const page = await signedInPage(browser, "manager", "en", null);
    await openDashboard(page);
    await expect(page.getByRole("heading", { name: "Charts of all companies" })).toBeVisible();
    const containers = page.getByTestId("dashboard-chart-containers");
    await expect(containers).toBeVisible({ timeout: 20_000 });
    const everyCompany = await containers.locator("figcaption").textContent();

    const company = page.getByRole("combobox", { name: "Company" });
    await company.fill("Уралмаш");
    await page.getByRole("option", { name: /Уралмашкомплект/ }).click();

    await expect(page).toHaveURL(/\/dashboard\?company=\d+$/);
    await expect(page.getByRole("heading", { name: /Charts of .*Уралмашкомплект/ })).toBeVisible();
    await expect(containers.locator("figcaption")).not.toHaveText(everyCompany ?? "");
    // The figures are there for screen readers too: a table per chart
    await expect(containers.locator("table caption")).toHaveText(/Containers by stage of the journey/);
    await page.context().close();
  });

  test("a client with a related company narrows the charts to one of theirs; a one-company client's are named by it", async ({
    browser,
  }) => {
    const page = await signedInPage(browser, "client2", "en", null);
    await openDashboard(page);
    await expect(page.getByRole("heading", { name: "Charts of all your companies" })).toBeVisible();
    const company = page.getByRole("combobox", { name: "Company" });
    await company.click();
    // Their own and their related company, no other customer's
    await expect(page.getByRole("option")).toHaveCount(2);
    await page.getByRole("option", { name: /Уралмашкомплект/ }).click();
    await expect(page).toHaveURL(/\/dashboard\?company=\d+$/);
    await expect(page.getByRole("heading", { name: /Charts of .*Уралмашкомплект/ })).toBeVisible();
    await page.context().close();

    const single = await signedInPage(browser, "client3", "ru");
    await expect(single.getByRole("heading", { name: "Графики: ООО «Уралмашкомплект»" })).toBeVisible({
      timeout: 20_000,
    });
    await expect(single.getByRole("combobox", { name: "Компания" })).toHaveCount(0);
    await single.context().close();
  });

  test("a waiting count follows another user's change of an order without a reload", async ({
    browser,
    request,
  }) => {
    const page = await signedInPage(browser, CLIENT, "en", null);
    await openDashboard(page);
    const before = await waitingCount(page, "orders_to_correct");
    await page.evaluate(() => {
      document.documentElement.dataset.liveMark = "kept";
    });

    await orderReturnedForCorrection(request, `E2E-DASH-LIVE-${Date.now()}`);

    await expect(waitingCard(page, "orders_to_correct").getByTestId("count")).toHaveText(String(before + 1), {
      timeout: 20_000,
    });
    expect(await page.evaluate(() => document.documentElement.dataset.liveMark)).toBe("kept");
    await page.context().close();
  });

  test("a manager's count of sign-ups waiting follows a sign-up sent to confirmation without a reload", async ({
    browser,
    request,
  }) => {
    const page = await signedInPage(browser, "manager", "en", null);
    await openDashboard(page);
    const before = await waitingCount(page, "signups_pending");
    await page.evaluate(() => {
      document.documentElement.dataset.liveMark = "kept";
    });

    await pendingApplicant(request, `dash.signup.${Date.now()}`);

    // Other specs sign users up and decide them side by side: the count compared, not matched
    await expect
      .poll(() => waitingCount(page, "signups_pending"), { timeout: 20_000 })
      .toBeGreaterThan(before);
    expect(await page.evaluate(() => document.documentElement.dataset.liveMark)).toBe("kept");
    await page.context().close();
  });

  for (const locale of ["ru", "en"] as const) {
    for (const [device, viewport] of [
      ["laptop", { width: 1366, height: 900 }],
      ["phone", { width: 390, height: 844 }],
    ] as const) {
      test(`fits a ${device} in ${locale}, for a client and a manager`, async ({ browser }) => {
        for (const user of ["client", "manager"]) {
          const page = await signedInPage(browser, user, locale, null);
          await page.setViewportSize(viewport);
          await openDashboard(page);
          await expect(page.getByTestId("dashboard-chart-packages")).toBeVisible({ timeout: 20_000 });
          await expect(page.locator("figure svg").first()).toBeVisible();
          expect((await overflow(page)).page).toBeLessThanOrEqual(0);
          await page.context().close();
        }
      });
    }
  }
});
