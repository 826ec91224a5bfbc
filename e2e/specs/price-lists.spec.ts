import { expect, type Page, test } from "@playwright/test";
import { signIn, useLocale } from "./support";

/** The id of a demo company, asked of the API with the signed-in user's token. */
async function companyId(page: Page, name: string): Promise<number> {
  const token = await page.evaluate(() => window.localStorage.getItem("access-token"));
  const answer = await page.request.get(`/profile/api/companies/?search=${encodeURIComponent(name)}`, {
    headers: { Authorization: `JWT ${token}` },
  });
  const [company] = (await answer.json()).results as { id: number }[];
  if (!company) throw new Error(`no demo company ${name}`);
  return company.id;
}

/** The two grids of the page: personal service prices, then container transfer costs. */
function grids(page: Page) {
  const tables = page.locator("table");
  return { services: tables.nth(0), costs: tables.nth(1) };
}

test.describe("company price lists", () => {
  test("a manager creates a price list for a company without one, changes a cost and deletes it", async ({
    page,
  }) => {
    // Creating, editing and deleting in one story, on a grid page's first visit: longer than the default
    test.setTimeout(90_000);
    await useLocale(page, "ru");
    await signIn(page, "manager", null);
    await page.goto(`/company-services/${await companyId(page, "Уралмашкомплект")}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Прайс-лист: ООО «Уралмашкомплект»");
    const create = page.getByRole("button", { name: "Создать" });
    const remove = page.getByRole("button", { name: "Удалить" });
    const { services, costs } = grids(page);
    await expect(create).toBeEnabled({ timeout: 20_000 });
    await expect(remove).toBeDisabled();
    await expect(services).toContainText("Нет записей");
    await expect(costs).toContainText("Нет записей");

    await create.click();
    await expect(
      page.getByText(/Прайс-лист создан по базовым ценам: услуг — 43, стоимостей перевозки — 38/),
    ).toBeVisible();
    await expect(create).toBeDisabled();
    await expect(remove).toBeEnabled();
    // Every base row, at its base cost, sorted by route
    const gauge = services
      .locator("tbody tr")
      .filter({ hasText: "Перегрузка с колеи 1435 на колею 1520 мм" })
      .first();
    await expect(gauge).toContainText("Алтынколь — Ворсино (через Озинки)");
    await expect(gauge.locator("td").nth(-2)).toHaveText("30 200,00 ₽");
    await expect(gauge.locator("td").last()).toHaveText("30 200,00 ₽");
    await expect(page.getByText("1–10 из 43")).toBeVisible();
    const tariff = costs.locator("tbody tr").filter({ hasText: "45HC" }).first();
    await expect(tariff).toContainText("Алтынколь — Ворсино (через Озинки)");
    await expect(tariff).toContainText("45-футовый высокий");
    await expect(tariff.locator("td").last()).toHaveText("289 500,00 ₽");

    // The cost, the one cell that can be changed, typed as a Russian writes an amount
    await gauge.locator("td").last().dblclick();
    const editor = gauge.getByRole("textbox", { name: "Стоимость" });
    await editor.fill("28 750,5");
    await editor.press("Enter");
    await expect(gauge.locator("td").last()).toHaveText("28 750,50 ₽");
    await expect(gauge.locator("td").nth(-2)).toHaveText("30 200,00 ₽");
    // A base cost is shown only
    await gauge.locator("td").nth(-2).dblclick();
    await expect(gauge.getByRole("textbox")).toHaveCount(0);
    await page.reload();
    await expect(grids(page).services.locator("tbody tr").filter({ hasText: "28 750,50 ₽" })).toContainText(
      "Перегрузка с колеи 1435 на колею 1520 мм",
      { timeout: 20_000 },
    );

    await page.getByRole("button", { name: "Удалить" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(
      "Все персональные цены компании «ООО «Уралмашкомплект»» будут удалены",
    );
    await expect(dialog).toContainText("услуг — 43, стоимостей перевозки — 38");
    await dialog.getByRole("button", { name: "Удалить" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText("Прайс-лист удалён")).toBeVisible();
    await expect(grids(page).services).toContainText("Нет записей");
    await expect(grids(page).costs).toContainText("Нет записей");
    await expect(page.getByRole("button", { name: "Создать" })).toBeEnabled();
    await expect(page.getByRole("button", { name: "Удалить" })).toBeDisabled();
  });

  test("the demo customer's price list shows its negotiated costs in English", async ({ page }) => {
    await useLocale(page, "en");
    await signIn(page, "manager", null);
    await page.goto(`/company-services/${await companyId(page, "Сибирский лес")}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Price list: ООО «Сибирский лес»");
    const { services, costs } = grids(page);
    await expect(services.locator("tbody tr").first()).toContainText("Altynkol — Vorsino (via Ozinki)", {
      timeout: 20_000,
    });
    await expect(page.getByRole("button", { name: "Create" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Delete" })).toBeEnabled();
    // 4 % off the railway tariff, in rubles as an English reader writes them
    const tariff = costs.locator("tbody tr").filter({ hasText: "45HC" }).first();
    await expect(tariff).toContainText("45' high cube");
    await expect(tariff.locator("td").nth(-2)).toHaveText("RUB 289,500.00");
    await expect(tariff.locator("td").last()).toHaveText("RUB 277,900.00");
  });

  test("a client is not let into a price list, and the API refuses them", async ({ page }) => {
    await useLocale(page, "en");
    await signIn(page, "client", null);
    const token = await page.evaluate(() => window.localStorage.getItem("access-token"));
    const own = await page.request.get("/profile/api/users/me/", {
      headers: { Authorization: `JWT ${token}` },
    });
    const { company_id } = (await own.json()) as { company_id: number };
    await page.goto(`/company-services/${company_id}`);
    await expect(page).toHaveURL(/\/dashboard$/);
    const headers = { Authorization: `JWT ${token}` };
    expect(
      (await page.request.get(`/planner/api/company/${company_id}/service/`, { headers })).status(),
    ).toBe(403);
    const refresh = await page.request.post(`/planner/api/company/${company_id}/company_price_refresh/`, {
      headers,
    });
    expect(refresh.status()).toBe(403);
  });
});
