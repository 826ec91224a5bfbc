import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { en } from "@portal/domain/labels/en";
import { ru } from "@portal/domain/labels/ru";
import { apiAs, bodyRows, ORDERS, type OrderAnswer, signIn, useLocale } from "./support";

// The manuals' screenshots (apps/web/public/manual/<language>/<section id>.png, shown by /help and /help/internal):
// taken from the demo data of a fresh database, written only when UPDATE_MANUAL_SCREENSHOTS=1
// (`npm run manual:screenshots -w e2e`), so that the suite's runs never change the repository's files; manual.spec.ts
// checks in every run that the manuals show them (docs/decisions.md, "Demo data, admin area and help").

const UPDATE = process.env.UPDATE_MANUAL_SCREENSHOTS === "1";
const FOLDER = path.resolve(import.meta.dirname, "../../apps/web/public/manual");
const LOCALES = path.resolve(import.meta.dirname, "../../apps/web/src/i18n/locales");
const LABELS = { ru, en } as const;
/** The app bar's height and a little air above a region scrolled to. */
const HEADER = 64;
const PAD = 8;

type Language = "ru" | "en";
type Box = { x: number; y: number; width: number; height: number };

test.skip(!UPDATE, "writes the manuals' screenshots only with UPDATE_MANUAL_SCREENSHOTS=1");
// A laptop's width: the pages' desktop layout, at a size the manual's column shows almost as it is
test.use({ viewport: { width: 1024, height: 1100 }, deviceScaleFactor: 1 });

/** A text of one of the web app's catalogs, by its dotted key. */
function word(language: Language, namespace: string, key: string): string {
  const catalog: unknown = JSON.parse(
    readFileSync(path.join(LOCALES, language, `${namespace}.json`), "utf8"),
  );
  const text = key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalog);
  if (typeof text !== "string") throw new Error(`No text ${language}/${namespace}:${key}`);
  return text;
}

/** A region of a form under its heading (the forms' sections are labelled regions). */
const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

/** Scrolls the element to the top of the window, under the header, and answers its box in the window. */
async function boxOf(locator: Locator): Promise<Box> {
  await locator.evaluate((element, header) => {
    window.scrollTo(0, Math.max(0, element.getBoundingClientRect().top + window.scrollY - header));
  }, HEADER);
  return boxIn(locator);
}

/** The element's box in the window, where it is now. */
async function boxIn(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("The element is not shown");
  return box;
}

