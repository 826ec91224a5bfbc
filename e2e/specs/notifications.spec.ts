import { expect, type Page, test } from "@playwright/test";
import { buildOrder } from "./order-form-support";
import { apiAs, signedInPage } from "./support";

/** Opens an address and waits until the page's live stream listens (a change before that is not the stream's). */
async function openListening(page: Page, address: string) {
  const listening = page.waitForResponse((response) => response.url().endsWith("/api/live/"), {
    timeout: 30_000,
  });
  await page.goto(address);
  await listening;
}

/** The header's bell, named by its unread count. */
const bell = (page: Page) => page.getByRole("button", { name: /^Notifications:/ });
/** The unread count a bell's label says ("Notifications: none unread" is 0). */
const unreadOf = (label: string | null) => Number(/(\d+) unread/.exec(label ?? "")?.[1] ?? 0);
test.describe("notifications", () => {
  test("a manager returns a client's order for correction: the client's open bell counts it without a reload, and its entry opens the order", async ({
    browser,
    request,
  }) => {
    const client = await apiAs(request, "client");
    const order = await client.change(await client.create({ destination: "Забайкальск" }), { status: 3 });

    const page = await signedInPage(browser, "client", "en", null);
    await openListening(page, "/dashboard");
    // Other tests move this client's orders meanwhile: the bell's count only grows, so it is compared, not matched
    await expect(bell(page)).toHaveAccessibleName(/^Notifications: (none|\d+) unread$/, { timeout: 20_000 });
    const before = unreadOf(await bell(page).getAttribute("aria-label"));
    // A reload would drop this mark: the count must change in the same document
    await page.evaluate(() => {
      document.documentElement.dataset.liveMark = "kept";
    });

    const comment = `Уточните массу брутто ${Date.now()}`;
    await (await apiAs(request, "manager")).change(order, { status: 4, status_comment: comment });

    await expect
      .poll(async () => unreadOf(await bell(page).getAttribute("aria-label")), { timeout: 20_000 })
      .toBeGreaterThan(before);
    expect(await page.evaluate(() => document.documentElement.dataset.liveMark)).toBe("kept");

    await bell(page).click();
    const title = `Shipping order No. ${order.id}: returned for correction`;
    const entry = page.getByRole("menuitem").filter({ hasText: title });
    await expect(entry).toContainText(`Status comment: ${comment}`);
    await entry.click();
    await expect(page).toHaveURL(new RegExp(`/freight-orders/${order.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: `Shipping order No. ${order.id}` })).toBeVisible(
      {
        timeout: 20_000,
      },
    );
    // Opened is read
    await expect
      .poll(async () => {
        const { results } = await client.get<{ results: { kind: string; link: string; read: boolean }[] }>(
          "/api/notifications/?take=100",
        );
        return results.find(
          (item) => item.kind === "order_returned" && item.link === `/freight-orders/${order.id}`,
        )?.read;
      })
      .toBe(true);
    await page.context().close();
  });

  test("the page of all notifications pages them newest first and marks them all read", async ({
    browser,
    request,
  }) => {
    const manager = await apiAs(request, "manager");
    type Listed = { results: { id: number; link: string; read: boolean }[]; count: number };
    // Two pages of ten at least: a client's order sent for approval tells the managers
    const count = async () => (await manager.get<Listed>("/api/notifications/?take=1")).count;
    for (let told = await count(); told <= 10; told += 1) await buildOrder(request, "submitted");
    await expect.poll(count).toBeGreaterThan(10);
    const page = await signedInPage(browser, "manager", "en", "/notifications");
    await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible({
      timeout: 20_000,
    });
    // The grids' pager: their page sizes, 20 first, and their pages' buttons, the page and its size in the address
    const sizes = page.getByRole("combobox", { name: "Rows per page" });
    await expect(sizes).toHaveValue("20");
    await expect(sizes.getByRole("option")).toHaveText(["10", "15", "20", "50"]);
    await sizes.selectOption("10");
    await expect(page).toHaveURL(/[?&]size=10\b/);
    await expect(page.getByText(/^1–10 of \d+$/)).toBeVisible();
    await page.getByRole("button", { name: "Next page" }).click();
    await expect(page).toHaveURL(/[?&]page=1\b/);
    await expect(page.getByText(/^11–\d+ of \d+$/)).toBeVisible();
    await page.getByRole("button", { name: "First page" }).click();
    await expect(page.getByText(/^1–10 of \d+$/)).toBeVisible();
    // Other tests tell the managers of their orders meanwhile: the page and the API are compared until they agree
    await expect(async () => {
      const listed = await manager.get<Listed>("/api/notifications/?take=1");
      expect(listed.count).toBeGreaterThan(0);
      // The newest first: the page's first entry opens what the API's newest links to
      await expect(page.getByRole("listitem").first().getByRole("link")).toHaveAttribute(
        "href",
        listed.results[0]?.link ?? "",
        { timeout: 2_000 },
      );
    }).toPass({ timeout: 20_000 });
    const shown = await manager.get<Listed>("/api/notifications/?take=20");
    await page.getByRole("button", { name: "Mark all read" }).click();
    // Every entry there was is read; one told since may be unread
    await expect
      .poll(async () => {
        const now = await manager.get<Listed>("/api/notifications/?take=100");
        return shown.results.every((entry) => now.results.find((item) => item.id === entry.id)?.read);
      })
      .toBe(true);
    await page.context().close();
  });
});
