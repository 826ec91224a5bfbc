import { expect, type Locator, type Page, test } from "@playwright/test";
import { apiAs, bodyRows, ORDERS, signIn, useLocale } from "./support";

// The shipping orders' list (/freight-orders) at work: a client's orders sorted, filtered, searched and grouped
// on the server, opened, edited and deleted where the status lets them; a manager's status comments.

/** The companies of client2: their own and the one they are a related user of (demo data). */
const CLIENT2_COMPANIES = ["АО «ДальТоргИмпорт»", "ООО «Уралмашкомплект»"];

function rowWith(page: Page, text: string) {
  return bodyRows(page).filter({ hasText: text });
}

/** Waits for the next orders list request matching `check` and returns its query parameters. */
async function nextListRequest(page: Page, check: (params: URLSearchParams) => boolean) {
  const request = await page.waitForRequest((candidate) => {
    const url = new URL(candidate.url());
    return url.pathname === ORDERS && check(url.searchParams);
  });
  return new URL(request.url()).searchParams;
}

async function openOrders(page: Page, username: string) {
  await signIn(page, username, "/freight-orders");
  // A grid page's first visit loads its code: on a busy machine that takes longer than one check waits
  await expect(bodyRows(page).first()).toBeVisible({ timeout: 20_000 });
}

/** The text of every cell of a column on the page, by its header. */
async function columnTexts(page: Page, header: string): Promise<string[]> {
  const headers = await page.locator("table thead th").allTextContents();
  const index = headers.findIndex((text) => text.startsWith(header));
  expect(index, header).toBeGreaterThanOrEqual(0);
  return bodyRows(page)
    .locator(`td:nth-child(${index + 1})`)
    .allTextContents();
}

/** The statuses in the workflow's order. */
const WORKFLOW = [
  "Draft",
  "Submitted",
  "Needs correction",
  "Approved",
  "Signed",
  "In progress",
  "Completed",
  "Cancelled",
];

/** The status column's header ("Status comment" is another column). */
function statusHeader(page: Page): Locator {
  return page.getByRole("columnheader").filter({ has: page.getByText("Status", { exact: true }) });
}

