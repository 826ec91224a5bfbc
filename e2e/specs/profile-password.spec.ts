import { expect, test } from "@playwright/test";
import { apiAs, DEMO_PASSWORD, signedInPage, submitSignIn, useLocale } from "./support";

// The own password change on /profile asks for the current password; the account is one the test makes, so that
// no demo login changes under another test.

test.describe("the profile's password change", () => {
  test("asks for the current password, words a wrong one under its field, and changes it with the right one", async ({
    browser,
    request,
  }) => {
    const managerApi = await apiAs(request, "manager");
    const { results } = await managerApi.get<{ results: { id: number }[] }>(
      `/profile/api/companies/?search=${encodeURIComponent("Сибирский лес")}`,
    );
    const username = `password.changer.${Date.now()}`;
    await managerApi.post(`/profile/api/companies/${results[0]?.id}/users/`, {
      username,
      first_name: "Павел",
      last_name: "Сменов",
      phone: "+7 383 210-44-15",
      email: `${username}@vte-demo.ru`,
      password: DEMO_PASSWORD,
      password_confirm: DEMO_PASSWORD,
    });
    const page = await signedInPage(browser, username, "ru", "/profile");
    const current = page.getByLabel("Текущий пароль", { exact: false });
    const save = page.getByRole("button", { name: "Сохранить", exact: true });
    const newPassword = "Taiga-Larch-2026";
    await page.locator('input[name="password"]').fill(newPassword);
    await page.locator('input[name="password_confirm"]').fill(newPassword);

    // Without it, the form asks for it before sending anything; a wrong one, the server words under the field
    await save.click();
    await expect(page.getByText("Обязательное поле")).toBeVisible();
    await current.fill("Not-My-Password-1");
    await save.click();
    await expect(page.getByText("Текущий пароль указан неверно")).toBeVisible();

    await current.fill(DEMO_PASSWORD);
    await save.click();
    await expect(page.getByText("Профиль сохранён")).toBeVisible();
    // Still signed in with the new session's tokens; the form holds no password any more
    await expect(current).toHaveValue("");
    await page.reload();
    await expect(page.getByRole("heading", { name: "Профиль" })).toBeVisible();

    // The new password signs in, the old one no longer does
    const fresh = await (await browser.newContext()).newPage();
    await useLocale(fresh, "ru");
    await fresh.goto("/sign-in");
    await submitSignIn(fresh, username, DEMO_PASSWORD);
    await expect(fresh.getByRole("alert")).toContainText("Не найдено активной учётной записи");
    await submitSignIn(fresh, username, newPassword);
    await expect(fresh).toHaveURL(/\/dashboard$/);
  });
});
