import { expect, type Page } from "@playwright/test";

/** The password of every demo account (apps/api/src/db/seed/demo.ts). */
export const DEMO_PASSWORD = "Freight-2026";

/** Opens the app with a language already chosen, as a returning user would have it. */
export async function useLocale(page: Page, locale: "ru" | "en") {
  await page.addInitScript((value) => {
    if (!window.localStorage.getItem("locale")) window.localStorage.setItem("locale", value);
  }, locale);
}

/** Fills and submits the sign-in form (the page must be on /sign-in). */
export async function submitSignIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
}

/** Signs in from the sign-in page and waits for the dashboard. */
export async function signIn(page: Page, username: string) {
  await page.goto("/sign-in");
  await submitSignIn(page, username);
  await expect(page).toHaveURL(/\/dashboard$/);
}
