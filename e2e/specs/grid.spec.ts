import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { bodyRows, signIn, useLocale } from "./support";

/** The cell that has the focus: its row (0 the header row) and column, as drawn. */
function focusedCell(page: Page) {
  return page.evaluate(() => {
    const cell = document.activeElement;
    if (!(cell instanceof HTMLTableCellElement)) return null;
    const row = cell.parentElement as HTMLTableRowElement;
    const table = row.closest("table") as HTMLTableElement;
    const rows = [table.tHead?.rows[0], ...(table.tBodies[0]?.rows ?? [])];
    return {
      row: rows.indexOf(row),
      column: cell.cellIndex,
      tabbable: table.querySelectorAll("td[tabindex='0'], th[tabindex='0']").length,
    };
  });
}

test.describe("the grid's keyboard", () => {
  test("the arrows, Home and End move between the cells, one cell in the tab order; Enter opens the row", async ({
    page,
  }) => {
    await useLocale(page, "en");
    await signIn(page, "manager", "/freight-orders");
    await expect(bodyRows(page).nth(2)).toBeVisible({ timeout: 20_000 });
    // The skip link takes the focus to the first cell of the rows
    await page.getByRole("button", { name: "Skip to rows" }).focus();
    await page.keyboard.press("Enter");
    expect(await focusedCell(page)).toEqual({ row: 1, column: 0, tabbable: 1 });
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    expect(await focusedCell(page)).toEqual({ row: 1, column: 2, tabbable: 1 });
    await page.keyboard.press("ArrowDown");
    expect(await focusedCell(page)).toEqual({ row: 2, column: 2, tabbable: 1 });
    await page.keyboard.press("Home");
    expect(await focusedCell(page)).toEqual({ row: 2, column: 0, tabbable: 1 });
    // Up past the first row reaches the headers, and stops there
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    expect(await focusedCell(page)).toMatchObject({ row: 0, column: 0 });
    const last = await page.evaluate(() => {
      const table = document.querySelector("table[role=grid]") as HTMLTableElement;
      const rows = table.tBodies[0]?.rows ?? [];
      return { row: rows.length, column: (rows[rows.length - 1]?.cells.length ?? 1) - 1 };
    });
    await page.keyboard.press("Control+End");
    expect(await focusedCell(page)).toEqual({ ...last, tabbable: 1 });
    await page.keyboard.press("Control+Home");
    await page.keyboard.press("ArrowDown");
    // The row's actions, its box, then its number
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    const number = (await page.evaluate(() => document.activeElement?.textContent ?? "")).trim();
    expect(number).toMatch(/^\d+$/);
    // Ctrl+C copies the focused cell's text; Space ticks the selection box of the row's box cell
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.keyboard.press("Control+C");
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(number);
    await page.keyboard.press("ArrowLeft");
    const box = page.locator("table[role=grid] tbody tr").first().locator("input[type=checkbox]");
    await expect(box).not.toBeChecked();
    await page.keyboard.press("Space");
    await expect(box).toBeChecked();
    await expect(page.getByText(/^1 of \d+ row\(s\) selected$/)).toBeVisible();
    await page.keyboard.press("Space");
    await expect(box).not.toBeChecked();
    await page.keyboard.press("ArrowRight");
    // Enter on a cell opens its row, as a double-click does
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/freight-orders/${number}$`));
  });

  test("a grid that edits its cells starts editing the focused cell on Enter", async ({ page }) => {
    await useLocale(page, "en");
    await signIn(page, "manager", "/freight-orders");
    await expect(bodyRows(page).nth(2)).toBeVisible({ timeout: 20_000 });
    const editable = page.locator("table[role=grid] tbody td[data-editable]").first();
    await editable.focus();
    await page.keyboard.press("Enter");
    await expect(editable.locator("input, textarea").first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(editable.locator("input, textarea")).toHaveCount(0);
  });
});

/** The pages whose subject is a grid. */
const GRID_PAGES = [
  "/freight-orders",
  "/containers",
  "/monitoring",
  "/reports/terminal-utro",
  "/profiles",
  "/companies",
];

for (const locale of ["ru", "en"] as const) {
  test(`every grid page has no serious axe violation (${locale})`, async ({ page }) => {
    // Six pages, axe takes seconds on each when the machine is busy
    test.slow();
    await useLocale(page, locale);
    await signIn(page, "manager", null);
    for (const path of GRID_PAGES) {
      await page.goto(path);
      await expect(bodyRows(page).first()).toBeVisible({ timeout: 20_000 });
      await expect(page.locator("tbody[aria-busy=true]")).toHaveCount(0);
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations
        .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
        .map((violation) => ({
          id: violation.id,
          nodes: violation.nodes.map((node) => node.target.join(" ")),
        }));
      expect({ path, serious }).toEqual({ path, serious: [] });
    }
  });
}
