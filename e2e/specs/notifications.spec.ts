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
const unreadLabel = (count: number) =>
  count === 0 ? "Notifications: none unread" : `Notifications: ${count} unread`;

test.describe("notifications", () => {
  test("a manager returns a client's order for correction: the client's open bell counts it without a reload, and its entry opens the order", async ({
    browser,
    request,
  }) => {
    const client = await apiAs(request, "client");
    const order = await client.change(await client.create({ destination: "Забайкальск" }), { status: 3 });
    const before = (await client.get<{ unread: number }>("/api/notifications/unread-count/")).unread;

    const page = await signedInPage(browser, "client");
    await openListening(page, "/dashboard");
    await expect(bell(page)).toHaveAccessibleName(unreadLabel(before), { timeout: 20_000 });
    // A reload would drop this mark: the count must change in the same document
    await page.evaluate(() => {
      document.documentElement.dataset.liveMark = "kept";
    });

    const comment = `Уточните массу брутто ${Date.now()}`;
    await (await apiAs(request, "manager")).change(order, { status: 4, status_comment: comment });

    await expect(bell(page)).toHaveAccessibleName(unreadLabel(before + 1));
    await expect(bell(page)).toContainText(String(before + 1));
    expect(await page.evaluate(() => document.documentElement.dataset.liveMark)).toBe("kept");

    await bell(page).click();
    const entry = page
      .getByRole("menuitem")
      .filter({ hasText: `Shipping order No. ${order.id}: returned for correction` });
    await expect(entry).toContainText(`Comment: ${comment}`);
    await entry.click();
    await expect(page).toHaveURL(new RegExp(`/freight-orders/${order.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: `Shipping order No. ${order.id}` })).toBeVisible(
      {
        timeout: 20_000,
      },
    );
    // Opened is read
    await expect(bell(page)).toHaveAccessibleName(unreadLabel(before));
    await page.context().close();
  });

  test("the page of all notifications pages them newest first and marks them all read", async ({
    browser,
    request,
  }) => {
    const page = await signedInPage(browser, "manager");
    await page.goto("/notifications?size=25");
    await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible({
      timeout: 20_000,
    });
    const manager = await apiAs(request, "manager");
    const listed = await manager.get<{ results: { link: string }[]; count: number }>(
      "/api/notifications/?take=1",
    );
    expect(listed.count).toBeGreaterThan(0);
    // The newest first: the page's first entry opens what the API's newest links to
    await expect(page.getByRole("listitem").first().getByRole("link")).toHaveAttribute(
      "href",
      listed.results[0]?.link ?? "",
    );
    await page.getByRole("button", { name: "Mark all read" }).click();
    await expect(bell(page)).toHaveAccessibleName(unreadLabel(0));
    expect((await manager.get<{ unread: number }>("/api/notifications/unread-count/")).unread).toBe(0);
    await page.context().close();
  });
});
