import { expect, test } from "@playwright/test";
import { signIn, useLocale } from "./support";

test.describe("/profiles approval of a request", () => {
  test("shows what the applicant sent and approves only with a company", async ({ page }) => {
    await useLocale(page, "en");
    await signIn(page, "manager");
    await page.goto("/profiles");
    const row = page.locator("table tbody tr").filter({ hasText: "applicant" });

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
    await expect(dialog).toContainText("2724123456");
    await expect(dialog).toContainText("ООО «Амурский терминал»");
    await expect(dialog).toContainText("ТЭО-2026/055");
    await expect(dialog).toContainText("applicant@vte-demo.ru");

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
