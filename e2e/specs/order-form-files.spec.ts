import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { buildOrder, openOrder, PDF, region, save, scrollToGrids } from "./order-form-support";
import { signIn, useLocale } from "./support";

// The shipping order form's files and containers: the signed order, the print and the copy, containers within the
// order's count and their document packages.

// Each test builds the order it needs through the API: none depends on another's leftovers or order, so they
// run in parallel
test.describe("the shipping order form", () => {
  test.describe.configure({ mode: "parallel" });

  test("the client uploads the signed order, prints the PDF and copies the order", async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const { id: orderId } = await buildOrder(request, "approved");
    await useLocale(page, "en");
    await signIn(page, "client", null);
    await openOrder(page, orderId);
    // An approved order is read-only for the client; the workflow stays open
    await expect(page.getByText("Read only")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Customer order number" })).toHaveAttribute(
      "readonly",
      "",
    );

    await page.getByRole("radio", { name: "Upload signed order" }).check();
    let sent = false;
    page.on("request", (request) => {
      if (request.method() === "PATCH") sent = true;
    });
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(
      page.getByText("Upload the signed order: this status cannot be chosen without it"),
    ).toBeVisible();
    expect(sent).toBe(false);
    const signed = page.waitForResponse((response) => response.url().endsWith("/sign/"));
    await region(page, "Order status")
      .locator('input[type="file"]')
      .setInputFiles({ ...PDF, name: "signed.pdf" });
    expect((await signed).status()).toBe(201);
    await expect(page.getByText("Attached: signed.pdf")).toBeVisible();
    expect((await save(page)).status()).toBe(200);
    await expect(page.getByRole("radio", { name: /Signed/ })).toBeChecked();
    await expect(page.getByRole("button", { name: "Signed order" })).toBeVisible();

    const printed = page.waitForResponse((response) =>
      new URL(response.url()).pathname.endsWith(`/${orderId}/print`),
    );
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Print version" }).click();
    const answer = await printed;
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toContain("application/pdf");
    // Its times in the browser's time zone, as the screens write them
    expect(new URL(answer.url()).searchParams.get("tz")).toBe(
      await page.evaluate(() => new Intl.DateTimeFormat().resolvedOptions().timeZone),
    );
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    expect(
      readFileSync(await file.path())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    await page.getByRole("link", { name: "Copy" }).click();
    await expect(page).toHaveURL(new RegExp(`/add-freight-order\\?copiedId=${orderId}$`));
    await expect(page.getByRole("textbox", { name: "Customer order number" })).toHaveValue("E2E-001");
    await expect(region(page, "Consignee").getByRole("textbox", { name: "Consignee" })).toHaveValue(
      "Mongol Modon Trade",
    );
    const copy = await save(page, "Create");
    expect(copy.status()).toBe(201);
    const copied = (await copy.json()) as { id: number; status: number; approved_cost: number | null };
    expect(copied).toMatchObject({ status: 1, approved_cost: null });
    expect(copied.id).not.toBe(orderId);
  });

  test("the client adds containers within the order's count, packages its documents and withdraws the package", async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const { id: orderId } = await buildOrder(request, "approved");
    await useLocale(page, "en");
    await signIn(page, "client", null);
    await openOrder(page, orderId);
    await scrollToGrids(page);
    const containers = region(page, "Containers");
    await containers.getByRole("button", { name: "Create package" }).click();
    await expect(page.getByText("Please select container")).toBeVisible();

    // Numbers as typed, flagged (never refused) when they fail ISO 6346, up to the order's container count
    for (const [number, isValid] of [
      ["msku 907032 3", true],
      ["ABCU1234567", false],
    ] as const) {
      await containers.getByRole("button", { name: "Add container" }).click();
      const editor = containers.getByRole("textbox", { name: "Container" });
      await editor.fill(number);
      await expect(containers.getByText("The number fails the ISO 6346 check")).toHaveCount(isValid ? 0 : 1);
      const added = page.waitForResponse(
        (response) =>
          response.url().endsWith("/tracking/api/containers/") && response.request().method() === "POST",
      );
      await containers.getByRole("button", { name: "Save" }).click();
      expect((await added).status()).toBe(201);
    }
    const valid = containers.locator("tbody tr").filter({ hasText: "MSKU9070323" });
    const invalid = containers.locator("tbody tr").filter({ hasText: "ABCU1234567" });
    await expect(valid).toBeVisible();
    await expect(invalid.getByLabel("The number fails the ISO 6346 check")).toBeVisible();
    await expect(valid.getByLabel("The number fails the ISO 6346 check")).toHaveCount(0);
    await expect(containers.getByRole("button", { name: "Add container" })).toBeHidden();
    await expect(containers.getByText(/As many containers as the order states \(2\)/)).toBeVisible();

    await valid.getByRole("radio").check();
    await containers.getByRole("button", { name: "Withdraw package" }).click();
    await expect(page.getByText("There is no package for this container")).toBeVisible();

    await containers.getByRole("button", { name: "Create package" }).click();
    const packaging = page.getByRole("dialog", { name: /Document package of container MSKU9070323/ });
    await packaging.getByRole("checkbox", { name: "invoice.pdf" }).check();
    await packaging.getByRole("button", { name: "Save the package" }).click();
    await expect(packaging).toBeHidden();
    await expect(valid).toContainText("invoice.pdf");
    // The customs simulator takes the package and, with no transport document in it, refuses it: the row follows
    await expect(valid).toContainText("Rejected", { timeout: 30_000 });

    await valid.getByRole("radio").check();
    await containers.getByRole("button", { name: "Withdraw package" }).click();
    const question = page.getByRole("dialog", { name: "Withdraw package" });
    await expect(question).toContainText("Are you sure to withdraw the package?");
    await question.getByRole("button", { name: "Withdraw" }).click();
    await expect(question).toBeHidden();
    await expect(valid).toContainText(/Being withdrawn|Withdrawn/);
    await expect(valid).toContainText("Withdrawn", { timeout: 30_000 });

    // The container's page comes later: the address is the spec's (the shell sends unknown ones to the dashboard)
    const opened = page.waitForURL(/\/containers\/\d+$/);
    await valid.getByText("MSKU9070323").dblclick();
    await opened;
  });
});
