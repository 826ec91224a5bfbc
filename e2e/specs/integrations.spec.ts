import { expect, test } from "@playwright/test";
import { signedInPage } from "./support";

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
    await expect(form.getByText(/365/)).toBeVisible();
    await form.getByRole("textbox", { name: "Valid for, days" }).fill("30");
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
