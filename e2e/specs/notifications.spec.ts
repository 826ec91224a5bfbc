import { expect, type Page, test } from "@playwright/test";
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
    const page = await signedInPage(browser, "manager", "en", "/notifications");
    await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible({
      timeout: 20_000,
    });
    // The grids' page sizes, 20 first
    const sizes = page.getByRole("combobox");
    await expect(sizes).toHaveText("20");
    await sizes.click();
    await expect(page.getByRole("option")).toHaveText(["10", "15", "20", "50"]);
    await page.keyboard.press("Escape");
    const manager = await apiAs(request, "manager");
    type Listed = { results: { id: number; link: string; read: boolean }[]; count: number };
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
