import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD, signIn, useLocale } from "./support";

test.describe("global error toasts", () => {
  test("a server error shows the Server error toast", async ({ page }) => {
    await useLocale(page, "en");
    await signIn(page, "manager", "/profile");
    // The server failing is simulated at the network boundary: no real endpoint fails on purpose.
    await page.route("**/profile/api/users/me/", (route) =>
      route.request().method() === "PUT"
        ? route.fulfill({ status: 500, contentType: "application/json", body: '{"detail":"Server error"}' })
        : route.continue(),
    );
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.locator("#notistack-snackbar").getByText("Server error")).toBeVisible();
  });

  test("a lost connection shows the Network error toast, in Russian", async ({ page }) => {
    await useLocale(page, "ru");
    await signIn(page, "client", "/profile");
    await page.route("**/profile/api/users/me/", (route) =>
      route.request().method() === "PUT" ? route.abort("internetdisconnected") : route.continue(),
    );
    await page.getByRole("button", { name: "Сохранить", exact: true }).click();
    await expect(page.getByText("Сетевая ошибка").first()).toBeVisible();
  });

  test("a field error from the server shows under the field on the profile", async ({ page }) => {
    await useLocale(page, "en");
    await signIn(page, "client3", "/profile");
    // A new password is asked with the current one, which the server checks first
    await page.locator('input[name="current_password"]').fill(DEMO_PASSWORD);
    await page.locator('input[name="password"]').fill("12345678");
    await page.locator('input[name="password_confirm"]').fill("12345678");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("This password is entirely numeric.")).toBeVisible();
  });
});
