import { expect, type Page, test } from "@playwright/test";
import { signIn, useLocale } from "./support";

function rowWith(page: Page, text: string) {
  return page.locator("table tbody tr").filter({ hasText: text });
}

/** The row of editors of a row being added or edited. */
function editedRow(page: Page) {
  return page.locator("table tbody tr").filter({ has: page.getByRole("button", { name: "Save" }) });
}

async function pick(page: Page, row: ReturnType<typeof editedRow>, select: string, options: string[]) {
  await row.getByRole("combobox", { name: select }).click();
  for (const option of options) await page.getByRole("option", { name: option }).click();
  await page.keyboard.press("Escape");
}

test.describe("dictionaries", () => {
  test("an editor adds, edits and deletes a transport kind", async ({ page }) => {
    await useLocale(page, "en");
    await signIn(page, "head");
    await page.getByRole("button", { name: /Profile menu/ }).click();
    await page.getByRole("menuitem", { name: "Transport" }).click();
    await expect(page).toHaveURL(/\/transport$/);
    await expect(rowWith(page, "Железнодорожный")).toBeVisible({ timeout: 20_000 });

    const transport = page.locator("table").first();
    await page.getByRole("button", { name: "Add" }).first().click();
    const added = editedRow(page);
    // The field's rules are checked before the call: the description is required
    await added.getByRole("button", { name: "Save" }).click();
    await expect(added.getByText("The field is required")).toBeVisible();
    await added.getByLabel("Description", { exact: true }).fill("Трубопроводный");
    await added.getByLabel("Description in English").fill("Pipeline");
    await added.getByRole("button", { name: "Save" }).click();
    await expect(transport.locator("tbody tr").filter({ hasText: "Трубопроводный" })).toBeVisible();

    const row = rowWith(page, "Трубопроводный");
    await row.getByRole("button", { name: "Edit" }).click();
    await editedRow(page).getByLabel("Description in English").fill("Pipeline transport");
    await editedRow(page).getByRole("button", { name: "Save" }).click();
    await expect(rowWith(page, "Pipeline transport")).toBeVisible();

    await rowWith(page, "Трубопроводный").getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("“Pipeline transport” will be deleted");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(rowWith(page, "Трубопроводный")).toHaveCount(0);
  });

  test("a kind of a name the dictionary has, whatever its case, is refused on its field", async ({
    page,
  }) => {
    await useLocale(page, "en");
    await signIn(page, "head", "/transport");
    await expect(rowWith(page, "Железнодорожный")).toBeVisible({ timeout: 20_000 });
    await page.getByRole("button", { name: "Add" }).first().click();
    const added = editedRow(page);
    await added.getByLabel("Description", { exact: true }).fill("железнодорожный");
    await added.getByRole("button", { name: "Save" }).click();
    await expect(added.getByText("This name is already in the dictionary")).toBeVisible();
  });

  test("deleting a kind a service uses is refused with the server's message", async ({ page }) => {
    await useLocale(page, "en");
    await signIn(page, "head", "/transport");
    await rowWith(page, "Морской").getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText(/The kind is used by \d+ services?/)).toBeVisible();
    await expect(rowWith(page, "Морской")).toBeVisible();
  });

  test("an editor adds a service with kinds and flags, edits and deletes it, and groups the grid", async ({
    page,
  }) => {
    // Adding, editing, grouping and deleting in one story: longer than the default
    test.setTimeout(90_000);
    await useLocale(page, "en");
    await signIn(page, "head", "/services");
    // A grid page's first visit loads its code: on a busy machine that takes longer than one check waits
    await expect(rowWith(page, "Морской фрахт")).toBeVisible({ timeout: 20_000 });

    await page.getByRole("button", { name: "Add" }).click();
    const added = editedRow(page);
    await added.getByLabel("Description", { exact: true }).fill("Перевалка в порту");
    await added.getByLabel("Description in English").fill("Port transshipment");
    await added.getByLabel("Contact email").fill("not an address");
    await pick(page, added, "Transport kinds", ["Sea", "Rail"]);
    await pick(page, added, "Shipment kinds", ["Transit"]);
    await added.getByLabel("Port forwarding").check();
    await added.getByRole("button", { name: "Save" }).click();
    await expect(added.getByText("Email is invalid")).toBeVisible();
    await added.getByLabel("Contact email").fill("port@vte-demo.ru");
    await added.getByRole("button", { name: "Save" }).click();

    const row = rowWith(page, "Перевалка в порту");
    await expect(row).toContainText("Rail, Sea");
    await expect(row).toContainText("Transit");
    await expect(row).toContainText("port@vte-demo.ru");

    await row.getByRole("button", { name: "Edit" }).click();
    await pick(page, editedRow(page), "Shipment kinds", ["Export"]);
    await editedRow(page).getByLabel("Shipping").check();
    await editedRow(page).getByRole("button", { name: "Save" }).click();
    await expect(rowWith(page, "Перевалка в порту")).toContainText("Export, Transit");

    // Grouped by a flag on the server: a line per value with its count over every row
    const groups = page.waitForRequest(
      (request) => new URL(request.url()).searchParams.get("group") === "is_shipping",
    );
    await page
      .getByRole("columnheader", { name: /^Shipping/ })
      .getByRole("button", { name: "Column Actions" })
      .click();
    await page.getByRole("menuitem", { name: /Group by Shipping/ }).click();
    await groups;
    await expect(page.locator("table tbody tr")).toHaveCount(2);
    await expect(page.locator("table tbody")).toContainText("Yes (4)");
    const opened = page.waitForRequest((request) =>
      /is_shipping(=|%3D)true/.test(decodeURIComponent(request.url())),
    );
    await page
      .locator("table tbody tr")
      .filter({ hasText: "Yes (4)" })
      .getByRole("button", { name: "Expand" })
      .click();
    await opened;
    await expect(rowWith(page, "Перевалка в порту")).toBeVisible();
    await page.getByRole("button", { name: /Clear filters/ }).click();

    await rowWith(page, "Перевалка в порту").getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect(rowWith(page, "Перевалка в порту")).toHaveCount(0);
  });

  test("a client sees no dictionary entries or tiles, is not let into the screens, and cannot write", async ({
    page,
  }) => {
    await useLocale(page, "en");
    await signIn(page, "client");
    await expect(page.getByRole("link", { name: /Profile/ }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: /Transport|Services/ })).toHaveCount(0);
    await page.getByRole("button", { name: /Profile menu/ }).click();
    await expect(page.getByRole("menuitem", { name: "Profile" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Transport" })).toHaveCount(0);
    await expect(page.getByRole("menuitem", { name: "Services" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await page.goto("/services");
    await expect(page).toHaveURL(/\/dashboard$/);
    const token = await page.evaluate(() => window.localStorage.getItem("access-token"));
    const headers = { Authorization: `Bearer ${token}` };
    // Reading stays open (the order form needs the kinds); writing is refused
    expect((await page.request.get("/service/api/service/", { headers })).status()).toBe(200);
    const answer = await page.request.post("/service/api/transport_kind/", {
      headers,
      data: { description: "Космический" },
    });
    expect(answer.status()).toBe(403);
  });
});
