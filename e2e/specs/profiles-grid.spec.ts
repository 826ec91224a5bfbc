import { expect, type Page, test } from "@playwright/test";
import { signIn, useLocale } from "./support";

/** Waits for the next users list request matching `check` and returns its query parameters. */
function nextListRequest(page: Page, check: (params: URLSearchParams) => boolean = () => true) {
  return page.waitForRequest((request) => {
    const url = new URL(request.url());
    return url.pathname === "/profile/api/users/" && check(url.searchParams);
  });
}

function bodyRows(page: Page) {
  return page.locator("table tbody tr");
}

test.describe("/profiles grid", () => {
  test.beforeEach(async ({ page }) => {
    await useLocale(page, "en");
    await signIn(page, "manager", null);
  });

  test("sorts on the server by a column header", async ({ page }) => {
    await page.goto("/profiles");
    await expect(bodyRows(page).first()).toBeVisible();
    const header = page
      .getByRole("columnheader", { name: /^Last name/ })
      .getByText("Last name", { exact: true });
    const ascending = nextListRequest(page, (params) => params.get("ordering") === "last_name");
    await header.click();
    await ascending;
    const descending = nextListRequest(page, (params) => params.get("ordering") === "-last_name");
    await header.click();
    await descending;
    await expect(bodyRows(page).first()).toContainText("Соколова");
    await expect(bodyRows(page).nth(1)).toContainText("Смирнова");
  });

  test("filters on the server from the filter row and clears the filter", async ({ page }) => {
    await page.goto("/profiles");
    await expect(bodyRows(page).first()).toBeVisible();
    // Other specs sign users up in the same database: compare with the count before filtering.
    const unfiltered = await bodyRows(page).count();
    const filterBox = page
      .getByRole("columnheader", { name: /^Username/ })
      .getByRole("textbox", { name: "Filter" });
    const filtered = nextListRequest(
      page,
      (params) => params.get("filters") === "username__icontains=client",
    );
    await filterBox.fill("client");
    await filtered;
    await expect(bodyRows(page)).toHaveCount(3);
    await expect(page).toHaveURL(/client/);
    await page.getByRole("button", { name: "Clear filters, search and grouping" }).click();
    await expect(bodyRows(page)).toHaveCount(unfiltered);
  });

  test("hides a column and keeps the layout after a reload", async ({ page }) => {
    await page.goto("/profiles");
    await expect(page.getByRole("columnheader", { name: /Phone/ })).toBeVisible();
    await page.getByRole("button", { name: /Show\/Hide columns/i }).click();
    await page.getByRole("switch", { name: "Toggle visibility Phone" }).click();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("columnheader", { name: /Phone/ })).toHaveCount(0);
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem("grid-layout:1:profiles") ?? ""))
      .toContain('"phone":false');
    await page.reload();
    await expect(bodyRows(page).first()).toBeVisible();
    await expect(page.getByRole("columnheader", { name: /Phone/ })).toHaveCount(0);
    await expect(page.getByRole("columnheader", { name: /Last name/ })).toBeVisible();

    // "Reset layout" in the profile menu, after its confirmation, brings the default columns back.
    await page.getByRole("button", { name: "Profile menu" }).click();
    await page.getByRole("menuitem", { name: "Reset layout" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Reset" }).click();
    await expect(page.getByRole("columnheader", { name: /Phone/ })).toBeVisible();
    expect(
      await page.evaluate(() => window.localStorage.getItem("grid-layout:1:profiles") ?? ""),
    ).not.toContain('"phone":false');
  });

  test("edits a row and shows the server's validation error on the cell", async ({ page }) => {
    await page.goto("/profiles");
    const row = bodyRows(page).filter({ hasText: "client3" });
    await row.getByRole("button", { name: "Edit" }).click();
    const email = page.getByRole("textbox", { name: "E-mail" });
    await email.fill("not-an-email");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Email is invalid")).toBeVisible();
    await expect(email).toBeVisible();
    await email.fill("d.popov@vte-demo.ru");
    const saved = page.waitForResponse(
      (r) => r.url().includes("/profile/api/users/") && r.request().method() === "PATCH",
    );
    await page.getByRole("button", { name: "Save" }).click();
    expect((await saved).status()).toBe(200);
    await expect(row).toContainText("d.popov@vte-demo.ru");
  });

  test("exports the filtered rows of every page to CSV and XLSX", async ({ page }) => {
    await page.goto("/profiles?profiles.f.username=client");
    await expect(bodyRows(page)).toHaveCount(3);
    await page.getByRole("button", { name: "Export" }).click();
    const csvDownload = page.waitForEvent("download");
    await page.getByRole("menuitem", { name: /CSV/ }).click();
    const csv = await (await csvDownload).createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString("utf8");
    });
    // Excel with Russian regional settings reads a BOM-marked, semicolon-separated file.
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).trim().split(/\r?\n/);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain("Username;");
    expect(
      lines
        .slice(1)
        .map((line) => line.split(";")[0])
        .sort(),
    ).toEqual(["client", "client2", "client3"]);

    await page.getByRole("button", { name: "Export" }).click();
    const xlsxDownload = page.waitForEvent("download");
    await page.getByRole("menuitem", { name: /XLSX/ }).click();
    const xlsx = await xlsxDownload;
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    const head = await xlsx.createReadStream().then(async (stream) => {
      for await (const chunk of stream) return (chunk as Buffer).subarray(0, 2).toString("latin1");
      return "";
    });
    expect(head).toBe("PK");
  });
});
