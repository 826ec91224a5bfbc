import { expect, type Locator, type Page, test } from "@playwright/test";
import { buildOrder, crossingId, openOrder, PDF, region, save, scrollToGrids } from "./order-form-support";
import { signedInPage, signIn, useLocale } from "./support";

// The shipping order form's path through the workflow: a client creates and submits an order, a manager returns
// it for correction and approves it, a head marks it paid.

/** Picks the first choice of a server-searched field after typing `text`. */
async function lookUp(page: Page, field: Locator, text: string, choice: RegExp) {
  await field.fill(text);
  await page.getByRole("option", { name: choice }).first().click();
}

/** Picks a choice of a select (MUI) field. */
async function select(page: Page, field: Locator, choice: string) {
  await field.click();
  await page.getByRole("option", { name: choice, exact: true }).click();
}

// Each test builds the order it needs through the API: none depends on another's leftovers or order, so they
// run in parallel
test.describe("the shipping order form", () => {
  test.describe.configure({ mode: "parallel" });

  test("a client creates an order from the directory, ETSNG and services, uploads a document and submits it", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await useLocale(page, "en");
    await signIn(page, "client", "/add-freight-order");
    await expect(page.getByRole("heading", { level: 1, name: "New shipping order" })).toBeVisible({
      timeout: 20_000,
    });
    // New orders carry the user's contacts
    await expect(page.getByRole("textbox", { name: "Contact person" })).toHaveValue(/\S/);
    await expect(page.getByRole("textbox", { name: "E-mail", exact: true })).toHaveValue(/@/);

    // The subcode takes digits only, and 7, 10 or 13 of them
    const subcode = page.getByRole("textbox", { name: "Railway transfer subcode" });
    await subcode.fill("46-0001-2345x");
    await expect(subcode).toHaveValue("4600012345");
    await page.getByRole("textbox", { name: "Customer order number" }).fill("E2E-001");
    await page.getByRole("textbox", { name: "Container count" }).fill("2");

    // The direction puts the forwarder's port into the party it is and clears the other
    const direction = page.getByRole("combobox", { name: "Direction" });
    const consignorName = region(page, "Consignor").getByRole("textbox", { name: "Consignor" });
    const consigneeName = region(page, "Consignee").getByRole("textbox", { name: "Consignee" });
    await select(page, direction, "Import");
    await expect(consignorName).toHaveValue("АО «Восточный порт»");
    await expect(consigneeName).toHaveValue("");
    await select(page, direction, "Export");
    await expect(consigneeName).toHaveValue("АО «Восточный порт»");
    await expect(consignorName).toHaveValue("");

    // The consignee from the directory fills the block
    const consignee = region(page, "Consignee");
    await consignee.getByRole("button", { name: "Directory" }).click();
    const directory = page.getByRole("dialog", { name: "Directory: choose the consignee" });
    await directory.getByRole("textbox", { name: /search/i }).fill("Mongol");
    const entry = directory.locator("tbody tr").filter({ hasText: "Mongol Modon Trade" });
    await expect(entry).toBeVisible({ timeout: 10_000 });
    await entry.getByRole("button", { name: "Choose" }).click();
    await expect(directory).toBeHidden();
    await expect(consignee.getByRole("textbox", { name: "Consignee" })).toHaveValue("Mongol Modon Trade");
    await consignee.getByRole("button", { name: "Details" }).click();
    await expect(consignee.getByRole("textbox", { name: "City" })).toHaveValue("Ulaanbaatar");
    await expect(consignee.getByRole("combobox", { name: "Country" })).toHaveValue(/Mongolia/);

    await lookUp(page, page.getByRole("combobox", { name: "Border crossing point" }), "Наушки", /Наушки/);
    await page.getByRole("textbox", { name: "Freight description" }).fill("Sawn larch, 150×150 mm");
    // ETSNG writes its line at the top of the description
    await lookUp(page, page.getByRole("combobox", { name: "ETSNG code" }), "0910", /^0910/);
    await expect(page.getByRole("textbox", { name: "Freight description" })).toHaveValue(
      /^ETSNG: 0910\d\d .+\nSawn larch, 150×150 mm$/,
    );

    // Services offered for the kinds; a change of the shipment kind drops the one no longer offered
    await select(page, page.getByRole("combobox", { name: "Shipment kind" }), "Export");
    await page.getByRole("combobox", { name: "Transport kinds" }).click();
    await page.getByRole("option", { name: "Rail", exact: true }).click();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Add service" }).click();
    const picker = page.getByRole("dialog", { name: "Add services" });
    await picker.getByRole("checkbox", { name: "Rail container transportation" }).check();
    await picker.getByRole("checkbox", { name: "Cargo escort" }).check();
    await picker.getByRole("button", { name: "Add 2 services" }).click();
    const services = region(page, "Transport and services");
    await expect(services.getByRole("cell", { name: "Cargo escort" })).toBeVisible();
    await select(page, page.getByRole("combobox", { name: "Shipment kind" }), "Import");
    await expect(services.getByRole("status")).toContainText("Cargo escort");
    await expect(services.getByRole("cell", { name: "Cargo escort" })).toBeHidden();
    await expect(services.getByRole("cell", { name: "Rail container transportation" })).toBeVisible();

    // A check the API also makes, said under its field before anything is sent, and gone once fixed
    await page.getByRole("textbox", { name: "Ship from" }).fill("20260510");
    const until = page.getByRole("textbox", { name: "Ship until" });
    await until.fill("20260501");
    await subcode.fill("46000123");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    const digits = page.getByText("Enter 7/10/13 digits");
    await expect(digits).toBeVisible();
    await expect(subcode).toBeFocused();
    await subcode.fill("4600012345");
    await expect(digits).toBeHidden();
    // A rule of the API alone: its message, in the interface language, under its field until it is edited
    expect((await save(page, "Create")).status()).toBe(400);
    const period = page.getByText("The end of the period cannot be before its start");
    await expect(period).toBeVisible();
    await until.fill("20260531");
    await expect(period).toBeHidden();

    const created = await save(page, "Create");
    expect(created.status()).toBe(201);
    const orderId = ((await created.json()) as { id: number }).id;
    await expect(page).toHaveURL(new RegExp(`/freight-orders/${orderId}$`));
    await expect(
      page.getByRole("heading", { level: 1, name: `Shipping order No. ${orderId}` }),
    ).toBeVisible();
    await expect(page.getByRole("radio", { name: /Draft/ })).toBeChecked();

    // A document, dropped (here: chosen) and uploaded with its progress, then its number edited in the row
    await scrollToGrids(page);
    const documents = region(page, "Documents");
    const uploaded = page.waitForResponse(
      (response) => response.url().endsWith("/files/") && response.request().method() === "POST",
    );
    await documents.locator('input[type="file"]').setInputFiles(PDF);
    expect((await uploaded).status()).toBe(201);
    const documentRow = documents.locator("tbody tr").filter({ hasText: "invoice.pdf" });
    await expect(documentRow).toBeVisible();
    await documentRow.getByRole("button", { name: "Edit" }).click();
    await documents.getByRole("textbox", { name: "Number" }).fill("INV-7");
    await documents.getByRole("button", { name: "Save" }).click();
    await expect(documentRow).toContainText("INV-7");

    await page.getByRole("radio", { name: "Submit for approval" }).check();
    expect((await save(page)).status()).toBe(200);
    await expect(page.getByRole("radio", { name: /Submitted/ })).toBeChecked();
  });

  test("a manager returns it for correction with a comment, approves it and its cost; a head marks it paid", async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const { id: orderId } = await buildOrder(request, "submitted", {
      border_crossing_point: await crossingId(request, "Наушки"),
    });
    const page = await signedInPage(browser, "manager", "en", null);
    await openOrder(page, orderId);
    await page.getByRole("radio", { name: "Return for correction" }).check();
    // Every call the page makes from here, in the order it makes them
    const calls: string[] = [];
    page.on("request", (request) => {
      calls.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    const patches = () => calls.filter((call) => call.startsWith("PATCH "));
    // Without the comment the status needs, nothing is sent
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const comment = page.getByRole("textbox", { name: "Status comment" });
    await expect(page.getByText("The field is required")).toBeVisible();
    await expect(comment).toBeFocused();
    expect(patches()).toEqual([]);
    await comment.fill("Please state the net weight");
    expect((await save(page)).status()).toBe(200);
    await expect(page.getByRole("radio", { name: /Needs correction/ })).toBeChecked();

    // Approving and its cost in one save: the approved status lets managers enter the cost, written as English
    // writes amounts (a Russian amount, 1,5, is refused with the format it expects)
    await page.getByRole("radio", { name: "Approve" }).check();
    const cost = page.getByRole("textbox", { name: "Approved cost" });
    await cost.fill("1,5");
    await cost.press("Control+s");
    await expect(page.getByText("Enter an amount as 1,234.50")).toBeVisible();
    expect(patches()).toHaveLength(1);
    await cost.fill("612,000.50");
    await page.getByRole("textbox", { name: "VAT, %" }).fill("20");
    await expect(page.getByText("RUB 734,400.60")).toBeVisible();
    await lookUp(
      page,
      page.getByRole("combobox", { name: "Border crossing point" }),
      "Забайкальск",
      /Забайкальск/,
    );
    // Ctrl+S saves from wherever the focus is
    const approved = page.waitForResponse((response) => response.request().method() === "PATCH");
    await page.getByRole("textbox", { name: "VAT, %" }).press("Control+s");
    expect((await approved).status()).toBe(200);
    await expect(page.getByRole("radio", { name: /Approved/ })).toBeChecked();
    await expect(page.getByRole("textbox", { name: "Approved cost" })).toHaveValue("612000.50");
    // With nothing left to save, Ctrl+S sends nothing: by the time the History's call, made after it, has gone, the
    // log holds no save after the approval's
    const saves = patches().length;
    await page.keyboard.press("Control+s");
    const historyRead = page.waitForResponse((response) => response.url().includes(`/${orderId}/history/`));
    await page.getByRole("button", { name: "History" }).click();
    await historyRead;
    expect(patches()).toHaveLength(saves);

    // The history shows both kinds of entry
    const history = page.getByRole("dialog", { name: `History of order No. ${orderId}` });
    await expect(
      history.locator("tbody tr").filter({ hasText: "Please state the net weight" }),
    ).toBeVisible();
    // An amount as the language writes it
    await expect(history.locator("tbody tr").filter({ hasText: "Approved cost" })).toContainText(
      "612,000.50",
    );
    // A changed station is named, not numbered
    await expect(history.locator("tbody tr").filter({ hasText: "Border crossing point" })).toContainText(
      /Наушки.*Забайкальск/,
    );
    await page.keyboard.press("Escape");
    await expect(history).toBeHidden();

    const head = await signedInPage(browser, "head", "en", null);
    await openOrder(head, orderId);
    const paid = head.waitForResponse((response) => response.url().endsWith("/set_is_paid/"));
    await head.getByRole("button", { name: "Mark paid" }).click();
    expect((await paid).status()).toBe(200);
    await expect(head.getByText("Paid", { exact: true })).toBeVisible();
    await expect(head.getByRole("button", { name: "Mark unpaid" })).toBeVisible();
  });

  test("a head is offered Mark paid only once the cost is approved, and its toast covers none of the bar's buttons", async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const submitted = await buildOrder(request, "submitted");
    const approved = await buildOrder(request, "approved");
    const head = await signedInPage(browser, "head", "en", null);
    await openOrder(head, submitted.id);
    await expect(head.getByRole("button", { name: "History" })).toBeVisible();
    await expect(head.getByRole("button", { name: "Mark paid" })).toHaveCount(0);

    await openOrder(head, approved.id);
    await head.getByRole("button", { name: "Mark paid" }).click();
    const toast = head.getByText("The order is marked paid");
    await expect(toast).toBeVisible();
    const box = await toast.boundingBox();
    if (!box) throw new Error("the toast has no box");
    const bar = [
      ...["Save", "Discard changes", "Print version", "History", "Mark unpaid"].map(
        (name) => ["button", name] as const,
      ),
      ["link", "Copy"] as const,
    ];
    for (const [role, name] of bar) {
      const button = await head.getByRole(role, { name, exact: true }).boundingBox();
      if (!button) throw new Error(`no ${name} button`);
      const overlaps =
        box.x < button.x + button.width &&
        button.x < box.x + box.width &&
        box.y < button.y + button.height &&
        button.y < box.y + box.height;
      expect(overlaps, name).toBe(false);
    }
  });

  test("a client of another company finds 'not found' at an order's address, in both languages", async ({
    browser,
    request,
  }) => {
    const { id } = await buildOrder(request, "draft");
    const english = await signedInPage(browser, "client3", "en", `/freight-orders/${id}`);
    await expect(english.getByText("Order not found")).toBeVisible({ timeout: 20_000 });
    await expect(english.getByRole("link", { name: "Back to the orders" })).toBeVisible();
    await english.context().close();
    const russian = await signedInPage(browser, "client3", "ru", `/freight-orders/${id}`);
    await expect(russian.getByText("Заявка не найдена")).toBeVisible({ timeout: 20_000 });
    await russian.context().close();
  });
});