/** The smallest box holding the others. */
function union(...boxes: Box[]): Box {
  const left = Math.min(...boxes.map((box) => box.x));
  const top = Math.min(...boxes.map((box) => box.y));
  const right = Math.max(...boxes.map((box) => box.x + box.width));
  const bottom = Math.max(...boxes.map((box) => box.y + box.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** Writes the window's part within `box` (padded, at most `maxHeight` tall) as the section's screenshot. */
async function shoot(page: Page, language: Language, id: string, box: Box, maxHeight = 900) {
  // No focus ring, caret or hover in the picture
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.move(0, 0);
  await page.evaluate(() => document.fonts.ready);
  const viewport = page.viewportSize() ?? { width: 1024, height: 1100 };
  const x = Math.max(0, Math.floor(box.x - PAD));
  const y = Math.max(0, Math.floor(box.y - PAD));
  const clip = {
    x,
    y,
    width: Math.min(viewport.width - x, Math.ceil(box.width + 2 * PAD)),
    height: Math.min(viewport.height - y, Math.ceil(box.height + 2 * PAD), maxHeight),
  };
  mkdirSync(path.join(FOLDER, language), { recursive: true });
  await page.screenshot({
    path: path.join(FOLDER, language, `${id}.png`),
    clip,
    animations: "disabled",
    caret: "hide",
  });
}

/** The page's main area from its top, at most `height` tall. */
async function top(page: Page, height: number): Promise<Box> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await page.locator("main").boundingBox();
  if (!box) throw new Error("No main area");
  // Inside the padding `shoot` adds, so that no strip of the header shows
  return { x: box.x + PAD, y: box.y + PAD, width: box.width - 2 * PAD, height: Math.min(box.height, height) };
}

/** A demo order of the user's in the status, and its containers. */
async function demoOrder(page: Page, username: string, status: number) {
  const api = await apiAs(page.request, username);
  const orders = await api.get<{ results: OrderAnswer[] }>(`${ORDERS}?take=100&ordering=-id`);
  const order = orders.results.find((one) => one.status === status);
  if (!order) throw new Error(`${username} has no demo order in status ${status}`);
  const containers = await api.get<{ results: { id: number; pkg_state: string | null }[] }>(
    `${ORDERS}${order.id}/containers/`,
  );
  return { order, containers: containers.results };
}

for (const language of ["ru", "en"] as const) {
  const labels = LABELS[language];
  const orderSection = (page: Page, name: keyof typeof labels.freight_order.sections) =>
    region(page, labels.freight_order.sections[name]);
  const containerSection = (page: Page, name: keyof typeof labels.container.sections) =>
    region(page, labels.container.sections[name]);

  test.describe(`the manuals' screenshots in ${language}`, () => {
    test.beforeEach(async ({ page }) => {
      await useLocale(page, language);
    });

    test("of the users' manual, as a client", async ({ page }) => {
      test.setTimeout(180_000);
      await page.goto("/sign-in");
      const form = page.locator("form");
      await expect(form.locator('input[name="username"]')).toBeVisible();
      await shoot(page, language, "sign-in", await boxOf(form));

      await signIn(page, "client", "/dashboard");
      await expect(page.getByText(word(language, "dashboard", "waiting.title"))).toBeVisible();
      await expect(page.getByText(word(language, "dashboard", "waiting.orders_to_correct"))).toBeVisible();
      await shoot(page, language, "dashboard", await top(page, 330));

      await page.goto("/freight-orders");
      await expect(bodyRows(page).first()).toBeVisible();
      await shoot(page, language, "orders-list", await top(page, 320));

      const draft = await demoOrder(page, "client", 1);
      await page.goto(`/freight-orders/${draft.order.id}`);
      await expect(orderSection(page, "route")).toBeVisible();
      await shoot(page, language, "order-form", await top(page, 480));
      await shoot(page, language, "order-workflow", await boxOf(orderSection(page, "status")));

      const signed = await demoOrder(page, "client", 5);
      await page.goto(`/freight-orders/${signed.order.id}`);
      const documents = region(page, word(language, "orderForm", "sections.documents"));
      await documents.scrollIntoViewIfNeeded();
      await expect(documents.locator("tbody tr").first()).toBeVisible();
      await shoot(page, language, "order-documents", await boxOf(documents));
      const containers = region(page, word(language, "orderForm", "sections.containers"));
      await containers.scrollIntoViewIfNeeded();
      await expect(containers.locator("tbody tr").first()).toBeVisible();
      await shoot(page, language, "order-containers", await boxOf(containers));

      const accepted = signed.containers.find((container) => container.pkg_state === "accepted");
      if (!accepted) throw new Error("The signed demo order has no accepted package");
      await page.goto(`/containers/${accepted.id}`);
      await expect(page.getByText(word(language, "containers", "tracking.title"))).toBeVisible();
      await expect(page.locator("table tbody tr").first()).toBeVisible();
      await shoot(page, language, "container-page", await top(page, 480));
      const packageBox = await boxOf(containerSection(page, "package"));
      await shoot(
        page,
        language,
        "packages",
        union(packageBox, await boxIn(containerSection(page, "customs"))),
      );

      const bell = page.getByTestId("notification-bell");
      await bell.click();
      const popover = page.locator(".MuiPopover-paper");
      await expect(popover.getByRole("menuitem").first()).toBeVisible();
      const bellBox = await bell.boundingBox();
      const popoverBox = await popover.boundingBox();
      if (!bellBox || !popoverBox) throw new Error("No bell or popover");
      await shoot(page, language, "bell", union(bellBox, popoverBox));
      await page.keyboard.press("Escape");

      await page.goto("/profile");
      const mail = page
        .locator(".MuiPaper-root")
        .filter({ has: page.getByText(word(language, "profile", "mail.title"), { exact: true }) })
        .last();
      await expect(mail.getByRole("checkbox").first()).toBeVisible();
      await shoot(page, language, "mail-settings", await boxOf(mail));

      await page.goto("/monitoring");
      await expect(bodyRows(page).first()).toBeVisible();
      await shoot(page, language, "monitoring", await top(page, 330));

      await page.goto("/export-tasks");
      await expect(page.getByRole("button", { name: word(language, "exports", "run") })).toBeVisible();
      await shoot(page, language, "export", await top(page, 250));
    });

    test("of the staff's manual, as an administrator", async ({ page }) => {
      test.setTimeout(180_000);
      await signIn(page, "admin", "/profiles");
      await page.getByRole("button", { name: word(language, "profiles", "pendingOnly") }).click();
      await expect(bodyRows(page).first()).toBeVisible();
      await shoot(page, language, "profiles-grid", await top(page, 300));

      const approved = await demoOrder(page, "admin", 2);
      await page.goto(`/freight-orders/${approved.order.id}`);
      await expect(orderSection(page, "costs")).toBeVisible();
      await shoot(
        page,
        language,
        "costs",
        union(await boxOf(orderSection(page, "costs")), await boxIn(orderSection(page, "status"))),
        520,
      );

      const container = approved.containers[0];
      if (!container) throw new Error("The approved demo order has no container");
      await page.goto(`/containers/${container.id}`);
      const admin = containerSection(page, "admin");
      await expect(admin).toBeVisible();
      await shoot(page, language, "staff-containers", await boxOf(admin));

      await page.goto("/companies");
      await expect(bodyRows(page).first()).toBeVisible();
      await shoot(page, language, "companies-grid", await top(page, 300));

      // The client's company: the demo's one with a price list
      const { order } = await demoOrder(page, "client", 1);
      const companies = await (await apiAs(page.request, "admin")).get<{
        results: { id: number; name: string }[];
      }>("/profile/api/companies/?take=100");
      const company = companies.results.find((one) => one.name === order.company_name);
      if (!company) throw new Error("No company of the client's demo order");
      await page.goto(`/company/edit/${company.id}`);
      // Its people: the employees' and the managers' grids below the company's fields
      const employees = page.getByText(word(language, "companies", "employees.title"), { exact: true });
      await expect(
        page.getByText(word(language, "companies", "managers.title"), { exact: true }),
      ).toBeVisible();
      await expect(page.locator("table tbody tr").first()).toBeVisible();
      const main = await top(page, 0);
      const heading = await boxOf(employees);
      await shoot(page, language, "company-page", { ...main, y: heading.y, height: 470 });

      await page.goto(`/company-services/${company.id}`);
      await expect(bodyRows(page).first()).toBeVisible();
      await shoot(page, language, "price-lists", await top(page, 340));

      await page.goto("/services");
      await expect(bodyRows(page).first()).toBeVisible();
      await shoot(page, language, "dictionaries", await top(page, 290));

      await page.goto("/mail-outbox");
      await expect(bodyRows(page).first()).toBeVisible();
      await shoot(page, language, "mail-outbox", await top(page, 330));
    });
  });
}
