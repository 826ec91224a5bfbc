import { expect, type Page, test } from "@playwright/test";
import { overflow, signIn, useLocale } from "./support";

async function openProfiles(page: Page, locale: "ru" | "en", width: number, height: number) {
  await page.setViewportSize({ width, height });
  await useLocale(page, locale);
  await signIn(page, "manager", "/profiles");
  await expect(page.locator("table tbody tr").first()).toBeVisible();
}

for (const locale of ["ru", "en"] as const) {
  test.describe(`/profiles layout (${locale})`, () => {
    test("fits a 1366 px laptop, also while a row is edited", async ({ page }) => {
      await openProfiles(page, locale, 1366, 768);
      expect(await overflow(page)).toEqual({ page: 0, grid: 0 });

      const edit = locale === "ru" ? "Редактировать" : "Edit";
      const active = locale === "ru" ? "Активен" : "Active";
      await page
        .locator("table tbody tr")
        .filter({ hasText: "client3" })
        .getByRole("button", { name: edit })
        .click();
      const checkbox = page.getByRole("checkbox", { name: active });
      await expect(checkbox).toBeInViewport();
      expect(await overflow(page)).toMatchObject({ page: 0 });
    });

    test("is usable on a 390 px phone: the search has room and the toolbar is not cut off", async ({
      page,
    }) => {
      await openProfiles(page, locale, 390, 844);
      expect((await overflow(page)).page).toBe(0);
      const search = page.getByRole("textbox", {
        name: locale === "ru" ? "Поиск по таблице" : "Search in the table",
      });
      const box = await search.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan(120);
      for (const name of [
        locale === "ru" ? "Во весь экран" : "Toggle full screen",
        locale === "ru" ? "Показать или скрыть столбцы" : "Show/Hide columns",
      ]) {
        await expect(page.getByRole("button", { name })).toBeInViewport({ ratio: 1 });
      }
    });
  });
}

test.describe("/profiles keyboard", () => {
  test("a keyboard user reaches the rows in four presses and sees where the focus is", async ({ page }) => {
    await openProfiles(page, "en", 1366, 768);
    await expect(page.getByRole("textbox", { name: "Search in the table" })).toBeVisible();
    // From the top of the page, as after a navigation: skip the header, then the grid's headers.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("Tab");
    const toContent = page.getByRole("link", { name: "Skip to content" });
    await expect(toContent).toBeFocused();
    await expect(toContent).toBeInViewport();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    const toRows = page.getByRole("button", { name: "Skip to rows" });
    await expect(toRows).toBeFocused();
    await expect(toRows).toBeInViewport();
    await page.keyboard.press("Enter");
    const focusedInBody = () =>
      page.evaluate(
        () => Boolean(document.activeElement?.closest("tbody")) && document.activeElement?.tagName === "TD",
      );
    expect(await focusedInBody()).toBe(true);
    // Arrows move between cells from there.
    await page.keyboard.press("ArrowDown");
    expect(await focusedInBody()).toBe(true);

    // Tab from the search reaches a header control in one press per control (no stop on the cell itself),
    // and the focused control has a clear outline.
    await page.getByRole("textbox", { name: "Search in the table" }).focus();
    const headerStop = async () => {
      for (let i = 0; i < 15; i += 1) {
        await page.keyboard.press("Tab");
        const inHeader = await page.evaluate(() => Boolean(document.activeElement?.closest("thead")));
        if (inHeader) return true;
      }
      return false;
    };
    expect(await headerStop()).toBe(true);
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const style = getComputedStyle(element);
        return {
          tag: element.tagName,
          outline: style.outlineStyle,
          width: Number.parseFloat(style.outlineWidth),
        };
      });
    // The sort label animates its outline in: read it once the transition has ended.
    await expect.poll(async () => (await focused()).width).toBeGreaterThanOrEqual(2);
    expect((await focused()).tag).not.toBe("TH");
    expect((await focused()).outline).toBe("solid");
  });
});
