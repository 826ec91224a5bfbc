import { expect, type Page, test } from "@playwright/test";
import { buildContainer } from "./containers-support";
import { apiAs, bodyRows, signedInPage } from "./support";

// The monitoring and the terminal report (issue 16): managers edit their own cells in the grid, the rows follow
// changes made elsewhere, a client with monitoring access reads the grid only, a client without it has no way in.

const MONITORING = "/tracking/api/monitoring/";
const TERMINAL_REPORT = "/tracking/api/reports/terminal-utro/";

/** A monitoring row as the API answers it, with what the specs read of it. */
type Row = { id: number; version: number; tk_order_number: string } & Record<string, unknown>;

/** Opens a grid page searched for one container's number and waits for its row. */
async function openRow(page: Page, address: string, gridId: string, container: string) {
  await page.goto(`${address}?${new URLSearchParams({ [`${gridId}.q`]: container })}`);
  const row = bodyRows(page).filter({ hasText: container });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  return row;
}

test.describe("monitoring and terminal report", () => {
  test("a manager edits a monitoring cell and a terminal report cell, kept after a reload", async ({
    browser,
    request,
  }) => {
    const container = await buildContainer(request, "MONU1100011");
    const page = await signedInPage(browser, "manager", "en", null);

    let row = await openRow(page, "/monitoring", "monitoring", container.container);
    // Company, then the carrier's order number
    await row.locator("td").nth(1).dblclick();
    const editor = row.getByRole("textbox", { name: "Order number at the carrier" });
    await editor.fill("ЗНП-E2E/0001");
    await editor.press("Enter");
    await expect(row.locator("td").nth(1)).toHaveText("ЗНП-E2E/0001");
    // An amount over two decimals is refused under its cell, by the rule the API applies
    const cost = row.locator("td").nth(13);
    await cost.dblclick();
    const amount = row.getByRole("textbox", { name: "Foreign invoice cost" });
    await amount.fill("1250.555");
    await amount.press("Enter");
    await expect(row.getByText(/decimal/i)).toBeVisible();
    await amount.press("Escape");
    await page.reload();
    row = bodyRows(page).filter({ hasText: container.container });
    await expect(row.locator("td").nth(1)).toHaveText("ЗНП-E2E/0001", { timeout: 20_000 });

    row = await openRow(page, "/reports/terminal-utro", "terminal-report", container.container);
    // Order date, container, prefix, number, type, then the owner
    await expect(row.locator("td").nth(2)).toHaveText("MONU");
    await row.locator("td").nth(5).dblclick();
    const owner = row.getByRole("textbox", { name: "Owner" });
    await owner.fill("FESCO");
    await owner.press("Enter");
    await expect(row.locator("td").nth(5)).toHaveText("FESCO");
    await page.reload();
    row = bodyRows(page).filter({ hasText: container.container });
    await expect(row.locator("td").nth(5)).toHaveText("FESCO", { timeout: 20_000 });
    const manager = await apiAs(request, "manager");
    expect(await manager.get<{ owner: string }>(`${TERMINAL_REPORT}${container.id}/`)).toMatchObject({
      owner: "FESCO",
    });
    await page.context().close();
  });

  test("while the terminal report's first page loads, its body is busy and draws its rows as one background: no rows, no skeleton in each cell", async ({
    browser,
  }) => {
    const page = await signedInPage(browser, "manager", "en", null);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route(new RegExp(`${TERMINAL_REPORT}\\?`), async (route) => {
      await answered;
      await route.fallback();
    });
    await page.goto("/reports/terminal-utro");
    const body = page.locator("table:not(figure table) tbody");
    await expect(body).toHaveAttribute("aria-busy", "true");
    // A skeleton in each of its 29 columns' cells of 20 rows, all animated, kept a busy machine's browser drawing
    // them for seconds before the rows could show (docs/decisions.md, "A grid's loading rows")
    await expect(body.locator("td")).toHaveCount(0);
    await expect(bodyRows(page)).toHaveCount(0);
    answer();
    await expect(bodyRows(page).filter({ hasText: /\d/ }).first()).toBeVisible();
    await expect(body).not.toHaveAttribute("aria-busy");
    await page.context().close();
  });

  test("a monitoring row changed by another manager through the API changes on screen without a reload", async ({
    browser,
    request,
  }) => {
    const container = await buildContainer(request, "MONU2200022");
    const page = await signedInPage(browser, "manager", "en", null);
    const listening = page.waitForResponse((response) => response.url().endsWith("/api/live/"), {
      timeout: 30_000,
    });
    const row = await openRow(page, "/monitoring", "monitoring", container.container);
    await listening;
    await page.evaluate(() => {
      document.documentElement.dataset.liveMark = "kept";
    });

    const head = await apiAs(request, "head");
    const current = await head.get<Row>(`${MONITORING}${container.id}/`);
    await head.patch(`${MONITORING}${container.id}/`, {
      foreign_forwarder: "KTZ Express JSC",
      version: current.version,
    });
    await expect(row).toContainText("KTZ Express JSC", { timeout: 20_000 });
    expect(await page.evaluate(() => document.documentElement.dataset.liveMark)).toBe("kept");
    await page.context().close();
  });

  test("a client with monitoring access reads the grid: no cell opens an editor", async ({
    browser,
    request,
  }) => {
    const container = await buildContainer(request, "MONU3300033");
    const page = await signedInPage(browser, "client", "en");
    await expect(page.getByRole("link", { name: "Monitoring", exact: true })).toBeVisible();
    const row = await openRow(page, "/monitoring", "monitoring", container.container);
    await expect(page.getByText("Read only: the forwarder's managers fill these columns in.")).toBeVisible();
    await row.locator("td").nth(1).dblclick();
    await row.locator("td").nth(1).press("Enter");
    await expect(row.getByRole("textbox")).toHaveCount(0);
    // The terminal report is every signed-in user's, read-only for clients too
    await page.getByRole("button", { name: /Profile menu/ }).click();
    await page.getByRole("menuitem", { name: "Terminal report" }).click();
    await expect(page).toHaveURL(/\/reports\/terminal-utro/);
    await expect(bodyRows(page).filter({ hasText: container.container })).toHaveCount(1, { timeout: 20_000 });
    await page.context().close();
  });

  test("a client without monitoring access has no monitoring link and the API refuses them", async ({
    browser,
    request,
  }) => {
    const page = await signedInPage(browser, "client3", "en");
    await expect(page.getByRole("link", { name: "Containers", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Monitoring", exact: true })).toHaveCount(0);
    // Typed in, the address leads back to the dashboard
    await page.goto("/monitoring");
    await expect(page).toHaveURL(/\/dashboard$/);
    const token = await request.post("/api/token/", {
      data: { username: "client3", password: "Freight-2026" },
    });
    const { access } = (await token.json()) as { access: string };
    const refused = await request.get(MONITORING, { headers: { Authorization: `JWT ${access}` } });
    expect(refused.status()).toBe(403);
    await page.context().close();
  });
});
