import { expect, test } from "@playwright/test";
import { buildOrder, scrollToGrids } from "./order-form-support";
import { apiAs, signedInPage } from "./support";

// The shipping order form and its popups in Russian and in English, on a wide screen and on a phone.

/** A container number that passes ISO 6346 (its standard's own example). */
const CONTAINER = "CSQU3054383";

// Each test builds the order it needs through the API: none depends on another's leftovers or order, so they
// run in parallel
test.describe("the shipping order form", () => {
  test.describe.configure({ mode: "parallel" });

  for (const locale of ["ru", "en"] as const) {
    test(`the form and its popups in ${locale === "ru" ? "Russian" : "English"}`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(180_000);
      // A read-only order with a container, and an editable one (a draft)
      const { id: orderId } = await buildOrder(request, "approved");
      await (await apiAs(request, "client")).post("/tracking/api/containers/", {
        freight_order: orderId,
        container: CONTAINER,
      });
      const { id: copyId } = await buildOrder(request, "draft");
      const page = await signedInPage(browser, "client", locale, null);
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.goto(`/freight-orders/${orderId}`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(String(orderId), {
        timeout: 20_000,
      });
      await scrollToGrids(page, locale === "ru" ? "Документы" : "Documents");
      await expect(page.locator("tbody tr").filter({ hasText: CONTAINER })).toBeVisible({
        timeout: 15_000,
      });
      await page.getByRole("button", { name: locale === "ru" ? "История" : "History" }).click();
      await expect(page.getByRole("dialog").locator("tbody tr").first()).toBeVisible();
      // Esc closes every popup
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();

      // An editable order (a draft): the popups of its fields
      await page.goto(`/freight-orders/${copyId}`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(String(copyId), {
        timeout: 20_000,
      });
      await page
        .getByRole("button", { name: locale === "ru" ? "Справочник" : "Directory" })
        .first()
        .click();
      await expect(page.getByRole("dialog").locator("tbody tr").first()).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();
      await page
        .getByRole("button", {
          name: locale === "ru" ? "Прежние описания груза" : "Earlier freight descriptions",
        })
        .click();
      await expect(page.getByRole("dialog").getByRole("button").first()).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();
      await page.getByRole("button", { name: locale === "ru" ? "Добавить услугу" : "Add service" }).click();
      await expect(page.getByRole("dialog").getByRole("checkbox").first()).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();

      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/add-freight-order");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 20_000 });
      await page
        .getByRole("button", { name: locale === "ru" ? "Справочник" : "Directory" })
        .first()
        .click();
      await expect(page.getByRole("dialog").locator("tbody tr").first()).toBeVisible();
    });
  }
});
