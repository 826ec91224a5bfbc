import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { firstContainer, openContainer, openContainers } from "./containers-support";
import { bodyRows, overflow, signIn, useLocale } from "./support";

// The containers' list and form laid out in each language: a manager's at 1366 px, a client's on a 390 px phone,
// with screenshots to look at, and no serious axe violation.

/** Violations axe rates serious or critical on the page as it is now. */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(" ")) }));
}

for (const locale of ["ru", "en"] as const) {
  test.describe(`containers layout (${locale})`, () => {
    const readOnly = locale === "ru" ? "Только просмотр" : "Read only";

    test.beforeEach(async ({ page }) => {
      await useLocale(page, locale);
    });

    test("a manager's list fits 1366 px with its default columns", async ({ page }, testInfo) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      await signIn(page, "manager");
      await openContainers(page);
      await expect(bodyRows(page).nth(10)).toBeVisible();
      expect(await overflow(page)).toEqual({ page: 0, grid: 0 });
      await page.screenshot({ path: testInfo.outputPath(`containers-${locale}-1366.png`) });
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("a client's list on a 390 px phone shows the number, the order's status and the package", async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, "client");
      await openContainers(page);
      expect(await overflow(page)).toEqual({ page: 0, grid: 0 });
      const headers = (await page.locator("table thead th").allTextContents()).map((text) => text.trim());
      const names =
        locale === "ru"
          ? ["Номер контейнера", "Статус заявки", "Состояние пакета"]
          : ["Container number", "Order status", "Package state"];
      expect(headers.slice(1).map((text) => names.find((name) => text.startsWith(name)))).toEqual(names);
      await page.screenshot({ path: testInfo.outputPath(`containers-${locale}-390.png`) });
    });

    test("a manager's form at 1366 px: every section, the side column beside it", async ({
      page,
      request,
    }, testInfo) => {
      const container = await firstContainer(request, "admin", "pkg_state=accepted");
      await page.setViewportSize({ width: 1366, height: 768 });
      await signIn(page, "admin");
      await openContainer(page, container.id);
      expect((await overflow(page)).page).toBe(0);
      for (const section of locale === "ru"
        ? ["Ж/д перевозка", "Даты перевозки", "Таможенное оформление", "Администрирование"]
        : ["Railway transport", "Track dates", "Customs declaration", "Administration"])
        await expect(page.getByRole("region", { name: section })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`container-${locale}-1366.png`), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("a client's read-only form on a 390 px phone", async ({ page, request }, testInfo) => {
      const container = await firstContainer(request, "client", "freight_order_status=6");
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, "client");
      await openContainer(page, container.id);
      await expect(page.getByText(readOnly, { exact: true })).toBeVisible();
      expect((await overflow(page)).page).toBe(0);
      await page.screenshot({ path: testInfo.outputPath(`container-${locale}-390.png`), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("a new container's form", async ({ page }, testInfo) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      await signIn(page, "client");
      await page.goto("/add-container");
      await expect(page.locator('input[name="container"]')).toBeVisible({ timeout: 20_000 });
      await page.screenshot({
        path: testInfo.outputPath(`container-new-${locale}-1366.png`),
        fullPage: true,
      });
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
