import { readFileSync } from "node:fs";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { apiAs, ORDERS, type OrderAnswer, signedInPage, signIn, useLocale } from "./support";

/** The smallest file the API takes as a PDF. */
const PDF = {
  name: "invoice.pdf",
  mimeType: "application/pdf",
  buffer: Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"),
};

/** A container number that passes ISO 6346 (its standard's own example). */
const CONTAINER = "CSQU3054383";

/** The statuses' ids (the workflow's data, docs/api.md). */
const SUBMITTED = 3;
const APPROVED = 2;

/** The client's order as the first test fills its form in: what the other tests' screens look for. */
const CLIENT_ORDER = {
  customer_order_number: "E2E-001",
  container_count: 2,
  consignee_name: "Mongol Modon Trade",
  consignee_city: "Ulaanbaatar",
  consignee_countrycode: "MN",
  consignee_country_name: "Монголия",
  freight_description: "Sawn larch, 150×150 mm",
};

/**
 * An order of the client's company of the test's own, built through the API as far as `stage`: a draft (crossing
 * the border at Забайкальск) with a document (invoice.pdf), submitted by the client, approved with its cost by a
 * manager.
 */
async function buildOrder(
  request: APIRequestContext,
  stage: "draft" | "submitted" | "approved",
  values: Record<string, unknown> = {},
): Promise<OrderAnswer> {
  const client = await apiAs(request, "client");
  // A container's package needs the order's border crossing
  const border_crossing_point = await crossingId(request, "Забайкальск");
  const draft = await client.create({ ...CLIENT_ORDER, border_crossing_point, ...values });
  await client.upload(`${ORDERS}${draft.id}/files/`, PDF);
  if (stage === "draft") return draft;
  const submitted = await client.change(draft, { status: SUBMITTED });
  if (stage === "submitted") return submitted;
  const manager = await apiAs(request, "manager");
  return manager.change(submitted, { status: APPROVED, approved_cost: 612000.5, vat_percent: 20 });
}

/** The id of a border crossing (a border station or a port) by its name. */
async function crossingId(request: APIRequestContext, name: string): Promise<number> {
  const client = await apiAs(request, "client");
  const query = new URLSearchParams({ search: name, filters: "kind__in=border,port" });
  const page = await client.get<{ results: { id: number; location: string }[] }>(
    `/tracking/api/locations/?${query}`,
  );
  const found = page.results.find((row) => row.location.includes(name));
  if (!found) throw new Error(`no border crossing ${name}`);
  return found.id;
}

function region(page: Page, name: string): Locator {
  return page.getByRole("region", { name, exact: true });
}

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

/** Saves the form and waits for the order's answer. */
async function save(page: Page, button: "Save" | "Create" = "Save") {
  const answer = page.waitForResponse(
    (response) =>
      response.url().includes("/tracking/api/freight_orders/") &&
      ["PATCH", "POST"].includes(response.request().method()),
  );
  await page.getByRole("button", { name: button, exact: true }).click();
  return answer;
}

/**
 * Scrolls to the end of the page, where the documents' and containers' grids load when scrolled to; again while the
 * form above is still growing.
 */
async function scrollToGrids(page: Page, documents = "Documents") {
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(region(page, documents)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

async function openOrder(page: Page, id: number) {
  await page.goto(`/freight-orders/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Shipping order No. ${id}` })).toBeVisible({
    timeout: 20_000,
  });
}

