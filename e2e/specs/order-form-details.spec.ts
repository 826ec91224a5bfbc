import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { apiAs, signIn, useLocale } from "./support";

/** A new draft of the client's, made through the API: the form's details below need only an order. */
async function createOrder(request: APIRequestContext, body: Record<string, unknown>): Promise<number> {
  const client = await apiAs(request, "client");
  return (await client.create({ destination: "Забайкальск", ...body })).id;
}

async function openOrder(page: Page, id: number, heading: string) {
  await page.goto(`/freight-orders/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible({ timeout: 20_000 });
}

for (const locale of ["ru", "en"] as const) {
  const words =
    locale === "ru"
      ? {
          heading: (id: number) => `Заявка № ${id}`,
          containers: "Контейнеры",
          add: "Добавить контейнер",
          number: "Контейнер",
          invalid: "Номер не проходит проверку ISO 6346",
          history: "История",
          historyTitle: (id: number) => `История заявки № ${id}`,
        }
      : {
          heading: (id: number) => `Shipping order No. ${id}`,
          containers: "Containers",
          add: "Add container",
          number: "Container",
          invalid: "The number fails the ISO 6346 check",
          history: "History",
          historyTitle: (id: number) => `History of order No. ${id}`,
        };

  test.describe(`the order form's details (${locale})`, () => {
    test.beforeEach(async ({ page }) => {
      await useLocale(page, locale);
    });

    test("Enter saves a new container, whose failed ISO 6346 check is said in full", async ({
      page,
      request,
    }) => {
      const id = await createOrder(request, {
        customer_order_number: `E2E-CNT-${locale}`,
        container_count: 2,
      });
      await signIn(page, "client", null);
      await openOrder(page, id, words.heading(id));
      const containers = page.getByRole("region", { name: words.containers, exact: true });
      await expect(async () => {
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await expect(containers.getByRole("button", { name: words.add })).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 20_000 });

      await containers.getByRole("button", { name: words.add }).click();
      const editor = containers.getByRole("textbox", { name: words.number });
      await editor.fill("ABCU1234567");
      // The whole message, not cut off by its cell
      const message = containers.getByText(words.invalid);
      await expect(message).toBeVisible();
      const cut = await message.evaluate((element) => {
        const cell = element.closest("td") as HTMLElement;
        const text = element.getBoundingClientRect();
        const box = cell.getBoundingClientRect();
        return {
          clipped: element.scrollWidth > element.clientWidth,
          outside: text.right > box.right + 0.5 || text.bottom > box.bottom + 0.5,
        };
      });
      expect(cut).toEqual({ clipped: false, outside: false });

      // Enter saves the row
      const saved = page.waitForResponse(
        (response) =>
          response.url().endsWith("/tracking/api/containers/") && response.request().method() === "POST",
      );
      await editor.press("Enter");
      expect((await saved).status()).toBe(201);
      await expect(editor).toBeHidden();
      await expect(containers.locator("tbody tr").filter({ hasText: "ABCU1234567" })).toBeVisible();
    });

    test("the history popup is 500 px high", async ({ page, request }) => {
      const id = await createOrder(request, { customer_order_number: `E2E-HIST-${locale}` });
      await signIn(page, "client", null);
      await openOrder(page, id, words.heading(id));
      await page.getByRole("button", { name: words.history, exact: true }).click();
      const dialog = page.getByRole("dialog", { name: words.historyTitle(id) });
      await expect(dialog.locator("table")).toBeVisible();
      const box = await dialog.boundingBox();
      expect(Math.round(box?.height ?? 0)).toBe(500);
      // The grid's pager and the close button are inside it
      await expect(
        dialog.getByRole("button", { name: locale === "ru" ? "Закрыть" : "Close" }),
      ).toBeInViewport();
      const pager = await dialog.locator(".dg-pager").boundingBox();
      expect((pager?.y ?? 0) + (pager?.height ?? 0)).toBeLessThanOrEqual((box?.y ?? 0) + (box?.height ?? 0));
    });
  });
}
