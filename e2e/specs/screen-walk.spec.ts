import { expect, type Page, test } from "@playwright/test";
import { buildOrder } from "./order-form-support";
import { apiAs, bodyRows, fontsLoaded, pendingApplicant, signIn, useLocale } from "./support";

// What a walk of every screen found (issue 33), each checked where it showed: cut titles and buttons, words broken
// on a phone, cues that were missing, a page that did not follow a live change.

/** The grid's header titles that are cut sideways (a word wider than its place) or run past two lines. */
async function cutTitles(page: Page) {
  await fontsLoaded(page);
  return page.locator("table thead th .dg-th-title").evaluateAll((wrappers) =>
    wrappers.flatMap((wrapper) => {
      const element = wrapper as HTMLElement;
      const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight);
      const isCut = element.scrollWidth > element.clientWidth + 1;
      const lines = Math.round(element.getBoundingClientRect().height / lineHeight);
      return isCut || lines > 2 ? [`${element.textContent} (${lines} lines${isCut ? ", cut" : ""})`] : [];
    }),
  );
}

/** The words of these cells that the browser broke across two lines. */
async function brokenWords(page: Page, cells: string) {
  await fontsLoaded(page);
  return page.locator(cells).evaluateAll((elements) =>
    elements.flatMap((element) => {
      const text = element.textContent ?? "";
      const broken: string[] = [];
      // A word ends at a space or a hyphen, where a line may break
      for (const match of text.matchAll(/[^\s-]+/g)) {
        const node = [...element.querySelectorAll("*"), element]
          .flatMap((each) => [...each.childNodes])
          .find((child) => child.nodeType === Node.TEXT_NODE && child.textContent?.includes(match[0]));
        if (!node) continue;
        const start = (node.textContent ?? "").indexOf(match[0]);
        const range = document.createRange();
        range.setStart(node, start);
        range.setEnd(node, start + match[0].length);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (tops.size > 1) broken.push(match[0]);
      }
      return broken;
    }),
  );
}

test.describe("grids at 1366 px in Russian", () => {
  test.beforeEach(async ({ page }) => {
    await useLocale(page, "ru");
    await page.setViewportSize({ width: 1366, height: 768 });
  });

  for (const path of [
    "/monitoring",
    "/reports/terminal-utro",
    "/companies",
    "/freight-orders",
    "/export-tasks",
  ]) {
    test(`${path}: every title whole or on two lines at most, with room`, async ({ page }) => {
      await signIn(page, "manager", path);
      await expect(bodyRows(page).first()).toBeVisible();
      expect(await cutTitles(page)).toEqual([]);
    });
  }

  test("the export page shows the column its hint names, and its last column within the screen", async ({
    page,
  }) => {
    await signIn(page, "manager", "/export-tasks");
    const kept = page.getByRole("columnheader", { name: /Хранится до/ });
    await expect(kept).toBeVisible();
    await expect(page.getByText(/столбец «Хранится до»/)).toBeVisible();
    const box = await kept.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1366);
  });

  test("a company's row being edited shows its Save button whole, beside the selection boxes", async ({
    page,
  }) => {
    // A customer's row, found by its name: other tests add companies of their own (its editors hide its text once open)
    await signIn(page, "manager", `/companies?companies.q=${encodeURIComponent("Сибирский лес")}`);
    const row = bodyRows(page).first();
    await expect(row).toContainText("Сибирский лес");
    await row.getByRole("button", { name: "Редактировать" }).click();
    const save = row.getByRole("button", { name: "Сохранить" });
    await expect(save).toBeVisible();
    const cell = await row.locator("td").first().boundingBox();
    const button = await save.boundingBox();
    expect((button?.x ?? 0) + (button?.width ?? 0)).toBeLessThanOrEqual((cell?.x ?? 0) + (cell?.width ?? 0));
    await row.getByRole("button", { name: "Отмена" }).click();
  });

  test("the terminal report marks the columns whose cells open, and says so", async ({ page }) => {
    await signIn(page, "manager", "/reports/terminal-utro");
    await expect(page.getByText(/изменяемые столбцы/)).toBeVisible();
    const row = bodyRows(page).first();
    await expect(row).toBeVisible();
    // The waybill number is the terminal's own (marked, opens); the container is the order's (no mark, stays)
    await expect(page.getByRole("columnheader", { name: /Номер накладной.*изменяются/ })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: /^Контейнер/ })).not.toContainText("изменяются");
    const containerCell = row.locator("td").nth(1);
    await containerCell.dblclick();
    await expect(row.locator("input")).toHaveCount(0);
  });
});

