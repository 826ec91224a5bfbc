import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { firstContainer, openContainer, openContainers } from "./containers-support";
import { bodyRows, overflow, signIn, useLocale } from "./support";

// The containers' list and form laid out in each language: a manager's at 1366 px, a client's on a 390 px phone,
// with screenshots to look at, and no serious axe violation.

/** Violations axe rates serious or critical on the page as it is now. */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(" ")) }));
}

for (const locale of ["ru", "en"] as const) {
  test.describe(`containers layout (${locale})`, () => {
    const readOnly = locale === "ru" ? "Только просмотр" : "Read only";

    test.beforeEach(async ({ page }) => {
      await useLocale(page, locale);
    });

    test("a manager's list fits 1366 px with its default columns", async ({ page }, testInfo) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      await signIn(page, "manager");
      await openContainers(page);
      await expect(bodyRows(page).nth(10)).toBeVisible();
      expect(await overflow(page)).toEqual({ page: 0, grid: 0 });
      await page.screenshot({ path: testInfo.outputPath(`containers-${locale}-1366.png`) });
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("a client's list on a 390 px phone shows the number, the order's status and the package", async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, "client");
      await openContainers(page);
      expect(await overflow(page)).toEqual({ page: 0, grid: 0 });
      const headers = (await page.locator("table thead th").allTextContents()).map((text) => text.trim());
      const names =
        locale === "ru"
          ? ["Номер контейнера", "Статус заявки", "Состояние пакета"]
          : ["Container number", "Order status", "Package state"];
      expect(headers.slice(1).map((text) => names.find((name) => text.startsWith(name)))).toEqual(names);
      await page.screenshot({ path: testInfo.outputPath(`containers-${locale}-390.png`) });
    });

    test("a manager's form at 1366 px: every section, the side column beside it", async ({
      page,
      request,
    }, testInfo) => {
      const container = await firstContainer(request, "admin", "pkg_state=accepted");
      await page.setViewportSize({ width: 1366, height: 768 });
      await signIn(page, "admin");
      await openContainer(page, container.id);
      expect((await overflow(page)).page).toBe(0);
      for (const section of locale === "ru"
        ? ["Ж/д перевозка", "Даты перевозки", "Таможенное оформление", "Администрирование"]
        : ["Railway transport", "Track dates", "Customs declaration", "Administration"])
        await expect(page.getByRole("region", { name: section })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`container-${locale}-1366.png`), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("a client's read-only form on a 390 px phone", async ({ page, request }, testInfo) => {
      const container = await firstContainer(request, "client", "freight_order_status=6");
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, "client");
      await openContainer(page, container.id);
      await expect(page.getByText(readOnly, { exact: true })).toBeVisible();
      expect((await overflow(page)).page).toBe(0);
      await page.screenshot({ path: testInfo.outputPath(`container-${locale}-390.png`), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("a new container's form", async ({ page }, testInfo) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      await signIn(page, "client");
      await page.goto("/add-container");
      await expect(page.locator('input[name="container"]')).toBeVisible({ timeout: 20_000 });
      await page.screenshot({
        path: testInfo.outputPath(`container-new-${locale}-1366.png`),
        fullPage: true,
      });
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

// The tracking events and labels as their contracts (packages/domain/src/containers/schemas.ts: trackingAnswer,
// containerLabelsAnswer) give them, answered here by the test: their routes come from another branch of this issue,
// and this checks how the page shows what they will answer.
const TRACKING = {
  results: [
    {
      id: "event-3",
      date: "2026-05-07",
      recorded_at: "2026-05-07T09:00:00Z",
      event_type: "customs",
      event_code: "package_rejected",
      classifier: "ACT",
      source: "customs",
      status: null,
      status_name: "",
      status_desc: "",
      document: null,
      pkg_pid: 27,
      message: "Invoice number does not match the specification",
    },
    {
      id: "event-2",
      date: "2026-05-04",
      recorded_at: "2026-05-04T09:00:00Z",
      event_type: "transport",
      event_code: "arrived_at_border",
      classifier: "ACT",
      source: "portal",
      status: null,
      status_name: "",
      status_desc: "",
      document: null,
      pkg_pid: null,
      message: "",
    },
    {
      id: "order-5",
      date: "2026-05-01",
      recorded_at: "2026-05-01T09:00:00Z",
      event_type: "shipment",
      event_code: "order_status",
      classifier: "ACT",
      source: "portal",
      status: 5,
      status_name: "Signed",
      status_desc: "Signed by the director",
      document: { id: 9, filename: "signed-order.pdf", url: "/tracking/api/freight_orders/1/sign/9" },
      pkg_pid: null,
      message: "",
    },
  ],
};
const LABELS = {
  results: [
    { id: 1, name: "Documents checked", color: "#2e7d32", create_date: "2026-05-06T10:00:00Z" },
    { id: 2, name: "Awaiting inspection", color: "#ffeb3b", create_date: "2026-05-07T10:00:00Z" },
  ],
};

test("the side column shows the tracking events and the labels their contracts give", async ({
  page,
  request,
}, testInfo) => {
  const container = await firstContainer(request, "manager", "pkg_state=accepted");
  await page.route(/\/containers\/\d+\/tracking\/$/, (route) => route.fulfill({ json: TRACKING }));
  await page.route(/\/containers\/\d+\/labels\/$/, (route) => route.fulfill({ json: LABELS }));
  await useLocale(page, "en");
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, "manager");
  await openContainer(page, container.id);

  const events = page.getByRole("region", { name: "Tracking history" }).locator("table tbody tr");
  await expect(events).toHaveCount(3);
  // Newest first, as the API answers them; an event by its code's name, a status change by the status
  await expect(events.nth(0)).toContainText("Package rejected");
  await expect(events.nth(0)).toContainText("Invoice number does not match the specification");
  await expect(events.nth(1)).toContainText("2026-05-04");
  await expect(events.nth(1)).toContainText("Arrived at the border");
  await expect(events.nth(2)).toContainText("Signed");
  await expect(events.nth(2)).toContainText("Signed by the director");
  await expect(events.nth(2).getByRole("button", { name: "signed-order.pdf" })).toBeVisible();

  const labels = page.getByRole("list", { name: "Customs system labels" }).getByRole("listitem");
  await expect(labels).toHaveCount(2);
  await expect(labels.nth(0)).toContainText("Documents checked");
  // Each in its colour, its text in the colour that reads on it
  await expect(labels.nth(0)).toHaveCSS("background-color", "rgb(46, 125, 50)");
  await expect(labels.nth(0)).toHaveCSS("color", "rgb(255, 255, 255)");
  await expect(labels.nth(1)).toHaveCSS("color", "rgb(0, 0, 0)");
  await page.screenshot({ path: testInfo.outputPath("container-en-1366-events.png"), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
});