// Each test builds the order it needs through the API: none depends on another's leftovers or order, so they
// run in parallel
test.describe("the shipping order form", () => {
  test.describe.configure({ mode: "parallel" });

  test("a client creates an order from the directory, ETSNG and services, uploads a document and submits it", async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    await useLocale(page, "en");
    await signIn(page, "client");
    await page.goto("/add-freight-order");
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
    const consignorName = region(page, "Consignor").getByRole("textbox", { name: "Name" });
    const consigneeName = region(page, "Consignee").getByRole("textbox", { name: "Name" });
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
    await page.waitForTimeout(400);
    await page.screenshot({ path: testInfo.outputPath("order-directory-en.png") });
    await entry.getByRole("button", { name: "Choose" }).click();
    await expect(directory).toBeHidden();
    await expect(consignee.getByRole("textbox", { name: "Name" })).toHaveValue("Mongol Modon Trade");
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
    await page.waitForTimeout(400);
    await page.screenshot({ path: testInfo.outputPath("order-services-en.png") });
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
  }, testInfo) => {
    test.setTimeout(180_000);
    const { id: orderId } = await buildOrder(request, "submitted", {
      border_crossing_point: await crossingId(request, "Наушки"),
    });
    const page = await signedInPage(browser, "manager");
    await openOrder(page, orderId);
    await page.getByRole("radio", { name: "Return for correction" }).check();
    // Without the comment the status needs, nothing is sent
    let sent = false;
    page.on("request", (request) => {
      if (request.method() === "PATCH") sent = true;
    });
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const comment = page.getByRole("textbox", { name: "Status comment" });
    await expect(page.getByText("The field is required")).toBeVisible();
    await expect(comment).toBeFocused();
    expect(sent).toBe(false);
    await comment.fill("Please state the net weight");
    expect((await save(page)).status()).toBe(200);
    await expect(page.getByRole("radio", { name: /Needs correction/ })).toBeChecked();

    // Approving and its cost in one save: the approved status lets managers enter the cost
    await page.getByRole("radio", { name: "Approve" }).check();
    await page.getByRole("textbox", { name: "Approved cost" }).fill("612 000,50");
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
    // With nothing left to save, Ctrl+S sends nothing
    sent = false;
    await page.keyboard.press("Control+s");
    await page.waitForTimeout(300);
    expect(sent).toBe(false);

    // The history shows both kinds of entry
    await page.getByRole("button", { name: "History" }).click();
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
    await page.waitForTimeout(400);
    await page.screenshot({ path: testInfo.outputPath("order-history-en.png") });
    await page.keyboard.press("Escape");
    await expect(history).toBeHidden();

    const head = await signedInPage(browser, "head");
    await openOrder(head, orderId);
    const paid = head.waitForResponse((response) => response.url().endsWith("/set_is_paid/"));
    await head.getByRole("button", { name: "Mark paid" }).click();
    expect((await paid).status()).toBe(200);
    await expect(head.getByText("Paid", { exact: true })).toBeVisible();
    await expect(head.getByRole("button", { name: "Mark unpaid" })).toBeVisible();
  });

  test("the client uploads the signed order, prints the PDF and copies the order", async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const { id: orderId } = await buildOrder(request, "approved");
    await useLocale(page, "en");
    await signIn(page, "client");
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
    await region(page, "Status")
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
    await expect(region(page, "Consignee").getByRole("textbox", { name: "Name" })).toHaveValue(
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
  }, testInfo) => {
    test.setTimeout(180_000);
    const { id: orderId } = await buildOrder(request, "approved");
    await useLocale(page, "en");
    await signIn(page, "client");
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
    await page.waitForTimeout(400);
    await page.screenshot({ path: testInfo.outputPath("order-package-en.png") });
    await packaging.getByRole("button", { name: "Save the package" }).click();
    await expect(packaging).toBeHidden();
    await expect(valid).toContainText("Pending");
    await expect(valid).toContainText("invoice.pdf");

    await valid.getByRole("radio").check();
    await containers.getByRole("button", { name: "Withdraw package" }).click();
    const question = page.getByRole("dialog", { name: "Withdraw package" });
    await expect(question).toContainText("Are you sure to withdraw the package?");
    await question.getByRole("button", { name: "Withdraw" }).click();
    await expect(question).toBeHidden();
    await expect(valid).toContainText("Withdrawing");

    // The container's page comes later: the address is the spec's (the shell sends unknown ones to the dashboard)
    const opened = page.waitForURL(/\/containers\/\d+$/);
    await valid.getByText("MSKU9070323").dblclick();
    await opened;
  });

  test("two people edit one order: the second keeps their edits through the conflict", async ({
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const { id: copyId } = await buildOrder(request, "draft");
    const first = await signedInPage(browser, "manager");
    const second = await signedInPage(browser, "manager", "ru");
    await openOrder(first, copyId);
    await second.goto(`/freight-orders/${copyId}`);
    await expect(second.getByRole("heading", { level: 1, name: `Заявка № ${copyId}` })).toBeVisible({
      timeout: 20_000,
    });

    // The second is editing when the first saves: the live update brings the saved order to the second page,
    // whose form keeps its unsaved edits (a clean form would follow the saved order, and there would be no conflict)
    await second.getByRole("textbox", { name: "Номер заявки клиента" }).fill("MINE-2");
    await second.getByRole("textbox", { name: "Примечания" }).fill("Mine");
    await first.getByRole("textbox", { name: "Delivery terms" }).fill("FCA Naushki");
    await first.getByRole("textbox", { name: "Notes" }).fill("Theirs");
    expect((await save(first)).status()).toBe(200);

    const refused = second.waitForResponse((response) => response.request().method() === "PATCH");
    await second.getByRole("button", { name: "Сохранить", exact: true }).click();
    expect((await refused).status()).toBe(409);
    const conflict = second.getByRole("table", { name: /другой пользователь/ });
    await expect(conflict).toBeVisible();
    await expect(conflict.getByRole("row", { name: /Условия поставки/ })).toContainText("FCA Naushki");
    await expect(conflict.getByRole("row", { name: /Примечания/ })).toContainText("изменено обоими");
    await second.screenshot({ path: testInfo.outputPath("order-conflict-ru.png") });

    await second.getByRole("button", { name: "Оставить мои правки" }).click();
    await expect(second.getByRole("textbox", { name: "Условия поставки" })).toHaveValue("FCA Naushki");
    await expect(second.getByRole("textbox", { name: "Номер заявки клиента" })).toHaveValue("MINE-2");
    await expect(second.getByRole("textbox", { name: "Примечания" })).toHaveValue("Mine");
    const saved = await save(second, "Сохранить" as "Save");
    expect(saved.status()).toBe(200);
    expect(await saved.json()).toMatchObject({
      delivery_terms: "FCA Naushki",
      customer_order_number: "MINE-2",
      notes: "Mine",
    });
  });
  for (const locale of ["ru", "en"] as const) {
    test(`the form and its popups in ${locale === "ru" ? "Russian" : "English"}`, async ({
      browser,
      request,
    }, testInfo) => {
      test.setTimeout(180_000);
      // A read-only order with a container, and an editable one (a draft)
      const { id: orderId } = await buildOrder(request, "approved");
      await (await apiAs(request, "client")).post("/tracking/api/containers/", {
        freight_order: orderId,
        container: CONTAINER,
      });
      const { id: copyId } = await buildOrder(request, "draft");
      const page = await signedInPage(browser, "client", locale);
      const shot = async (name: string) => {
        await page.waitForTimeout(400);
        await page.screenshot({ path: testInfo.outputPath(`order-${name}-${locale}.png`) });
      };
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.goto(`/freight-orders/${orderId}`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(String(orderId), {
        timeout: 20_000,
      });
      await shot("read-only-1366");
      await scrollToGrids(page, locale === "ru" ? "Документы" : "Documents");
      await expect(page.locator("tbody tr").filter({ hasText: CONTAINER })).toBeVisible({
        timeout: 15_000,
      });
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await shot("grids-1366");
      await page.getByRole("button", { name: locale === "ru" ? "История" : "History" }).click();
      await expect(page.getByRole("dialog").locator("tbody tr").first()).toBeVisible();
      await shot("history");
      // Esc closes every popup
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();

      // An editable order (a draft): the popups of its fields
      await page.goto(`/freight-orders/${copyId}`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(String(copyId), {
        timeout: 20_000,
      });
      await shot("edit-1366");
      await page
        .getByRole("button", { name: locale === "ru" ? "Справочник" : "Directory" })
        .first()
        .click();
      await expect(page.getByRole("dialog").locator("tbody tr").first()).toBeVisible();
      await shot("directory");
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();
      await page
        .getByRole("button", {
          name: locale === "ru" ? "Прежние описания груза" : "Earlier freight descriptions",
        })
        .click();
      await expect(page.getByRole("dialog").getByRole("button").first()).toBeVisible();
      await shot("suggestions");
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();
      await page.getByRole("button", { name: locale === "ru" ? "Добавить услугу" : "Add service" }).click();
      await expect(page.getByRole("dialog").getByRole("checkbox").first()).toBeVisible();
      await shot("services");
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();

      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/add-freight-order");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 20_000 });
      await shot("new-390");
      await page
        .getByRole("button", { name: locale === "ru" ? "Справочник" : "Directory" })
        .first()
        .click();
      await expect(page.getByRole("dialog").locator("tbody tr").first()).toBeVisible();
      await shot("directory-390");
    });
  }
});

test("a lookup offers only rows that match the text typed, also while its search waits for the pause", async ({
  page,
}) => {
  await useLocale(page, "en");
  await signIn(page, "client");
  await page.goto("/add-freight-order");
  const etsng = page.getByRole("combobox", { name: "ETSNG code" });
  await expect(etsng).toBeVisible({ timeout: 20_000 });
  await etsng.click();
  // The open list shows the book's first page (wheat among it) …
  await expect(page.getByRole("option", { name: /^011005/ })).toBeVisible();
  await etsng.fill("пиломатериал");
  // … which must not stay on offer for the new text while its search waits (a pick would write wheat)
  expect(
    await page
      .getByRole("option")
      .filter({ hasNotText: /пиломатериал/i })
      .count(),
  ).toBe(0);
  await page.getByRole("option", { name: /^091008 Пиломатериалы$/ }).click();
  await expect(page.getByRole("textbox", { name: "Freight description" })).toHaveValue(
    /^ETSNG: 091008 Пиломатериалы/,
  );
});
