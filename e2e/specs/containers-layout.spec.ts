import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import {
  CONTAINERS,
  type ContainerAnswer,
  firstContainer,
  openContainer,
  openContainers,
  uploadTypedDocuments,
} from "./containers-support";
import { buildOrder, PDF } from "./order-form-support";
import { apiAs, bodyRows, ORDERS, type OrderAnswer, overflow, signIn, useLocale } from "./support";

/** The status of a signed order (the workflow's data, docs/api.md). */
const SIGNED = 5;

// The containers' list and form laid out in each language: a manager's at 1366 px, a client's on a 390 px phone,
// nothing wider than the screen, and no serious axe violation.

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

    test("a manager's list fits 1366 px with its default columns", async ({ page }) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      await signIn(page, "manager", null);
      await openContainers(page);
      await expect(bodyRows(page).nth(10)).toBeVisible();
      expect(await overflow(page)).toEqual({ page: 0, grid: 0 });
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("a client's list on a 390 px phone shows the number, the order's status and the package", async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, "client", null);
      await openContainers(page);
      expect(await overflow(page)).toEqual({ page: 0, grid: 0 });
      const headers = (await page.locator("table thead th").allTextContents()).map((text) => text.trim());
      const names =
        locale === "ru"
          ? ["Номер контейнера", "Статус заявки", "Состояние пакета"]
          : ["Container number", "Order status", "Package state"];
      expect(headers.slice(1).map((text) => names.find((name) => text.startsWith(name)))).toEqual(names);
    });

    test("a manager's form at 1366 px: every section, the side column beside it", async ({
      page,
      request,
    }) => {
      const container = await firstContainer(request, "admin", "pkg_state=accepted");
      await page.setViewportSize({ width: 1366, height: 768 });
      await signIn(page, "admin", null);
      await openContainer(page, container.id);
      expect((await overflow(page)).page).toBe(0);
      for (const section of locale === "ru"
        ? ["Ж/д перевозка", "Даты перевозки", "Таможенное оформление", "Администрирование"]
        : ["Railway transport", "Track dates", "Customs declaration", "Administration"])
        await expect(page.getByRole("region", { name: section })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("a client's read-only form on a 390 px phone", async ({ page, request }) => {
      const container = await firstContainer(request, "client", "freight_order_status=6");
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, "client", null);
      await openContainer(page, container.id);
      await expect(page.getByText(readOnly, { exact: true })).toBeVisible();
      expect((await overflow(page)).page).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("a new container's form", async ({ page }) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      await signIn(page, "client", "/add-container");
      await expect(page.locator('input[name="container"]')).toBeVisible({ timeout: 20_000 });
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

test("the side column shows the container's tracking events and its package's labels", async ({
  page,
  request,
}) => {
  // A container of the test's own with an event of each kind: a track date's (in the past: the oldest), the customs
  // system's answer to its package (with its labels), and its order's status changes (signed, with its document)
  const order = await buildOrder(request, "approved");
  const client = await apiAs(request, "client");
  const manager = await apiAs(request, "manager");
  const container = await manager.post<ContainerAnswer>(CONTAINERS, {
    container: "TGHU8835720",
    freight_order: order.id,
    arrival_at_border_date: "2024-05-04",
  });
  const documents = await uploadTypedDocuments(request, order.id, [
    ["invoice-7.pdf", "Commercial invoice"],
    ["smgs-7.pdf", "SMGS railway consignment note"],
  ]);
  await client.patch(`${ORDERS}${order.id}/containers/`, {
    container: container.id,
    package_content: documents,
  });
  const signed = await client.upload<{ id: number }>(`${ORDERS}${order.id}/sign/`, {
    ...PDF,
    name: "signed-order.pdf",
  });
  await client.change(await client.get<OrderAnswer>(`${ORDERS}${order.id}/`), {
    status: SIGNED,
    sign_file_id: signed.id,
    status_comment: "Signed by the director",
  });
  // The customs simulator decides within seconds (playwright.config.ts)
  await expect
    .poll(async () => (await manager.get<ContainerAnswer>(`${CONTAINERS}${container.id}/`)).pkg_state, {
      timeout: 30_000,
    })
    .toBe("accepted");

  await useLocale(page, "en");
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, "manager", null);
  await openContainer(page, container.id);

  const events = page.getByRole("region", { name: "Tracking history" }).locator("table tbody tr");
  // An event by its code's name, with the system's message; a status change by the status, its comment and document
  await expect(events.filter({ hasText: "Package accepted" })).toContainText(
    /Транзитная декларация .+ зарегистрирована/,
  );
  const signing = events.filter({ hasText: "Signed by the director" });
  await expect(signing).toContainText("Signed");
  await expect(signing.getByRole("button", { name: "signed-order.pdf" })).toBeVisible();
  // Newest first, as the API answers them: the track date in the past is the oldest
  await expect(events.last()).toContainText("Arrived at the border");
  await expect(events.last()).toContainText("2024-05-04");

  const labels = page.getByRole("list", { name: "Customs system labels" }).getByRole("listitem");
  await expect(labels).toHaveText([/Выпуск разрешён/, /Назначен таможенный досмотр/]);
  // Each in its colour, its text in the colour that reads on it: white on the dark green, black on the orange
  await expect(labels.nth(0)).toHaveCSS("background-color", "rgb(46, 125, 50)");
  await expect(labels.nth(0)).toHaveCSS("color", "rgb(255, 255, 255)");
  await expect(labels.nth(1)).toHaveCSS("background-color", "rgb(239, 108, 0)");
  await expect(labels.nth(1)).toHaveCSS("color", "rgb(0, 0, 0)");
  expect(await seriousViolations(page)).toEqual([]);
});