test.describe("/freight-orders", () => {
  test.beforeEach(async ({ page }) => {
    await useLocale(page, "en");
  });

  test("a client sees only their companies' orders, sorted, filtered and searched on the server", async ({
    page,
  }) => {
    // From the header's entry
    await signIn(page, "client2");
    await page.getByRole("link", { name: "Shipping orders" }).first().click();
    await expect(page).toHaveURL(/\/freight-orders$/);
    await expect(bodyRows(page).first()).toBeVisible({ timeout: 20_000 });
    const companies = await columnTexts(page, "Company");
    expect(companies.length).toBeGreaterThanOrEqual(10);
    for (const company of companies) expect(CLIENT2_COMPANIES).toContain(company);
    // Newest first
    const ids = (await columnTexts(page, "No.")).map(Number);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    // Another customer's order is not found, even by its number
    const search = page.getByRole("textbox", { name: "Search in the table" });
    const searched = page.waitForResponse(
      (answer) => new URL(answer.url()).searchParams.get("search") === "СЛ-2026/031",
    );
    await search.fill("СЛ-2026/031");
    expect(await (await searched).json()).toMatchObject({ count: 0 });
    await search.fill("ДТИ-И-2026/118");
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(bodyRows(page).first()).toContainText("Approved");
    await page.getByRole("button", { name: "Clear filters, search and grouping" }).click();

    // Sorted by the status's name in the interface language
    const sorted = nextListRequest(page, (params) => params.get("ordering") === "status_name_en");
    await statusHeader(page).getByText("Status", { exact: true }).click();
    await sorted;
    await expect(bodyRows(page).first()).toContainText("Approved");

    // Filtered by a choice of statuses, both kept though the second is clicked before the first is rendered (a slow
    // processor: the router renders a change later than the click that made it)
    const filtered = page.waitForResponse((answer) =>
      /status__in=\d+,\d+/.test(new URL(answer.url()).searchParams.get("filters") ?? ""),
    );
    await statusHeader(page).getByRole("combobox").click();
    const devtools = await page.context().newCDPSession(page);
    await devtools.send("Emulation.setCPUThrottlingRate", { rate: 20 });
    await page.getByRole("option", { name: "Draft" }).click();
    await page.getByRole("option", { name: "Submitted" }).click();
    await page.keyboard.press("Escape");
    await devtools.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    const { count } = (await (await filtered).json()) as { count: number };
    expect(count).toBeGreaterThanOrEqual(3);
    await expect(bodyRows(page)).toHaveCount(count);
    await expect(page).toHaveURL(/freight-orders\.f\.status/);
    for (const status of await columnTexts(page, "Status")) expect(["Draft", "Submitted"]).toContain(status);
  });

  test("a number filter given letters says it is invalid instead of showing every row", async ({ page }) => {
    await openOrders(page, "client2");
    const header = page.getByRole("columnheader").filter({ hasText: /^No\./ });
    const filter = header.getByRole("textbox");
    await filter.fill("abc");
    await expect(filter).toHaveAttribute("aria-invalid", "true");
    await expect(header.getByText("Not a number")).toBeVisible();
    await filter.fill("7");
    await expect(filter).toHaveAttribute("aria-invalid", "false");
    await expect(header.getByText("Not a number")).toBeHidden();
  });

  test("the date filters of an order's grids are wide enough to read", async ({ page }) => {
    // The grids come below the order's whole form: on a loaded machine the page takes its time to reach them
    test.setTimeout(90_000);
    await signIn(page, "manager", "/freight-orders/1");
    for (const name of ["Documents", "Containers"]) {
      const grid = page.getByRole("region", { name, exact: true });
      await expect(async () => {
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await expect(grid.locator("thead .dg-day-input").first()).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 60_000 });
      const days = grid.locator("thead .dg-day-input");
      expect(await days.count(), name).toBeGreaterThanOrEqual(2);
      // A whole typed day shows beside the calendar button, not cut
      for (const day of await days.all()) {
        await day.fill("2026-11-24");
        expect(await day.evaluate((field) => field.scrollWidth <= field.clientWidth), name).toBe(true);
        await day.fill("");
      }
    }
  });

  test("a client groups by status and opens an order by double-click", async ({ page }) => {
    await openOrders(page, "client2");
    const groups = nextListRequest(page, (params) => params.get("group") === "status");
    await statusHeader(page).getByRole("button", { name: "Column Actions" }).click();
    await page.getByRole("menuitem", { name: /Group by Status/ }).click();
    await groups;
    const approved = bodyRows(page).filter({ hasText: "Approved (2)" });
    await expect(approved).toBeVisible();
    // The groups follow the workflow (Approved comes after Submitted and Needs correction), not the statuses' ids
    const shown = (await page.locator("table tbody tr strong").allTextContents()).map((text) =>
      text.replace(/ \(\d+\)$/, ""),
    );
    expect(shown).toEqual(WORKFLOW.filter((status) => shown.includes(status)));
    expect(shown.indexOf("Approved")).toBeGreaterThan(shown.indexOf("Submitted"));
    const opened = nextListRequest(page, (params) => (params.get("filters") ?? "").includes("status=2"));
    await approved.getByRole("button", { name: "Expand" }).click();
    await opened;
    await expect(rowWith(page, "ДТИ-И-2026/118")).toBeVisible();
    await page.getByRole("button", { name: "Clear filters, search and grouping" }).click();

    const row = rowWith(page, "ДТИ-И-2026/124");
    const id = (await row.locator("td").filter({ hasText: /^\d+$/ }).first().textContent()) ?? "";
    await row.getByText("ДТИ-И-2026/124").dblclick();
    await expect(page).toHaveURL(new RegExp(`/freight-orders/${id}$`));
  });

  test("a client edits only the orders they may change, views the others, and deletes none the status locks", async ({
    page,
  }) => {
    await openOrders(page, "client2");
    const approved = rowWith(page, "ДТИ-И-2026/118");
    await expect(approved).toContainText("Approved");
    await expect(approved.getByRole("button", { name: "Delete" })).toHaveCount(0);
    await expect(approved.getByRole("link", { name: "Edit" })).toHaveCount(0);
    await expect(approved.getByRole("link", { name: "View" })).toHaveAttribute(
      "href",
      /\/freight-orders\/\d+$/,
    );
    await expect(approved.getByRole("link", { name: "Copy" })).toHaveAttribute(
      "href",
      /\/add-freight-order\?copiedId=\d+$/,
    );

    // Submitted: its fields are locked for the client (the form still offers its workflow): viewed, not deleted
    const submitted = rowWith(page, "ДТИ-И-2026/124");
    await expect(submitted.getByRole("link", { name: "View" })).toHaveAttribute(
      "href",
      /\/freight-orders\/\d+$/,
    );
    await expect(submitted.getByRole("link", { name: "Edit" })).toHaveCount(0);
    await expect(submitted.getByRole("button", { name: "Delete" })).toHaveCount(0);

    // A draft: every action
    const draft = bodyRows(page).filter({ hasText: "Draft" }).first();
    await expect(draft.getByRole("button", { name: "Delete" })).toBeVisible();
    await expect(draft.getByRole("link", { name: "Edit" })).toBeVisible();
    await expect(draft.getByRole("link", { name: "View" })).toHaveCount(0);

    await expect(page.getByRole("link", { name: "New shipping order" })).toHaveAttribute(
      "href",
      "/add-freight-order",
    );
    // The documents' export is the managers'
    await expect(page.getByRole("link", { name: "Export documents for a period" })).toHaveCount(0);
  });

  test("a client deletes a draft after confirming it", async ({ page, request }) => {
    const client = await apiAs(request, "client");
    const order = await client.create({ customer_order_number: "E2E-DEL-1", destination: "Забайкальск" });

    await openOrders(page, "client");
    const row = rowWith(page, "E2E-DEL-1");
    await row.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(`“Shipping order No. ${order.id}” will be deleted`);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(row).toBeVisible();

    await row.getByRole("button", { name: "Delete" }).click();
    const deleted = page.waitForResponse(
      (answer) => answer.url().endsWith(`${ORDERS}${order.id}/`) && answer.request().method() === "DELETE",
    );
    await dialog.getByRole("button", { name: "Delete" }).click();
    expect((await deleted).status()).toBe(204);
    await expect(row).toHaveCount(0);
    expect(await client.status(order.id)).toBe(404);
  });

  test("a manager edits a status comment in its cell, which a status that needs one keeps", async ({
    page,
    request,
  }) => {
    // An order of this test's own in "Needs correction", which needs a comment
    const client = await apiAs(request, "client");
    const manager = await apiAs(request, "manager");
    const draft = await client.create({ customer_order_number: "E2E-COMMENT-1" });
    const submitted = await client.change(draft, { status: 3 });
    const corrected = await manager.change(submitted, { status: 4, status_comment: "Уточните массу брутто" });

    await openOrders(page, "manager");
    await expect(page.getByRole("link", { name: "Export documents for a period" })).toHaveAttribute(
      "href",
      "/export-tasks",
    );
    await page.getByRole("textbox", { name: "Search in the table" }).fill("E2E-COMMENT-1");
    const row = rowWith(page, "E2E-COMMENT-1");
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(row).toContainText("Needs correction");

    let patches = 0;
    page.on("request", (call) => {
      if (call.method() === "PATCH" && call.url().includes(ORDERS)) patches += 1;
    });
    await row.getByText("Уточните массу брутто").dblclick();
    const editor = page.getByRole("textbox", { name: "Status comment" });
    await editor.fill("");
    await editor.press("Enter");
    await expect(row.getByText("The field is required")).toBeVisible();
    expect(patches).toBe(0);

    await editor.fill("Уточните массу брутто и нетто");
    const saved = page.waitForResponse(
      (answer) => answer.url().includes(ORDERS) && answer.request().method() === "PATCH",
    );
    await editor.press("Enter");
    const answer = await saved;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toEqual({
      status_comment: "Уточните массу брутто и нетто",
      version: 3,
    });
    await expect(row).toContainText("Уточните массу брутто и нетто");
    await expect(editor).toHaveCount(0);

    // Someone else saves while the cell is being edited: the live update refreshes the row under the editor, the
    // save stays based on the version the user saw, and the grid says so and shows their comment
    await row.getByText("Уточните массу брутто и нетто").dblclick();
    await editor.fill("Моя правка");
    const refreshed = page.waitForResponse(
      (answer) => answer.url().includes(ORDERS) && answer.request().method() === "GET",
    );
    await manager.change({ ...corrected, version: 4 }, { status_comment: "Нужна масса нетто" });
    await refreshed;
    await expect(editor).toHaveValue("Моя правка");
    await editor.press("Enter");
    await expect(page.getByText("Someone else changed this record")).toBeVisible();
    await expect(row).toContainText("Нужна масса нетто");
  });
});
