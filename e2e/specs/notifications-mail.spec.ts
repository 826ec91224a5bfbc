import { expect, type Page, test } from "@playwright/test";
import { apiAs, DEMO_PASSWORD, signedInPage } from "./support";

// The mail of notifications without a mail server (the embedded default): the mails are kept in the outbox, which
// the forwarder's administrators read; a client who turns a kind off gets no more mails of it.

/**
 * The client's mails about one order, in either language, as the administrators' page lists them (searched by the
 * order's number). The same event mails the company's other users and managers too: only the client's count.
 */
async function clientMails(page: Page, address: string, orderId: number, subject?: string) {
  await page.goto(`/mail-outbox?${new URLSearchParams({ "mail-outbox.q": String(orderId) })}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  return page
    .locator("table tbody tr")
    .filter({ hasText: subject ?? new RegExp(`(No\\.|№) ${orderId}:`) })
    .filter({ hasText: address });
}

test.describe("notifications by e-mail", () => {
  test.setTimeout(120_000);

  test("the outbox holds the client's mail in the client's language; a kind turned off sends no more mail", async ({
    browser,
    request,
  }) => {
    // A client of their own: a demo client's language changes whenever another test signs them in in Russian
    const managerApi = await apiAs(request, "manager");
    const { results } = await managerApi.get<{ results: { id: number }[] }>(
      `/profile/api/companies/?search=${encodeURIComponent("Сибирский лес")}`,
    );
    const username = `outbox.reader.${Date.now()}`;
    const address = `${username}@vte-demo.ru`;
    await managerApi.post(`/profile/api/companies/${results[0]?.id}/users/`, {
      username,
      email: address,
      password: DEMO_PASSWORD,
      password_confirm: DEMO_PASSWORD,
    });
    const clientApi = await apiAs(request, username);
    let order = await clientApi.create({
      customer_order_number: `E2E-MAIL-${Date.now()}`,
      destination: "Забайкальск",
    });
    order = await clientApi.change(order, { status: 3 });

    // The client works in English: their sign-in tells the portal so, and their mails are written in it
    const client = await signedInPage(browser, username, "en", null);
    order = await managerApi.change(order, { status: 4, status_comment: "Fix the cargo weight" });
    const returned = `Shipping order No. ${order.id}: returned for correction`;
    const outboxRows = (page: Page, subject?: string) => clientMails(page, address, order.id, subject);

    // An administrator working in Russian reads the client's mail, in English
    const admin = await signedInPage(browser, "admin", "ru", null);
    await expect.poll(async () => (await outboxRows(admin, returned)).count(), { timeout: 30_000 }).toBe(1);
    const row = (await outboxRows(admin, returned)).first();
    await expect(row).toContainText(address);
    await expect(row).toContainText("Английский");
    await expect(row).toContainText("Сохранено");
    await row.dblclick();
    const dialog = admin.getByRole("dialog", { name: returned });
    await expect(dialog).toBeVisible();
    const html = dialog.frameLocator("iframe");
    await expect(html.getByText("Status comment: Fix the cargo weight")).toBeVisible();
    await expect(html.getByRole("link", { name: "Open in the portal" })).toHaveAttribute(
      "href",
      new RegExp(`/freight-orders/${order.id}$`),
    );
    await dialog.getByRole("tab", { name: "Текст" }).click();
    await expect(dialog.locator("pre")).toContainText(`Open in the portal: `);
    await dialog.getByRole("button", { name: "Закрыть" }).click();

    // The client turns returns off on their profile
    await client.goto("/profile");
    const section = client.getByRole("region", { name: "Notifications by e-mail" });
    const returns = section.getByRole("checkbox", { name: "A shipping order returned for correction" });
    await expect(returns).toBeChecked();
    await returns.uncheck();
    await section.getByRole("button", { name: "Save the notification settings" }).click();
    await expect(client.getByText("Notification settings saved")).toBeVisible();

    // Returned again: the client hears of it in the portal, not by mail
    order = await clientApi.change(order, { status: 3 });
    order = await managerApi.change(order, { status: 4, status_comment: "Fix the seals too" });
    const entries = await clientApi.get<{ results: { kind: string; link: string }[] }>("/api/notifications/");
    const isReturn = (entry: { kind: string; link: string }) =>
      entry.kind === "order_returned" && entry.link === `/freight-orders/${order.id}`;
    expect(entries.results.filter(isReturn)).toHaveLength(2);
    // A kind still on is mailed: once its mail is in the outbox, the return's would have been too
    order = await clientApi.change(order, { status: 3 });
    order = await managerApi.change(order, { status: 2 });
    const approved = `Shipping order No. ${order.id}: status “Approved”`;
    await expect.poll(async () => (await outboxRows(admin, approved)).count(), { timeout: 30_000 }).toBe(1);
    // Of the order's mails to the client: the first return's and the approval's, not the second return's
    await expect(await outboxRows(admin)).toHaveCount(2);
    for (const page of [client, admin]) await page.context().close();
  });
});
