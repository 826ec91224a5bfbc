import { createHmac } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { apiAs, bodyRows, DEMO_PASSWORD, signedInPage, submitSignIn, useLocale } from "./support";

// Second factors and sessions (docs/security.md), each on an account the test makes, so that no demo login gets a
// second step under another test.

/**
 * The RFC 6238 code of a base32 secret at a time (SHA-1, 6 digits, 30 s): the test is the authenticator app. A code
 * is typed for the current step: the server takes the steps beside its own, so a step that ends before the code is
 * checked still counts (a code of the step before, as the tests once typed, was two steps old then and refused).
 */
function totp(secret: string, at = Date.now()): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of secret) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const hmac = createHmac("sha1", key).update(counter).digest();
  const offset = (hmac.at(-1) ?? 0) & 0xf;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/**
 * A new user of a customer company (or, with `roles`, of the forwarder; with `companyId`, of that company), made by
 * the demo's administrator.
 */
async function newUser(request: Parameters<typeof apiAs>[0], roles?: string[], companyId?: number) {
  const admin = await apiAs(request, "admin");
  const search = roles ? "" : `?search=${encodeURIComponent("Сибирский лес")}`;
  const { results } = await admin.get<{ results: { id: number; is_expedition_company: boolean }[] }>(
    `/profile/api/companies/${search}`,
  );
  const company = companyId
    ? { id: companyId }
    : roles
      ? results.find((row) => row.is_expedition_company)
      : results[0];
  const username = `security.${Date.now()}.${Math.round(Math.random() * 1000)}`;
  await admin.post(`/profile/api/companies/${company?.id}/users/`, {
    username,
    first_name: "Вера",
    last_name: "Защитова",
    phone: "+7 383 210-44-16",
    email: `${username}@vte-demo.ru`,
    password: DEMO_PASSWORD,
    password_confirm: DEMO_PASSWORD,
    // Into the forwarder's company with a role: the administrator confirms the manager powers it gives
    ...(roles ? { roles, change_company_warning: true } : {}),
  });
  return username;
}

async function freshPage(browser: Browser, locale: "ru" | "en", baseURL?: string): Promise<Page> {
  const page = await (await browser.newContext(baseURL ? { baseURL } : {})).newPage();
  await useLocale(page, locale);
  return page;
}

