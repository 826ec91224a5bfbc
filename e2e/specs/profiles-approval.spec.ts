import { expect, test } from "@playwright/test";
import { pendingApplicant, signIn, useLocale } from "./support";

test.describe("/profiles approval of a request", () => {
  test("shows what the applicant sent and approves only with a company", async ({ page }) => {
    // An applicant of the test's own, sending a request like the demo applicant's (the demo's stays pending)
    const applicant = `volkova.${Date.now()}`;
    await pendingApplicant(page.request, applicant, {
      email: `${applicant}@vte-demo.ru`,
      request_inn: "2724123459",
      request_name: "ООО «Амурский терминал»",
      request_contract_nums: "ТЭО-2026/055",
    });
    await useLocale(page, "en");
    await signIn(page, "manager", `/profiles?profiles.q=${applicant}`);
    const row = page.locator("table tbody tr").filter({ hasText: applicant });

    // Approving in the row without a company: the API refuses it and the message is on the company cell.
    await row.getByRole("button", { name: "Edit" }).click();
    await page.getByRole("combobox", { name: "State" }).click();
    await page.getByRole("option", { name: "Approved" }).click();
    const refused = page.waitForResponse((r) => r.request().method() === "PATCH");
    await page.getByRole("button", { name: "Save" }).click();
    expect((await refused).status()).toBe(400);
    await expect(page.getByText("Choose the company of the user to approve")).toBeVisible();
    await page.getByRole("button", { name: "Cancel" }).click();

    // The approval dialog shows the request next to the required company.
    await row.getByRole("button", { name: "Review the request" }).click();
    const dialog = page.getByRole("dialog", { name: "Request for confirmation" });
    await expect(dialog).toContainText("2724123459");
    await expect(dialog).toContainText("ООО «Амурский терминал»");
    await expect(dialog).toContainText("ТЭО-2026/055");
    await expect(dialog).toContainText(`${applicant}@vte-demo.ru`);

    let patches = 0;
    page.on("request", (request) => {
      if (request.method() === "PATCH") patches += 1;
    });
    await dialog.getByRole("button", { name: "Approve" }).click();
    await expect(dialog.getByText("Choose the user's company to approve the request")).toBeVisible();
    expect(patches).toBe(0);

    await dialog.getByRole("combobox", { name: /^Company/ }).click();
    // The forwarder's own company is not offered to an applicant.
    await expect(page.getByRole("option", { name: /ВостокТрансЭкспедиция/ })).toHaveCount(0);
    await page.getByRole("option", { name: "ООО «Уралмашкомплект»" }).click();
    const approved = page.waitForResponse((r) => r.request().method() === "PATCH");
    await dialog.getByRole("button", { name: "Approve" }).click();
    const response = await approved;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toMatchObject({ state: "approved" });
    await expect(dialog).toBeHidden();
    await expect(page.getByText("The user is approved")).toBeVisible();
    await expect(row).toContainText("ООО «Уралмашкомплект»");
    await expect(row).toContainText("Approved");
    await expect(row.getByRole("button", { name: "Review the request" })).toHaveCount(0);
  });
});

test.describe("/profiles decisions", () => {
  test("a head declines a request and moves a user between companies, into the forwarder once warned", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const declined = `zimin.${Date.now()}`;
    await pendingApplicant(page.request, declined);
    await useLocale(page, "en");
    await signIn(page, "head", `/profiles?profiles.q=${declined}`);

    const request = page.locator("table tbody tr").filter({ hasText: declined });
    await expect(request).toContainText("Pending approval", { timeout: 20_000 });
    await request.getByRole("button", { name: "Review the request" }).click();
    const dialog = page.getByRole("dialog", { name: "Request for confirmation" });
    await expect(dialog).toContainText("ООО «Хабаровский склад»");
    const decided = page.waitForResponse((r) => r.request().method() === "PATCH");
    await dialog.getByRole("button", { name: "Decline" }).click();
    expect((await decided).request().postDataJSON()).toMatchObject({ state: "declined" });
    await expect(page.getByText("The request is declined")).toBeVisible();
    await expect(request).toContainText("Declined");

    // An approved user (here: made a company's employee) moved to another customer, then to the forwarder
    const moved = `orlova.${Date.now()}`;
    const token = await page.evaluate(() => window.localStorage.getItem("access-token"));
    const companies = await page.request.get("/profile/api/companies/?search=Уралмашкомплект", {
      headers: { Authorization: `JWT ${token}` },
    });
    const [machinery] = ((await companies.json()) as { results: { id: number }[] }).results;
    const added = await page.request.post(`/profile/api/companies/${machinery?.id}/users/`, {
      headers: { Authorization: `JWT ${token}` },
      data: { username: moved, password: "Ural-Steel-2026", password_confirm: "Ural-Steel-2026" },
    });
    expect(added.status()).toBe(201);
    await page.goto(`/profiles?profiles.q=${moved}`);
    const row = page.locator("table tbody tr").filter({ hasText: moved });
    await expect(row).toContainText("ООО «Уралмашкомплект»", { timeout: 20_000 });

    const company = page.getByRole("combobox", { name: "Company" });
    await row.getByRole("button", { name: "Edit" }).click();
    await company.click();
    await page.getByRole("option", { name: "ООО «Сибирский лес»" }).click();
    const saved = page.waitForResponse((r) => r.request().method() === "PATCH");
    await page.getByRole("button", { name: "Save" }).click();
    expect((await saved).status()).toBe(200);
    await expect(row).toContainText("ООО «Сибирский лес»");

    await row.getByRole("button", { name: "Edit" }).click();
    await company.click();
    await page.getByRole("option", { name: /ВостокТрансЭкспедиция/ }).click();
    const warning = page.getByRole("checkbox", { name: /the user will get manager powers/ });
    await expect(warning).not.toBeChecked();
    // Without the confirmation nothing is sent, and the editor says what is missing
    let patches = 0;
    page.on("request", (sent) => {
      if (sent.method() === "PATCH") patches += 1;
    });
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Confirm the move into a forwarder company")).toBeVisible();
    expect(patches).toBe(0);
    await warning.check();
    const confirmed = page.waitForResponse((r) => r.request().method() === "PATCH");
    await page.getByRole("button", { name: "Save" }).click();
    const answer = await confirmed;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toMatchObject({ change_company_warning: true });
    await expect(row).toContainText("ВостокТрансЭкспедиция");
  });
});
