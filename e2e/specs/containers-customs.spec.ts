import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { CONTAINERS, type ContainerAnswer, uploadTypedDocuments } from "./containers-support";
import { buildOrder, openOrder, region, scrollToGrids } from "./order-form-support";
import { apiAs, signIn, useLocale } from "./support";

// The customs declaration exchange as a client watches it (issue 15): a package made on the order's page goes to the
// customs system (the built-in simulator, deciding in a second in the browser suite) and comes back accepted, with
// its labels and its transit declaration, on the open pages without a reload.

test.describe("customs declaration exchange", () => {
  test("a client's package goes to accepted with its labels without a reload, and its declaration downloads as a PDF and as XML", async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const order = await buildOrder(request, "approved");
    const client = await apiAs(request, "client");
    const container = await client.post<ContainerAnswer>(CONTAINERS, {
      container: "TGHU8835720",
      freight_order: order.id,
    });
    // The two documents a transit declaration is registered on: the invoice and the railway consignment note
    await uploadTypedDocuments(request, order.id, [
      ["invoice-7.pdf", "Commercial invoice"],
      ["smgs-7.pdf", "SMGS railway consignment note"],
    ]);

    await useLocale(page, "en");
    await signIn(page, "client", null);
    await openOrder(page, order.id);
    await scrollToGrids(page);
    // A reload would drop the mark: the page must follow the exchange as it is
    await page.evaluate(() => {
      document.documentElement.dataset.liveMark = "kept";
    });
    const containers = region(page, "Containers");
    const row = containers.locator("tbody tr").filter({ hasText: "TGHU8835720" });
    await row.getByRole("radio").check();
    await containers.getByRole("button", { name: "Create package" }).click();
    const packaging = page.getByRole("dialog", { name: /Document package of container TGHU8835720/ });
    await packaging.getByRole("checkbox", { name: "invoice-7.pdf" }).check();
    await packaging.getByRole("checkbox", { name: "smgs-7.pdf" }).check();
    await packaging.getByRole("button", { name: "Save the package" }).click();
    await expect(packaging).toBeHidden();

    await expect(row).toContainText("Accepted", { timeout: 60_000 });
    await expect(row).toContainText("Выпуск для транзита разрешён");
    expect(await page.evaluate(() => document.documentElement.dataset.liveMark)).toBe("kept");

    // The container's page: the package's labels in their colours, and its declaration as a PDF
    const opened = page.waitForURL(new RegExp(`/containers/${container.id}$`));
    await row.getByText("TGHU8835720").dblclick();
    await opened;
    const labels = page.getByRole("list", { name: "Customs system labels" });
    const released = labels.getByRole("listitem").filter({ hasText: "Выпуск разрешён" });
    await expect(released).toBeVisible({ timeout: 20_000 });
    expect(await released.getAttribute("data-color")).toMatch(/^#[0-9a-f]{6}$/);
    const tdNumber = await page.locator('input[name="td_number"]').inputValue();
    expect(tdNumber).toMatch(/^\d{8}\/\d{6}\/\d{7}$/);
    const history = page.getByRole("region", { name: "Tracking history" });
    await expect(history).toContainText("Package accepted");
    // The customs system's words as it wrote them, marked as its own in the English interface
    await expect(history).toContainText(/Customs: Транзитная декларация \S+ зарегистрирована/);
    await expect(page.getByRole("textbox", { name: "Transit declaration status (customs)" })).toHaveValue(
      "Выпуск для транзита разрешён",
    );

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download the TD as PDF" }).click();
    const file = await download;
    const declaration = await getDocumentProxy(new Uint8Array(readFileSync(await file.path())));
    const { text } = await extractText(declaration, { mergePages: true });
    expect(text).toContain(tdNumber);
    expect(text).toContain("TGHU8835720");
    expect(text).toContain("Transit declaration");

    // Beside it, the declaration's XML (spec 02 §7)
    const xmlDownload = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download the TD as XML" }).click();
    const xml = readFileSync(await (await xmlDownload).path(), "utf8");
    expect(xml).toMatch(/^<\?xml/);
    expect(xml).toContain(tdNumber);
    expect(xml).toContain("TGHU8835720");
  });
});
