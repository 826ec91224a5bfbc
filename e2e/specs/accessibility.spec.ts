import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { signIn, useLocale } from "./support";

/** Violations axe rates serious or critical on the page as it is now. */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(" ")) }));
}

for (const locale of ["ru", "en"] as const) {
  test.describe(`accessibility (${locale})`, () => {
    test.beforeEach(async ({ page }) => {
      await useLocale(page, locale);
    });

    test("sign-in and sign-up have no serious axe violation", async ({ page }) => {
      await page.goto("/sign-in");
      await expect(page.locator('input[name="username"]')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto("/sign-up");
      await expect(page.locator('input[name="repeatPassword"]')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("the manager's pages have no serious axe violation", async ({ page }) => {
      test.slow();
      await signIn(page, "manager");
      // The dashboard with its charts drawn (their code loads after the page's)
      await expect(page.locator("figure svg").first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto("/profile");
      await expect(page.locator('input[name="first_name"]')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto("/profiles");
      await expect(page.locator("table tbody tr").first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto("/help");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      // The notifications' page, and the bell's menu open over it
      await page.goto("/notifications");
      await expect(page.getByRole("listitem").first()).toBeVisible({ timeout: 20_000 });
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId("notification-bell").click();
      await expect(page.getByRole("menuitem").first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await page.goto("/containers");
      await expect(page.locator("table tbody tr").first()).toBeVisible({ timeout: 20_000 });
      expect(await seriousViolations(page)).toEqual([]);
      // A container's form, opened from the list
      await page.locator("table tbody tr").first().locator("td").nth(2).dblclick();
      await expect(page.locator('input[name="container"]')).toBeVisible({ timeout: 20_000 });
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("the company pages and the employee form have no serious axe violation", async ({ page }) => {
      // Three pages, one with three grids: axe takes seconds on each when the machine is busy
      test.slow();
      await signIn(page, "admin", "/companies");
      const row = page.locator("table tbody tr").filter({ hasText: "ООО «Сибирский лес»" });
      await expect(row).toBeVisible({ timeout: 20_000 });
      expect(await seriousViolations(page)).toEqual([]);
      await row.getByText("ООО «Сибирский лес»").dblclick();
      await expect(page.locator('input[name="inn"]')).toBeVisible();
      await expect(page.getByRole("region").nth(2).locator("table tbody tr").first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole("region").first().locator("table tbody tr").first().dblclick();
      await expect(page.getByRole("dialog").locator('input[name="username"]')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("a company's price list has no serious axe violation", async ({ page }) => {
      await signIn(page, "manager", null);
      const token = await page.evaluate(() => window.localStorage.getItem("access-token"));
      const companies = await page.request.get("/profile/api/companies/?search=Сибирский", {
        headers: { Authorization: `JWT ${token}` },
      });
      await page.goto(`/company-services/${(await companies.json()).results[0].id}`);
      await expect(page.locator("table").nth(1).locator("tbody tr").first()).toContainText(/20DC|40DC/, {
        timeout: 20_000,
      });
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
