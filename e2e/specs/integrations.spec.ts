import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { apiAs, signedInPage } from "./support";

// The integrations page (/integrations, docs/integrations.md): a client makes an API key in its dialog, copies it
// from the dialog that shows it once, calls the API with it as themselves, and revokes it from the grid, after
// which the key is refused.

test.describe("/integrations", () => {
  test("a client makes a key, uses it against the API, and revokes it", async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await signedInPage(browser, "client", "en", "/dashboard");
    await page.getByRole("button", { name: "Profile menu" }).click();
    await page.getByRole("menuitem", { name: "Integrations" }).click();
    await expect(page).toHaveURL(/\/integrations$/);
    await expect(page.getByRole("heading", { name: "Integrations: API keys" })).toBeVisible();

    // A name this run's own, so that the row is found whatever other tests made
    const name = `ERP ${Date.now()}`;
    await page.getByRole("button", { name: "New API key" }).click();
    const form = page.getByRole("dialog", { name: "New API key" });
    // The server's check, under its field
    await form.getByRole("textbox", { name: "Valid for, days" }).fill("400");
    await form.getByRole("textbox", { name: "Name" }).fill(name);
    await form.getByRole("button", { name: "Create the key" }).click();
    // The field refused (its hint names the limit too, so the field's state is what tells the refusal came)
    const days = form.getByRole("textbox", { name: "Valid for, days" });
    await expect(days).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText(/365/)).toBeVisible();
    await days.fill("30");
    await form.getByRole("checkbox", { name: "Read-only" }).check();
    await form.getByRole("button", { name: "Create the key" }).click();

    const shown = page.getByRole("dialog", { name: `API key “${name}”` });
    await expect(shown.getByText("it is shown only this once")).toBeVisible();
    const key = await shown.getByRole("textbox", { name: "Key" }).inputValue();
    expect(key).toMatch(/^fpk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole("button", { name: "I have copied it" }).click();
    await expect(shown).toBeHidden();

    const row = page.locator("table tbody tr").filter({ hasText: name });
    await expect(row).toContainText(key.slice(0, 20));
    await expect(row).toContainText("Read-only");
    await expect(row).not.toContainText(key.slice(21));

    // The key acts as the client, and reads only
    const headers = { Authorization: `Bearer ${key}`, "Accept-Language": "en" };
    const me = await page.request.get("/profile/api/users/me/", { headers });
    expect(me.status()).toBe(200);
    expect(((await me.json()) as { username: string }).username).toBe("client");
    const write = await page.request.post("/api/notifications/read-all/", { headers });
    expect(write.status()).toBe(403);

    await row.getByRole("button", { name: "Revoke" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke" }).click();
    await expect(row).toContainText("Revoked");
    expect((await page.request.get("/profile/api/users/me/", { headers })).status()).toBe(401);
    await page.context().close();
  });
});

// The company's webhooks on the same page: a client with the grant registers an endpoint at a receiver this test
// runs, a manager moves an order of the client's company, the delivery appears in the endpoint's log without a
// reload, and a replay from the log reaches the receiver again with the same webhook-id.
test.describe("/integrations: webhooks", () => {
  test("a client registers an endpoint, a manager moves an order, the delivery shows live and is replayed", async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    // What reaches the receiver about this test's order: other tests' orders of the client's company, written
    // meanwhile, reach the endpoint too
    const received: { id: string; type: string }[] = [];
    let orderId = 0;
    const receiver = http.createServer((incoming, answer) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () => {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as {
          type?: string;
          data?: { id?: number };
        };
        if (body.data?.id === orderId)
          received.push({ id: String(incoming.headers["webhook-id"]), type: body.type ?? "" });
        answer.writeHead(200).end("ok");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const { port } = receiver.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/hooks/${Date.now()}`;

    const client = await apiAs(request, "client");
    const order = await client.change(await client.create({ destination: "Забайкальск" }), { status: 3 });
    orderId = order.id;

    const page = await signedInPage(browser, "client", "en", null);
    const listening = page.waitForResponse((response) => response.url().endsWith("/api/live/"), {
      timeout: 30_000,
    });
    await page.goto("/integrations");
    await listening;
    await expect(page.getByRole("heading", { name: "Webhooks", exact: true })).toBeVisible();
    await page.getByRole("button", { name: "New endpoint" }).click();
    const form = page.getByRole("dialog", { name: "New endpoint" });
    await form.getByRole("textbox", { name: "Endpoint address" }).fill(url);
    await form.getByRole("button", { name: "Add the endpoint" }).click();
    await expect(form).toBeHidden();
    const endpoint = page.getByTestId("webhook-endpoint").filter({ hasText: url });
    await expect(endpoint).toContainText("Enabled");
    await endpoint.getByText(url).click();
    await expect(page.getByRole("heading", { name: `Deliveries to ${url}` })).toBeVisible();

    // The manager approves the order: the status change reaches the receiver, and the log shows it live
    await (await apiAs(request, "manager")).change(order, { status: 2 });
    await expect.poll(() => received.length, { timeout: 60_000 }).toBe(1);
    expect(received[0]?.type).toBe("order_status_changed");
    // The log's rows of this message: the deliveries' grid comes after the keys' one
    await page
      .getByRole("textbox", { name: "Search in the table" })
      .last()
      .fill(received[0]?.id ?? "");
    const row = page.locator("table tbody tr").filter({ hasText: "Order status changed" });
    await expect(row).toHaveCount(1, { timeout: 30_000 });
    await expect(row).toContainText("200");

    await row.getByRole("button", { name: "Send again" }).click();
    await expect.poll(() => received.length, { timeout: 60_000 }).toBe(2);
    expect(received[1]?.id).toBe(received[0]?.id);
    await expect(page.locator("table tbody tr").filter({ hasText: "Order status changed" })).toHaveCount(2, {
      timeout: 30_000,
    });

    page.once("dialog", (question) => void question.accept());
    await endpoint.getByRole("button", { name: "Delete" }).click();
    await expect(endpoint).toBeHidden();
    await page.context().close();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });
});
