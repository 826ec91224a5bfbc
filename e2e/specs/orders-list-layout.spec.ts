import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { bodyRows, overflow, signIn, useLocale } from "./support";

// The shipping orders' list (/freight-orders) laid out in each language: a manager's default columns at 1440 and
// 1366 px, a client's phone, the export button's tooltip and the list's accessibility.

for (const locale of ["ru", "en"] as const) {
  test.describe(`/freight-orders layout (${locale})`, () => {
    const exportDocuments =
      locale === "ru" ? "Выгрузить документы за период" : "Export documents for a period";

    test.beforeEach(async ({ page }) => {
      await useLocale(page, locale);
    });

    for (const [width, height] of [
      [1440, 900],
      [1366, 768],
    ] as const) {
      test(`a manager's default columns fit ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height });
        await signIn(page, "manager", "/freight-orders");
        await expect(bodyRows(page).nth(10)).toBeVisible({ timeout: 20_000 });
        expect(await overflow(page)).toEqual({ page: 0, grid: 0 });
        await expect(page.getByRole("link", { name: exportDocuments })).toBeInViewport();
      });
    }

    test("a client's list is usable on a 390 px phone", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, "client", "/freight-orders");
      await expect(bodyRows(page).first()).toBeVisible({ timeout: 20_000 });
      expect((await overflow(page)).page).toBe(0);
      await expect(
        page.getByRole("link", { name: locale === "ru" ? "Новая заявка" : "New shipping order" }),
      ).toBeInViewport();
    });

    test("a client's phone shows the number, status, destination and date, the row's actions in one menu", async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, "client", "/freight-orders");
      await expect(bodyRows(page).first()).toBeVisible({ timeout: 20_000 });
      const headers = (await page.locator("table thead th").allTextContents()).map((text) => text.trim());
      const names =
        locale === "ru"
          ? ["№", "Статус", "Пункт назначения", "Создана"]
          : ["No.", "Status", "Destination", "Created"];
      // The actions' column, then the four (no selection boxes, no company)
      expect(headers.slice(1).map((text) => names.find((name) => text.startsWith(name)))).toEqual(names);
      await expect(page.locator("table tbody input[type=checkbox]")).toHaveCount(0);
      expect(await overflow(page)).toEqual({ page: 0, grid: 0 });
      // A draft's actions in its menu: edit, copy, delete
      const draft = bodyRows(page)
        .filter({ hasText: locale === "ru" ? "Черновик" : "Draft" })
        .first();
      await draft
        .getByRole("button", { name: locale === "ru" ? "Действия со строкой" : "Row actions" })
        .click();
      const menu = page.getByRole("menu");
      await expect(menu.getByRole("menuitem")).toHaveText(
        locale === "ru" ? ["Редактировать", "Копировать", "Удалить"] : ["Edit", "Copy", "Delete"],
      );
      await menu.getByRole("menuitem", { name: locale === "ru" ? "Редактировать" : "Edit" }).click();
      await expect(page).toHaveURL(/\/freight-orders\/\d+$/);
    });

    test("the export button's tooltip covers no other control", async ({ page }) => {
      await signIn(page, "manager", "/freight-orders");
      await expect(bodyRows(page).first()).toBeVisible({ timeout: 20_000 });
      await page.getByRole("button", { name: locale === "ru" ? "Выгрузить" : "Export", exact: true }).hover();
      const tooltip = page.getByRole("tooltip");
      await expect(tooltip).toBeVisible();
      const box = await tooltip.boundingBox();
      expect(box).not.toBeNull();
      const covered = await page.evaluate(
        (tip) => {
          const controls = document.querySelectorAll<HTMLElement>(
            "button, a, input, [role=combobox], table thead th",
          );
          return [...controls]
            .filter((control) => !control.closest("[role=tooltip]"))
            .filter((control) => {
              const rect = control.getBoundingClientRect();
              if (rect.width === 0 || rect.height === 0) return false;
              return (
                rect.left < tip.x + tip.width &&
                rect.right > tip.x &&
                rect.top < tip.y + tip.height &&
                rect.bottom > tip.y
              );
            })
            .map(
              (control) =>
                control.getAttribute("aria-label") ?? control.textContent?.trim() ?? control.tagName,
            );
        },
        box as { x: number; y: number; width: number; height: number },
      );
      expect(covered).toEqual([]);
    });

    test("a client's list, its buttons missing on some rows, has no serious axe violation", async ({
      page,
    }) => {
      await signIn(page, "client2", "/freight-orders");
      await expect(bodyRows(page).nth(5)).toBeVisible({ timeout: 20_000 });
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations.filter((violation) =>
        ["serious", "critical"].includes(violation.impact ?? ""),
      );
      expect(serious.map((violation) => violation.id)).toEqual([]);
    });

    test("a manager's phone has no documents export", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, "manager", "/freight-orders");
      await expect(bodyRows(page).first()).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole("link", { name: exportDocuments })).toBeHidden();
    });
  });
}
