import { expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, pendingApplicant, signIn, submitSignIn, useLocale } from "./support";

test.describe("signing in and out", () => {
  test("a manager signs in and out in Russian", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/sign-in/);
    await expect(page.getByRole("heading", { name: "Вход" })).toBeVisible();
    // Inputs are trimmed before they are sent.
    await submitSignIn(page, "  manager  ", " Freight-2026 ");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("banner").getByText("Клиентский портал")).toBeVisible();
    await expect(page.getByRole("link", { name: "Профили пользователей" }).first()).toBeVisible();
    await page.getByRole("button", { name: "Меню профиля" }).click();
    await page.getByRole("menuitem", { name: "Выйти" }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    expect(await page.evaluate(() => window.localStorage.getItem("access-token"))).toBeNull();
  });

  test("a client switches to English on the sign-in page and signs in and out", async ({ page }) => {
    await page.goto("/sign-in");
    await page.getByRole("button", { name: "EN", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await submitSignIn(page, "client");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Hello, Пётр")).toBeVisible();
    // The company's notification message is shown; managers-only entries are not.
    await expect(page.getByText(/терминал Забайкальск принимает контейнеры/)).toBeVisible();
    await expect(page.getByRole("link", { name: "User profiles" })).toHaveCount(0);
    expect(await page.evaluate(() => window.localStorage.getItem("locale"))).toBe("en");
    await page.getByRole("button", { name: "Profile menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  });

  test("a wrong password shows the server's message in the detail line", async ({ page }) => {
    await useLocale(page, "en");
    await page.goto("/sign-in");
    await submitSignIn(page, "manager", "not-the-password");
    await expect(page.getByRole("alert")).toContainText("No active account found with the given credentials");
    await expect(page).toHaveURL(/\/sign-in/);
  });

  test("a sign-in refusal goes when the user edits or retries, and the retry shows its own result", async ({
    page,
  }) => {
    await useLocale(page, "en");
    await page.goto("/sign-in");
    const refusal = page.getByRole("alert").filter({ hasText: "No active account found" });
    await submitSignIn(page, "client3", "not-the-password");
    await expect(refusal).toBeVisible();
    // Editing a field: the refusal was about the values now changed
    await page.locator('input[name="password"]').fill("still-not-it");
    await expect(refusal).toHaveCount(0);
    // A second wrong attempt says so again
    await page.locator('button[type="submit"]').click();
    await expect(refusal).toBeVisible();
    // A retry stopped by the fields' checks does not leave the last refusal standing
    await page.locator('input[name="password"]').fill("");
    await expect(refusal).toHaveCount(0);
    await page.locator('input[name="username"]').fill("client3");
    await page.locator('button[type="submit"]').click();
    await expect(page.getByText("The field is required")).toBeVisible();
    await expect(refusal).toHaveCount(0);
    // The right password signs in
    await submitSignIn(page, "client3");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  // The page shows plain fields first and its form kit takes over when its code comes (sign-in-page.tsx): hold
  // that code back to act on the first screen, then let it come. The release answers once the kit's module has run
  // and the page has done what it does when it comes: an `import` of the same module settles after the page's own,
  // and a task later every reaction to the page's has run.
  async function holdSignInForm(page: Page): Promise<() => Promise<void>> {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/sign-in-form-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    return async () => {
      const loaded = page.waitForResponse(/\/assets\/sign-in-form-/);
      release();
      const module = (await loaded).url();
      await page.evaluate(async (url) => {
        await import(url);
        await new Promise((resolve) => setTimeout(resolve, 0));
      }, module);
    };
  }

  test("what is typed before the form kit comes is kept, with the focus, and the kit's form sends it", async ({
    page,
  }) => {
    await useLocale(page, "en");
    const release = await holdSignInForm(page);
    await page.goto("/sign-in");
    await page.locator('input[name="username"]').fill("manager");
    await page.locator('input[name="password"]').pressSequentially("not-the");
    await release();
    // Typing goes on in the same field, and the refusal (which only the kit's form shows) proves it sent both
    await page.keyboard.type("-password");
    await expect(page.locator('input[name="password"]')).toHaveValue("not-the-password");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("alert")).toContainText("No active account found with the given credentials");
    await expect(page.locator('input[name="username"]')).toHaveValue("manager");
  });

  test("a sign-in sent before the form kit comes is sent when it does", async ({ page }) => {
    const release = await holdSignInForm(page);
    await page.goto("/sign-in");
    await page.locator('input[name="username"]').fill("manager");
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.locator('input[name="password"]').press("Enter");
    await expect(page.locator('button[type="submit"]')).toBeDisabled();
    await release();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("a click on Sign in whose press the form kit's arrival falls within still signs in", async ({
    page,
  }) => {
    const release = await holdSignInForm(page);
    await page.goto("/sign-in");
    await page.locator('input[name="username"]').fill("manager");
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    const button = await page.locator('button[type="submit"]').boundingBox();
    if (!button) throw new Error("the Sign in button is not on screen");
    await page.mouse.move(button.x + button.width / 2, button.y + button.height / 2);
    await page.mouse.down();
    // The kit's module has run: a hand-over not held back for the press would have replaced the button by now
    await release();
    await page.mouse.up();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("when the form kit's code cannot load, the page says so and offers a reload", async ({ page }) => {
    await useLocale(page, "en");
    await page.route(/\/assets\/sign-in-form-[\w-]+\.js$/, (route) => route.abort());
    await page.goto("/sign-in");
    await expect(page.getByRole("alert")).toContainText("The page could not be opened");
    await page.unroute(/\/assets\/sign-in-form-[\w-]+\.js$/);
    await page.getByRole("button", { name: "Reload" }).click();
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await submitSignIn(page, "manager");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("an empty sign-in form names the missing fields; typing clears a field's message", async ({
    page,
  }) => {
    await page.goto("/sign-in");
    await page.locator('button[type="submit"]').click();
    await expect(page.getByText("Обязательное поле")).toHaveCount(2);
    await page.locator('input[name="username"]').fill("manager");
    await expect(page.getByText("Обязательное поле")).toHaveCount(1);
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test("the password is shown and hidden again by its button", async ({ page }) => {
    await page.goto("/sign-in");
    const password = page.locator('input[name="password"]');
    await password.fill("Freight-2026");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Показать пароль" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Скрыть пароль" }).click();
    await expect(password).toHaveAttribute("type", "password");
  });

  test("an unauthenticated visitor is sent to sign in and comes back to the page asked for", async ({
    page,
  }) => {
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/sign-in\?from=%2Fprofile$/);
    await submitSignIn(page, "client2");
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.locator('input[name="first_name"]')).toHaveValue("Анна");
  });

  test("a signed-in user opening /sign-in or /sign-up goes home, and unknown paths go to the dashboard", async ({
    page,
  }) => {
    await signIn(page, "client3");
    await page.goto("/sign-in");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/sign-up");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/no/such/page");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("a client typing a managers-only address is sent to the dashboard", async ({ page }) => {
    await signIn(page, "client", "/profiles");
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe("header and tiles by role", () => {
  const cases = [
    { username: "manager", profiles: true, admin: false },
    { username: "head", profiles: true, admin: false },
    { username: "admin", profiles: true, admin: true },
    { username: "rwmanager", profiles: true, admin: false },
    { username: "client", profiles: false, admin: false },
  ];
  for (const { username, profiles, admin } of cases) {
    test(`${username} sees the entries of their role`, async ({ page }) => {
      await useLocale(page, "en");
      await signIn(page, username);
      const main = page.getByRole("main");
      await expect(main.getByRole("link", { name: /^Profile/ }).first()).toBeVisible();
      await expect(main.getByRole("link", { name: /User profiles/ })).toHaveCount(profiles ? 1 : 0);
      // The API's console is labelled as what it is; no admin page is configured here (ADMIN_URL)
      await expect(main.getByRole("link", { name: /API documentation/ })).toHaveCount(admin ? 1 : 0);
      await expect(main.getByRole("link", { name: /Admin area/ })).toHaveCount(0);
      await expect(page.getByRole("banner").getByRole("link", { name: "User profiles" })).toHaveCount(
        profiles ? 1 : 0,
      );
    });
  }

  test("on a phone the language is switched from the section menu and from the profile menu", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, "client");
    const banner = page.getByRole("banner");
    // The header's EN/RU buttons give way on a phone
    await expect(banner.getByRole("group", { name: "Язык интерфейса" })).toBeHidden();
    await banner.getByRole("button", { name: "Открыть меню разделов" }).click();
    await page.getByRole("menuitem", { name: /English/ }).click();
    await expect(page.getByRole("menu")).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Hello");
    expect(await page.evaluate(() => window.localStorage.getItem("locale"))).toBe("en");
    // And back, by the keyboard, from the profile menu
    await banner.getByRole("button", { name: /Profile menu/ }).click();
    const russian = page.getByRole("menuitem", { name: /Русский/ });
    // The menu gives the focus to its first entry; the arrows move between them
    await expect(async () => {
      if (!(await russian.evaluate((item) => item === document.activeElement))) {
        await page.keyboard.press("ArrowDown");
      }
      await expect(russian).toBeFocused({ timeout: 200 });
    }).toPass({ timeout: 5_000 });
    await page.keyboard.press("Enter");
    await expect(banner.getByRole("button", { name: "Открыть меню разделов" })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem("locale"))).toBe("ru");
  });

  test("the debtor company's client sees the unpaid invoices warning, naming the company", async ({
    page,
  }) => {
    await useLocale(page, "en");
    await signIn(page, "client2");
    await expect(page.getByText("АО «ДальТоргИмпорт» has unpaid invoices", { exact: false })).toBeVisible();
  });

  test("a user whose company has no managers finds the forwarder's support in Contacts", async ({ page }) => {
    await useLocale(page, "en");
    await signIn(page, "newcomer");
    await page.getByRole("button", { name: "Contacts" }).click();
    const contacts = page.getByRole("dialog", { name: /Your managers/ });
    await expect(contacts).toContainText("The forwarder's support will help you");
    await expect(contacts.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
    await expect(contacts.getByRole("link", { name: "Service desk" })).toBeVisible();
  });

  test("a user awaiting confirmation sees only the profile", async ({ page }) => {
    // An applicant of the test's own: still pending, whatever other tests decide meanwhile
    const applicant = `awaiting.${Date.now()}`;
    await pendingApplicant(page.request, applicant);
    await useLocale(page, "en");
    await signIn(page, applicant);
    // The applicant has sent the profile: now it awaits a manager.
    await expect(page.getByText("Your profile awaits confirmation")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: /User profiles|Admin area/ })).toHaveCount(
      0,
    );
  });

  test("the Contacts popup lists the company's managers", async ({ page }) => {
    await useLocale(page, "en");
    await signIn(page, "client");
    await page.getByRole("button", { name: "Contacts" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText("Соколова Ирина").or(dialog.getByText("Ирина Соколова"))).toBeVisible();
    await expect(dialog.getByText("+7 423 230-10-01")).toBeVisible();
    const box = await dialog.locator(".MuiDialog-paper").or(dialog).first().boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(400);
  });
});

test.describe("sign-up", () => {
  test("a new customer signs up, lands on the dashboard and is asked to send the profile", async ({
    page,
  }) => {
    await useLocale(page, "en");
    await page.goto("/sign-up");
    const name = `e2e.${Date.now()}`;
    await page.locator('input[name="username"]').fill(name);
    await page.locator('input[name="password"]').fill("Harbour-Crane-88");
    await page.locator('input[name="repeatPassword"]').fill("Harbour-Crane-89");
    await page.locator('button[type="submit"]').click();
    await expect(page.getByText("Password confirmation doesn't match Password")).toBeVisible();
    await page.locator('input[name="repeatPassword"]').fill("Harbour-Crane-88");
    await page.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    // Nothing was sent yet: the dashboard asks for it instead of saying that the profile awaits confirmation.
    await expect(page.getByText("Send your profile to confirmation")).toBeVisible();
  });

  test("the server's refusal is said under its field, and goes when the field is edited", async ({
    page,
  }) => {
    await useLocale(page, "en");
    await page.goto("/sign-up");
    await page.locator('button[type="submit"]').click();
    await expect(page.getByText("The field is required")).toHaveCount(3);
    await page.locator('input[name="username"]').fill("Manager");
    await page.locator('input[name="password"]').fill("Harbour-Crane-88");
    await page.locator('input[name="repeatPassword"]').fill("Harbour-Crane-88");
    await page.locator('button[type="submit"]').click();
    await expect(page.getByText("A user with that username already exists.")).toBeVisible();
    await expect(page.locator('input[name="username"]')).toBeFocused();
    await page.locator('input[name="username"]').fill("someone.else");
    await expect(page.getByText("A user with that username already exists.")).toHaveCount(0);
    await expect(page).toHaveURL(/\/sign-up$/);
  });
});
