import { expect, test } from "@playwright/test";
import { buildOrder, openOrder, region, save } from "./order-form-support";
import { signedInPage, signIn, useLocale } from "./support";

// Editing the shipping order form: two people's edits through a conflict, a lookup's choices while its search
// waits, and the choice fields from the keyboard.

// Each test builds the order it needs through the API: none depends on another's leftovers or order, so they
// run in parallel
test.describe("the shipping order form", () => {
  test.describe.configure({ mode: "parallel" });

  test("two people edit one order: the second keeps their edits through the conflict", async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const { id: copyId } = await buildOrder(request, "draft");
    const first = await signedInPage(browser, "manager", "en", null);
    const second = await signedInPage(browser, "manager", "ru", null);
    await openOrder(first, copyId);
    await second.goto(`/freight-orders/${copyId}`);
    await expect(second.getByRole("heading", { level: 1, name: `Заявка № ${copyId}` })).toBeVisible({
      timeout: 20_000,
    });

    // The second is editing when the first saves: the live update brings the saved order to the second page,
    // whose form keeps its unsaved edits (a clean form would follow the saved order, and there would be no conflict)
    await second.getByRole("textbox", { name: "Номер заявки клиента" }).fill("MINE-2");
    await second.getByRole("textbox", { name: "Примечания" }).fill("Mine");
    await first.getByRole("textbox", { name: "Delivery terms" }).fill("FCA Naushki");
    await first.getByRole("textbox", { name: "Notes" }).fill("Theirs");
    expect((await save(first)).status()).toBe(200);

    const refused = second.waitForResponse((response) => response.request().method() === "PATCH");
    await second.getByRole("button", { name: "Сохранить", exact: true }).click();
    expect((await refused).status()).toBe(409);
    const conflict = second.getByRole("table", { name: /другой пользователь/ });
    await expect(conflict).toBeVisible();
    await expect(conflict.getByRole("row", { name: /Условия поставки/ })).toContainText("FCA Naushki");
    await expect(conflict.getByRole("row", { name: /Примечания/ })).toContainText("изменено обоими");

    await second.getByRole("button", { name: "Оставить мои правки" }).click();
    await expect(second.getByRole("textbox", { name: "Условия поставки" })).toHaveValue("FCA Naushki");
    await expect(second.getByRole("textbox", { name: "Номер заявки клиента" })).toHaveValue("MINE-2");
    await expect(second.getByRole("textbox", { name: "Примечания" })).toHaveValue("Mine");
    const saved = await save(second, "Сохранить" as "Save");
    expect(saved.status()).toBe(200);
    expect(await saved.json()).toMatchObject({
      delivery_terms: "FCA Naushki",
      customer_order_number: "MINE-2",
      notes: "Mine",
    });
  });
});

test("a lookup offers only rows that match the text typed, also while its search waits for the pause", async ({
  page,
}) => {
  await useLocale(page, "en");
  await signIn(page, "client", "/add-freight-order");
  const etsng = page.getByRole("combobox", { name: "ETSNG code" });
  await expect(etsng).toBeVisible({ timeout: 20_000 });
  await etsng.click();
  // The open list shows the book's first page (wheat among it) …
  await expect(page.getByRole("option", { name: /^011005/ })).toBeVisible();
  await etsng.fill("пиломатериал");
  // … which must not stay on offer for the new text while its search waits (a pick would write wheat)
  expect(
    await page
      .getByRole("option")
      .filter({ hasNotText: /пиломатериал/i })
      .count(),
  ).toBe(0);
  await page.getByRole("option", { name: /^091008 Пиломатериалы$/ }).click();
  await expect(page.getByRole("textbox", { name: "Freight description" })).toHaveValue(
    /^ETSNG: 091008 Пиломатериалы/,
  );
});

test("choice fields are reached and chosen from the keyboard: a select by its arrow keys, a lookup by typing", async ({
  page,
}) => {
  await useLocale(page, "en");
  await signIn(page, "client", "/add-freight-order");
  const orderNumber = page.getByRole("textbox", { name: "Customer order number" });
  await expect(orderNumber).toBeVisible({ timeout: 20_000 });
  // At rest the choice fields are light stand-ins; MUI's field replaces one as the user reaches it (choice-stand-in.tsx)
  await expect(page.locator(".MuiAutocomplete-root, .MuiSelect-root")).toHaveCount(0);

  // Back from the field after it
  await orderNumber.focus();
  await page.keyboard.press("Shift+Tab");
  const direction = page.getByRole("combobox", { name: "Direction" });
  await expect(direction).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("option", { name: "Import" })).toBeVisible();
  await page.keyboard.press("I");
  await page.keyboard.press("Enter");
  await expect(direction).toHaveText("Import");
  await expect(region(page, "Consignor").getByRole("textbox", { name: "Consignor" })).toHaveValue(
    "АО «Восточный порт»",
  );

  const etsng = page.getByRole("combobox", { name: "ETSNG code" });
  await etsng.focus();
  await page.keyboard.type("0910");
  await expect(page.getByRole("option", { name: /^0910/ }).first()).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(etsng).toHaveValue(/^0910\d\d /);
});

test("a choice field reached before its order is locked shows as text once it is", async ({
  browser,
  request,
}) => {
  const { id } = await buildOrder(request, "draft");
  const page = await signedInPage(browser, "client", "en", null);
  await openOrder(page, id);
  const direction = page.getByRole("combobox", { name: "Direction" });
  await direction.hover();
  await expect(page.locator(".MuiSelect-root")).toHaveCount(1);
  // Submitted, the order is the client's no longer to change
  await page.getByRole("radio", { name: "Submit for approval" }).check();
  expect((await save(page)).status()).toBe(200);
  await expect(direction).toHaveAttribute("readonly", "");
  await expect(page.locator(".MuiSelect-root")).toHaveCount(0);
});