test.describe("second factors", () => {
  test("a client sets up one-time codes, signs in with a code, and with a recovery code when the phone is lost", async ({
    browser,
    request,
  }) => {
    // Four sign-ins through the page: more than the default budget on a busy machine
    test.setTimeout(180_000);
    const username = await newUser(request);
    const page = await signedInPage(browser, username, "en", "/profile");
    await page.getByRole("button", { name: "Set up one-time codes" }).click();
    const secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expect(page.getByRole("img", { name: "QR code of the one-time codes' key" })).toBeVisible();
    const code = page.getByLabel("The code the app shows");
    await expect(code).toBeFocused();
    await code.fill(totp(secret));
    await page.getByRole("button", { name: "Confirm" }).click();
    const codes = ((await page.getByTestId("recovery-codes").textContent()) ?? "").split("\n");
    expect(codes).toHaveLength(10);
    await expect(page.getByText("10 recovery codes left")).toBeVisible();

    const phone = await freshPage(browser, "en");
    await phone.goto("/sign-in");
    await submitSignIn(phone, username);
    const field = phone.getByLabel("One-time or recovery code");
    await expect(field).toBeFocused();
    await expect(field).toHaveAttribute("autocomplete", "one-time-code");
    // The next step's code: the set-up used the current one, and a step is taken once (within the server's window of one)
    await field.fill(totp(secret, Date.now() + 30_000));
    await phone.getByRole("button", { name: "Continue" }).click();
    await expect(phone).toHaveURL(/\/dashboard$/);

    const lost = await freshPage(browser, "ru");
    await lost.goto("/sign-in");
    await submitSignIn(lost, username);
    await lost.getByLabel("Одноразовый или резервный код").fill(codes[0] ?? "");
    await lost.getByRole("button", { name: "Продолжить" }).click();
    await expect(lost).toHaveURL(/\/dashboard$/);
    // Used once: the same code no longer signs in
    const again = await freshPage(browser, "ru");
    await again.goto("/sign-in");
    await submitSignIn(again, username);
    await again.getByLabel("Одноразовый или резервный код").fill(codes[0] ?? "");
    await again.getByRole("button", { name: "Продолжить" }).click();
    await expect(again.getByText("Код неверен или уже использован")).toBeVisible();
  });

  test("removing one-time codes asks for the password again; a wrong one is said and keeps them", async ({
    browser,
    request,
  }) => {
    const username = await newUser(request);
    const page = await signedInPage(browser, username, "ru", "/profile");
    await page.getByRole("button", { name: "Настроить одноразовые коды" }).click();
    const secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
    await page.getByLabel("Код, который показывает приложение").fill(totp(secret));
    await page.getByRole("button", { name: "Подтвердить" }).click();
    await expect(page.getByTestId("recovery-codes")).toBeVisible();

    await page.getByRole("button", { name: "Удалить" }).click();
    const dialog = page.getByRole("dialog", { name: "Подтвердите паролем" });
    const password = dialog.getByLabel("Текущий пароль");
    await expect(password).toBeFocused();
    await password.fill("Not-the-password-1");
    await dialog.getByRole("button", { name: "Подтвердить" }).click();
    await expect(dialog.getByText("Текущий пароль указан неверно")).toBeVisible();
    await password.fill(DEMO_PASSWORD);
    await dialog.getByRole("button", { name: "Подтвердить" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Настроить одноразовые коды" })).toBeVisible();
  });

  test("a customer whose company requires a second factor is taken to the profile from any page until they enrol", async ({
    browser,
    request,
  }) => {
    const admin = await apiAs(request, "admin");
    const company = await admin.post<{ id: number; version: number }>("/profile/api/companies/", {
      name: `ООО «Надёжный груз ${Date.now()}»`,
    });
    await admin.patch(`/profile/api/companies/${company.id}/`, {
      require_second_factor: true,
      version: company.version,
    });
    const username = await newUser(request, undefined, company.id);
    const page = await signedInPage(browser, username, "en", "/freight-orders");
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText("Your account needs a second factor")).toBeVisible();
    await page.getByRole("button", { name: "Set up one-time codes" }).click();
    const secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
    await page.getByLabel("The code the app shows").fill(totp(secret));
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByTestId("recovery-codes")).toBeVisible();
    await expect(page.getByText("Your account needs a second factor")).toBeHidden();
    // Enrolled: the orders open
    await page.goto("/freight-orders");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/freight-orders$/);
  });

  test("a manager resets a client's lost second factors on /profiles; the client signs in with the password alone", async ({
    browser,
    request,
  }) => {
    const username = await newUser(request);
    // The client sets up one-time codes (the page's own set-up is the first test's)
    const signIn = () => request.post("/api/token/", { data: { username, password: DEMO_PASSWORD } });
    const { access } = (await (await signIn()).json()) as { access: string };
    const headers = { Authorization: `JWT ${access}` };
    const { secret } = (await (await request.post("/profile/api/security/totp/", { headers })).json()) as {
      secret: string;
    };
    const confirmed = await request.post("/profile/api/security/totp/confirm/", {
      headers,
      data: { code: totp(secret) },
    });
    expect(confirmed.ok()).toBe(true);
    expect(await (await signIn()).json()).toHaveProperty("second_step");

    const page = await signedInPage(browser, "manager", "en", "/profiles");
    await page.getByRole("textbox", { name: "Search" }).fill(username);
    const row = bodyRows(page).filter({ hasText: username });
    await expect(row).toHaveCount(1);
    await row.getByRole("button", { name: "Reset second factors" }).click();
    const question = page.getByRole("dialog", { name: "Reset second factors" });
    await expect(question).toContainText("Reset the second factors of Вера Защитова?");
    await question.getByRole("button", { name: "Reset" }).click();
    await expect(page.getByText("Second factors reset")).toBeVisible();

    // The password alone signs in again, and the client is told who reset what
    const again = (await (await signIn()).json()) as { access?: string };
    expect(again.access).toBeTruthy();
    const notices = await request.get("/api/notifications/", {
      headers: { Authorization: `JWT ${again.access}` },
    });
    expect(JSON.stringify(await notices.json())).toContain("security_factors_reset");
  });

  test("ending another session on the profile signs that browser out", async ({ browser, request }) => {
    test.setTimeout(120_000);
    const username = await newUser(request);
    const other = await signedInPage(browser, username, "ru", "/dashboard");
    const page = await signedInPage(browser, username, "ru", "/profile");
    const rows = page.getByTestId("session-row");
    await expect(rows).toHaveCount(2);
    await rows
      .filter({ hasNot: page.getByText("Этот сеанс") })
      .getByRole("button", { name: "Завершить" })
      .click();
    await expect(rows).toHaveCount(1);
    await other.goto("/profile");
    await expect(other).toHaveURL(/\/sign-in/);
    await expect(page.getByRole("heading", { name: "Безопасность" })).toBeVisible();
  });

  test("a manager adds a passkey and signs in with it alone", async ({ browser, request, baseURL }) => {
    test.setTimeout(120_000);
    const username = await newUser(request, ["Manager"]);
    // Passkeys belong to a host name (PORTAL_URL's), not to an IP address
    const origin = (baseURL ?? "").replace("127.0.0.1", "localhost");
    const context = await browser.newContext({ baseURL: origin });
    const page = await context.newPage();
    await useLocale(page, "en");
    const cdp = await context.newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await page.goto("/sign-in");
    await submitSignIn(page, username);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/profile");
    await page.getByLabel("Name of the new passkey").fill("Office laptop");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect(page.getByRole("cell", { name: "Office laptop" })).toBeVisible();
    await expect(page.getByTestId("recovery-codes")).toBeVisible();

    // Signed out, the same browser (its authenticator) signs in with the passkey alone
    await page.evaluate(() => window.localStorage.clear());
    await page.goto("/sign-in");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
