import { expect, type Page, test } from "@playwright/test";
import { signIn, submitSignIn, useLocale } from "./support";

const PASSWORD = "Taiga-Timber-2026";

/** Signs out through the profile menu and waits for the sign-in page. */
async function signOut(page: Page) {
  await page.getByRole("button", { name: "Profile menu" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
}

test.describe("a new user's path", () => {
  test("signs up, sends the profile, is approved into a company by a manager and then works in it", async ({
    browser,
  }) => {
    const username = `ivan.timber.${Date.now()}`;
    const applicant = await (await browser.newContext()).newPage();
    await useLocale(applicant, "en");

    // Signs up and lands on the dashboard, which asks for the profile.
    await applicant.goto("/sign-up");
    await applicant.locator('input[name="username"]').fill(username);
    await applicant.locator('input[name="password"]').fill(PASSWORD);
    await applicant.locator('input[name="repeatPassword"]').fill(PASSWORD);
    await applicant.locator('button[type="submit"]').click();
    await expect(applicant).toHaveURL(/\/dashboard$/);
    await expect(applicant.getByText("Send your profile to confirmation")).toBeVisible();
    // Company pages stay closed until a manager confirms the user.
    await expect(
      applicant.getByRole("main").getByRole("link", { name: /Companies|User profiles/ }),
    ).toHaveCount(0);

    // Fills the profile with the company's details and sends it.
    await applicant.goto("/profile");
    await applicant.getByLabel("First name").fill("Иван");
    await applicant.getByLabel("Last name").fill("Борисов");
    await applicant.getByLabel("Phone").fill("+7 383 200-40-50");
    await applicant.getByRole("textbox", { name: "E-mail" }).fill("i.taigin@siblestorg.ru");
    await applicant.getByLabel("Company INN").fill("5406123450");
    await applicant.getByLabel("Company name").fill("ООО «Сибирский лес»");
    await applicant.getByLabel("Contract numbers").fill("ТЭО-2026/014");
    const sent = applicant.waitForResponse(
      (r) => r.url().includes("/users/me/") && r.request().method() === "PUT",
    );
    await applicant.getByRole("button", { name: "Save and send to confirmation" }).click();
    expect((await sent).status()).toBe(200);
    await applicant.goto("/dashboard");
    await expect(applicant.getByText("Your profile awaits confirmation")).toBeVisible();
    await signOut(applicant);

    // A manager finds the request on /profiles and approves it with the company.
    const manager = await (await browser.newContext()).newPage();
    await useLocale(manager, "en");
    await signIn(manager, "manager", `/profiles?profiles.q=${username}`);
    const row = manager.locator("table tbody tr").filter({ hasText: username });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Pending approval");
    await row.getByRole("button", { name: "Review the request" }).click();
    const dialog = manager.getByRole("dialog", { name: "Request for confirmation" });
    await expect(dialog).toContainText("5406123450");
    await expect(dialog).toContainText("i.taigin@siblestorg.ru");
    await dialog.getByRole("combobox", { name: /^Company/ }).click();
    await manager.getByRole("option", { name: "ООО «Сибирский лес»" }).click();
    const approved = manager.waitForResponse((r) => r.request().method() === "PATCH");
    await dialog.getByRole("button", { name: "Approve" }).click();
    expect((await approved).status()).toBe(200);
    await expect(row).toContainText("Approved");
    await expect(row).toContainText("ООО «Сибирский лес»");

    // The user signs in again and works in the company: its message, its managers, its data only.
    await submitSignIn(applicant, username, PASSWORD);
    await expect(applicant).toHaveURL(/\/dashboard$/);
    await expect(applicant.getByText("Message for ООО «Сибирский лес»")).toBeVisible();
    await expect(applicant.getByText(/терминал Забайкальск принимает контейнеры/)).toBeVisible();
    await expect(applicant.getByText("Your profile awaits confirmation")).toHaveCount(0);
    await applicant.getByRole("button", { name: "Contacts" }).click();
    await expect(applicant.getByRole("dialog").getByText(/Соколова/)).toBeVisible();
    await applicant.keyboard.press("Escape");
    const companies = await applicant.evaluate(async () => {
      const access = window.localStorage.getItem("access-token");
      const response = await fetch("/profile/api/companies/", {
        headers: { authorization: `JWT ${access}` },
      });
      return (await response.json()).results.map((company: { name: string }) => company.name);
    });
    expect(companies).toEqual(["ООО «Сибирский лес»"]);

    // Their company's shipping orders, from the header's entry, and no one else's
    const listed = applicant.waitForResponse(
      (r) => new URL(r.url()).pathname === "/tracking/api/freight_orders/" && r.request().method() === "GET",
    );
    await applicant.getByRole("banner").getByRole("link", { name: "Shipping orders" }).click();
    const orders = (await (await listed).json()) as { count: number; results: { company_name: string }[] };
    expect(orders.count).toBeGreaterThan(0);
    expect(new Set(orders.results.map((order) => order.company_name))).toEqual(
      new Set(["ООО «Сибирский лес»"]),
    );
    await expect(applicant.locator("table tbody tr").first()).toContainText("ООО «Сибирский лес»");
  });
});
