import { expect, type Locator, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, signedInPage, signIn, useLocale } from "./support";

const FORWARDER = "ООО «ВостокТрансЭкспедиция»";
/** A taxpayer number with valid check digits. */
const VALID_INN = "7707083893";

function rowWith(scope: Page | Locator, text: string) {
  return scope.locator("table tbody tr").filter({ hasText: text });
}

/** A grid of the company page, found by its heading. */
function section(page: Page, name: string) {
  return page.getByRole("region", { name });
}

/** Creates a customer company through the API as the signed-in user and opens its form. */
async function openNewCompany(page: Page, name: string): Promise<number> {
  const token = await page.evaluate(() => window.localStorage.getItem("access-token"));
  const answer = await page.request.post("/profile/api/companies/", {
    headers: { Authorization: `JWT ${token}` },
    data: { name },
  });
  expect(answer.status()).toBe(201);
  const { id } = (await answer.json()) as { id: number };
  await page.goto(`/company/edit/${id}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible({ timeout: 20_000 });
  return id;
}

/** Picks the first choice of a server-searched list after typing `text`. */
async function lookUp(page: Page, field: Locator, text: string, choice: string) {
  await field.fill(text);
  await page
    .getByRole("option", { name: new RegExp(choice) })
    .first()
    .click();
}

test.describe("companies", () => {
  test.beforeEach(async ({ page }) => {
    await useLocale(page, "en");
  });

  test("a manager edits a company in the grid and opens it with a double-click", async ({ page }) => {
    await signIn(page, "manager");
    await page.getByRole("link", { name: "Companies" }).first().click();
    await expect(page).toHaveURL(/\/companies$/);
    const row = rowWith(page, "ООО «Уралмашкомплект»");
    await expect(row).toBeVisible({ timeout: 20_000 });

    await row.getByRole("button", { name: "Edit" }).click();
    const numbers = page.getByRole("textbox", { name: "Contract numbers" });
    await numbers.fill("ТЭО-2026/031, ТЭО-2026/077");
    const saved = page.waitForResponse(
      (answer) => answer.url().includes("/profile/api/companies/") && answer.request().method() === "PATCH",
    );
    await page.getByRole("button", { name: "Save" }).click();
    expect((await saved).status()).toBe(200);
    await expect(row).toContainText("ТЭО-2026/077");

    await row.getByText("ООО «Уралмашкомплект»").dblclick();
    await expect(page).toHaveURL(/\/company\/edit\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: "ООО «Уралмашкомплект»" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Contract numbers" })).toHaveValue(/ТЭО-2026\/077/);
    await expect(page.getByRole("link", { name: "Price list" })).toHaveAttribute(
      "href",
      /\/company-services\/\d+$/,
    );
  });

  test("a manager creates a company, the INN checked before it is sent", async ({ page }) => {
    await signIn(page, "manager", "/companies");
    await page.getByRole("link", { name: "New company" }).click();
    await expect(page).toHaveURL(/\/company\/add$/);
    await page.getByRole("textbox", { name: "INN" }).fill("1234567890");
    await page.getByRole("textbox", { name: "Organization name" }).fill("ООО «Новый клиент»");
    await page.getByRole("textbox", { name: "Contract date" }).fill("20260401");
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText("Enter a valid INN")).toBeVisible();

    await page.getByRole("textbox", { name: "INN" }).fill(VALID_INN);
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page).toHaveURL(/\/company\/edit\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: "ООО «Новый клиент»" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Contract date" })).toHaveValue("2026-04-01");
    await expect(section(page, "Employees")).toBeVisible();
    await expect(section(page, "Company managers")).toBeVisible();
  });

  test("the forwarder's own company is refused to a manager with a toast, and opened by a head", async ({
    page,
  }) => {
    await signIn(page, "manager", "/companies");
    await rowWith(page, FORWARDER).getByText(FORWARDER).dblclick();
    await expect(page.getByText("Access denied")).toBeVisible();
    await expect(page).toHaveURL(/\/companies$/);
    await expect(rowWith(page, FORWARDER).getByRole("button", { name: "Edit" })).toHaveCount(0);
    // Its address typed by hand: the API refuses it, and the page says the same
    const token = await page.evaluate(() => window.localStorage.getItem("access-token"));
    const found = await page.request.get("/profile/api/companies/?filters=is_expedition_company=true", {
      headers: { Authorization: `JWT ${token}` },
    });
    const [forwarder] = ((await found.json()) as { results: { id: number }[] }).results;
    await page.goto(`/company/edit/${forwarder?.id}`);
    await expect(page.getByText("Access denied")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to companies" })).toBeVisible();

    await page.getByRole("button", { name: "Profile menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await signIn(page, "head", "/companies");
    await rowWith(page, FORWARDER).getByText(FORWARDER).dblclick();
    await expect(page.getByRole("heading", { level: 1, name: FORWARDER })).toBeVisible();
    await expect(page.getByText("Forwarder company")).toBeVisible();
    // Nothing of a customer's: no contract date, notice, debt or managers of its own
    await expect(page.getByRole("textbox", { name: "Notification to client" })).toHaveCount(0);
    await expect(page.getByRole("checkbox", { name: "Debtor" })).toHaveCount(0);
    await expect(section(page, "Company managers")).toHaveCount(0);
    await expect(section(page, "Employees")).toBeVisible();
  });

  test("a manager adds an employee and changes them", async ({ page }) => {
    await signIn(page, "manager", null);
    await openNewCompany(page, "ООО «Кадры»");
    const employees = section(page, "Employees");
    await employees.getByRole("button", { name: "Add employee" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "New employee" })).toBeVisible();

    // The username and the password are required; the confirmation must match
    await dialog.getByRole("button", { name: "Add" }).click();
    await expect(dialog.getByText("The field is required").first()).toBeVisible();
    await dialog.locator('input[name="username"]').fill("kadry.petrova");
    await dialog.locator('input[name="last_name"]').fill("Петрова");
    await dialog.locator('input[name="first_name"]').fill("Мария");
    await dialog.locator('input[name="email"]').fill("petrova@example.ru");
    await dialog.locator('input[name="password"]').fill("Sever-Veter-17");
    await dialog.locator('input[name="password_confirm"]').fill("Sever-Veter-71");
    await dialog.getByRole("button", { name: "Add" }).click();
    await expect(dialog.getByText("Password and confirmation do not match")).toBeVisible();

    // A generated password fills both fields and shows them
    await dialog.getByRole("button", { name: "Generate" }).click();
    const generated = await dialog.locator('input[name="password"]').inputValue();
    expect(generated).toMatch(/^[A-Za-z0-9]{8}$/);
    await expect(dialog.locator('input[name="password"]')).toHaveAttribute("type", "text");
    await expect(dialog.locator('input[name="password_confirm"]')).toHaveValue(generated);
    await dialog.getByRole("button", { name: "Add" }).click();
    await expect(dialog).toHaveCount(0);
    const row = rowWith(employees, "kadry.petrova");
    await expect(row).toContainText("Петрова");

    await row.getByText("kadry.petrova").dblclick();
    await expect(dialog.getByRole("heading", { name: "Employee kadry.petrova" })).toBeVisible();
    await dialog.locator('input[name="phone"]').fill("+7 900 100-20-30");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toContainText("+7 900 100-20-30");

    // Removing an employee deactivates them, after a question; the form makes them active again
    await row.getByRole("button", { name: "Deactivate" }).click();
    const question = page.getByRole("dialog", { name: "Deactivate" });
    await expect(question).toContainText("“Петрова Мария” will no longer be able to sign in");
    await question.getByRole("button", { name: "Deactivate" }).click();
    await expect(page.getByText("The employee is deactivated")).toBeVisible();
    await expect(row.getByLabel("No")).toBeVisible();
    await expect(row.getByRole("button", { name: "Deactivate" })).toHaveCount(0);
    await row.getByText("kadry.petrova").dblclick();
    await dialog.getByRole("checkbox", { name: "Active" }).check();
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row.getByLabel("Yes")).toBeVisible();
  });

  test("a manager gives a customer's employee the webhooks right; the employee then sees the endpoints", async ({
    page,
    browser,
  }) => {
    await signIn(page, "manager", null);
    const id = await openNewCompany(page, `ООО «Интеграция ${Date.now()}»`);
    const username = `hooks.${Date.now()}`;
    const token = await page.evaluate(() => window.localStorage.getItem("access-token"));
    const added = await page.request.post(`/profile/api/companies/${id}/users/`, {
      headers: { Authorization: `JWT ${token}` },
      data: { username, password: DEMO_PASSWORD, password_confirm: DEMO_PASSWORD },
    });
    expect(added.status()).toBe(201);

    // Without the right, the integrations page has the API keys only
    const before = await signedInPage(browser, username, "en", "/integrations");
    await expect(before.getByRole("button", { name: "New API key" })).toBeVisible({ timeout: 20_000 });
    await expect(before.getByRole("heading", { name: "Webhooks", exact: true })).toHaveCount(0);
    await before.context().close();

    await page.reload();
    const row = rowWith(section(page, "Employees"), username);
    await row.getByText(username).dblclick();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: `Employee ${username}` })).toBeVisible();
    await expect(dialog.getByRole("checkbox", { name: "Webhooks" })).not.toBeChecked();
    await dialog.getByRole("checkbox", { name: "Webhooks" }).check();
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toHaveCount(0);

    const after = await signedInPage(browser, username, "en", "/integrations");
    await expect(after.getByRole("heading", { name: "Webhooks", exact: true })).toBeVisible({
      timeout: 20_000,
    });
    await expect(after.getByRole("button", { name: "New endpoint" })).toBeVisible();
    await after.context().close();
    // The form shows the right as given
    await row.getByText(username).dblclick();
    await expect(dialog.getByRole("checkbox", { name: "Webhooks" })).toBeChecked();
    await expect(dialog.getByRole("checkbox", { name: "Monitoring" })).not.toBeChecked();
  });

  test("a head adds an employee to the forwarder's own company with a role, once warned", async ({
    page,
  }) => {
    await signIn(page, "head", "/companies");
    await rowWith(page, FORWARDER).getByText(FORWARDER).dblclick();
    const employees = section(page, "Employees");
    await employees.getByRole("button", { name: "Add employee" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.locator('input[name="username"]').fill("staff.orlov");
    await dialog.locator('input[name="last_name"]').fill("Орлов");
    await dialog.locator('input[name="first_name"]').fill("Иван");
    await dialog.getByRole("button", { name: "Generate" }).click();
    const add = dialog.getByRole("button", { name: "Add" });
    await expect(add).toBeDisabled();
    await dialog.getByRole("checkbox", { name: "I understand this user will get manager powers" }).check();
    // At least one role
    await add.click();
    await expect(dialog.getByText("The field is required")).toBeVisible();
    await dialog.getByRole("combobox", { name: "Roles" }).click();
    await page.getByRole("option", { name: "Railway manager" }).click();
    await add.click();
    await expect(dialog).toHaveCount(0);
    await expect(rowWith(employees, "staff.orlov")).toContainText("Railway manager");
  });

  test("an administrator adds a company manager and removes them; a manager may not", async ({ page }) => {
    await signIn(page, "admin", null);
    await openNewCompany(page, "ООО «С менеджером»");
    const managers = section(page, "Company managers");
    await managers.getByRole("button", { name: "Add manager" }).click();
    const dialog = page.getByRole("dialog");
    await lookUp(page, dialog.getByRole("combobox", { name: "Staff member" }), "Лебедев", "Лебедев");
    await dialog.getByRole("button", { name: "Add" }).click();
    await expect(dialog).toHaveCount(0);
    const row = rowWith(managers, "Лебедев");
    await expect(row).toContainText("Сергей");

    await row.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("dialog")).toContainText("“Лебедев Сергей” will be deleted");
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect(row).toHaveCount(0);

    await page.getByRole("button", { name: "Profile menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await signIn(page, "manager", "/companies");
    await rowWith(page, "ООО «Сибирский лес»").getByText("ООО «Сибирский лес»").dblclick();
    const listed = section(page, "Company managers");
    await expect(rowWith(listed, "Соколова")).toBeVisible();
    await expect(listed.getByRole("button", { name: "Add manager" })).toHaveCount(0);
    await expect(listed.getByRole("button", { name: "Delete" })).toHaveCount(0);
  });

  test("a manager adds a related user and removes them", async ({ page }) => {
    await signIn(page, "manager", null);
    await openNewCompany(page, "ООО «Партнёр»");
    const related = section(page, "Related users");
    await related.getByRole("button", { name: "Add related user" }).click();
    const dialog = page.getByRole("dialog");
    await lookUp(page, dialog.getByRole("combobox", { name: "User" }), "client2", "Смирнова");
    await dialog.getByRole("button", { name: "Add" }).click();
    await expect(dialog).toHaveCount(0);
    const row = rowWith(related, "client2");
    await expect(row).toContainText("АО «ДальТоргИмпорт»");

    await row.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect(row).toHaveCount(0);
  });
});

for (const locale of ["ru", "en"] as const) {
  const words =
    locale === "ru"
      ? {
          companies: "Компании",
          employees: "Сотрудники",
          managers: "Менеджеры компании",
          related: "Связанные пользователи",
          addEmployee: "Добавить сотрудника",
          newCompany: "Новая компания",
        }
      : {
          companies: "Companies",
          employees: "Employees",
          managers: "Company managers",
          related: "Related users",
          addEmployee: "Add employee",
          newCompany: "New company",
        };

  test.describe(`company screens (${locale})`, () => {
    test.beforeEach(async ({ page }) => {
      await useLocale(page, locale);
    });

    test("one company with its employees, managers and related users, at 1366 px and on a phone", async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width: 1366, height: 800 });
      await signIn(page, "admin", "/companies");
      const company = rowWith(page, "ООО «Уралмашкомплект»");
      await expect(company).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole("link", { name: words.newCompany })).toBeVisible();

      await company.getByText("ООО «Уралмашкомплект»").dblclick();
      await expect(page.getByRole("heading", { level: 1, name: "ООО «Уралмашкомплект»" })).toBeVisible();
      await expect(rowWith(section(page, words.employees), "client3")).toBeVisible({ timeout: 15_000 });
      await expect(section(page, words.managers).locator("tbody tr").first()).toBeVisible();
      await expect(rowWith(section(page, words.related), "client2")).toBeVisible();
      // The header keeps the companies' entry marked on a company's form
      await expect(page.getByRole("navigation").getByRole("link", { name: words.companies })).toHaveClass(
        /\bactive\b/,
      );

      await section(page, words.employees).getByRole("button", { name: words.addEmployee }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();

      // On a phone the list stays usable and offers no new company (its form is not laid out for it)
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/companies");
      await expect(rowWith(page, "ООО «Уралмашкомплект»")).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole("link", { name: words.newCompany })).toBeHidden();
    });
  });
}