test.describe("lists on a 390 px phone", () => {
  for (const locale of ["ru", "en"] as const) {
    test(`status names wrap between words only (${locale})`, async ({ page }) => {
      await useLocale(page, locale);
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, "manager", "/freight-orders");
      await expect(bodyRows(page).nth(5)).toBeVisible();
      expect(await brokenWords(page, "table tbody td span[title]")).toEqual([]);
      await page.goto("/containers");
      await expect(bodyRows(page).nth(5)).toBeVisible();
      expect(await brokenWords(page, "table tbody td span[title]")).toEqual([]);
      // The monitoring shows the whole container number
      await page.goto("/monitoring");
      await expect(bodyRows(page).first()).toBeVisible();
      const numbers = page.getByRole("gridcell", { name: /^[A-Z]{4}\d{7}$/ });
      await expect(numbers.first()).toBeVisible();
      const cut = await numbers.evaluateAll(
        (cells) =>
          cells.filter((cell) => {
            const span = cell.querySelector("span") ?? cell;
            return span.scrollWidth > span.clientWidth + 1;
          }).length,
      );
      expect(cut).toBe(0);
    });
  }
});

test("the parties' directory keeps its Choose button in one column", async ({ page }) => {
  await useLocale(page, "en");
  await signIn(page, "client", "/add-freight-order");
  await page.getByRole("button", { name: "Directory" }).first().click();
  const dialog = page.getByRole("dialog");
  const choose = dialog.getByRole("button", { name: "Choose" });
  await expect(choose.nth(2)).toBeVisible();
  const xs = new Set<number>();
  for (const button of await choose.all()) xs.add(Math.round((await button.boundingBox())?.x ?? -1));
  expect([...xs]).toHaveLength(1);
});

test("an approved applicant's page follows the approval as the bell tells of it, without a reload", async ({
  page,
}) => {
  const username = `walk.${Date.now()}`;
  await pendingApplicant(page.request, username);
  await useLocale(page, "en");
  // The live stream opens only once the approval is made: the page read the account before it, and must not miss it
  let approved = () => {};
  const approval = new Promise<void>((resolve) => {
    approved = resolve;
  });
  await page.route("**/api/live/", async (route) => {
    await approval;
    await route.continue();
  });
  const accountRead = page.waitForResponse((answer) => answer.url().endsWith("/profile/api/users/me/"));
  await signIn(page, username, "/dashboard");
  await accountRead;
  const ordersLink = page.getByRole("link", { name: "Shipping orders" });
  await expect(ordersLink).toHaveCount(0);

  const manager = await apiAs(page.request, "manager");
  const [applicant] = (
    await manager.get<{ results: { id: number; version: number }[] }>(
      `/profile/api/users/?search=${username}`,
    )
  ).results;
  const companies = await manager.get<{ results: { id: number; name: string }[] }>(
    "/profile/api/companies/?search=Уралмашкомплект",
  );
  await manager.patch(`/profile/api/users/${applicant?.id}/`, {
    state: "approved",
    company_id: companies.results[0]?.id,
    version: applicant?.version,
  });
  approved();
  // No focus event in a headless page: the live stream alone refreshes the user
  await expect(ordersLink.first()).toBeVisible();
});

test("a new container without its order asks to choose the order", async ({ page }) => {
  await useLocale(page, "en");
  await signIn(page, "manager", "/add-container");
  await page.getByRole("textbox", { name: "Container number" }).fill("CAIU2187850");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("Choose one from the list")).toBeVisible();
  await expect(page.getByText("A number is required")).toHaveCount(0);
});

test("a file over the upload limit is refused before it is sent", async ({ page }) => {
  await useLocale(page, "en");
  const order = await buildOrder(page.request, "draft");
  await signIn(page, "client", `/freight-orders/${order.id}`);
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/files/")) sent.push(request.url());
  });
  await page
    .locator("input[type=file]")
    .first()
    .setInputFiles({
      name: "scan.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.alloc(21 * 1024 * 1024, 0x25),
    });
  await expect(page.getByText(/The file is larger than 20 MB/)).toBeVisible();
  expect(sent).toEqual([]);
});

test("the GNG field shows its hint again once a code is chosen, not how much of the list was loaded", async ({
  page,
}) => {
  await useLocale(page, "en");
  await signIn(page, "client", "/add-freight-order");
  const field = page.getByRole("combobox", { name: "GNG code" });
  await field.click();
  // The nomenclature is in Russian: "древес" (wood) finds more headings than a page
  await field.pressSequentially("древес");
  await expect(page.getByText(/^20 of \d+: type more or scroll down$/)).toBeVisible();
  await page.getByRole("option").first().click();
  await expect(
    page.getByText('Choosing writes the line "GNG: code description" at the top of the description'),
  ).toBeVisible();
  await expect(page.getByText(/of \d+: type more or scroll down/)).toHaveCount(0);
});
