import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { containerCheckDigit } from "@portal/domain";
import {
  buildContainer,
  CONTAINERS,
  type ContainerAnswer,
  firstContainer,
  openContainer,
} from "./containers-support";
import { buildOrder } from "./order-form-support";
import { apiAs, bodyRows, DEMO_PASSWORD, ORDERS, signedInPage, signIn, useLocale } from "./support";

// The containers' screens at work (spec 02 §2): the list marks numbers failing ISO 6346 and opens a container; a
// manager sets its track dates; a client reads a container their order's status keeps them from changing; a client
// of another company finds nothing at its address; the order's containers grid opens a container.

test.describe("containers", () => {
  test.beforeEach(async ({ page }) => {
    await useLocale(page, "en");
  });

  test("the list marks a number failing ISO 6346, and a double-click opens the container", async ({
    page,
    request,
  }) => {
    // Numbers of the test's own: other tests add containers of shared numbers meanwhile
    const mistyped = await buildContainer(request, ownNumber("wrong"));
    const valid = await buildContainer(request, ownNumber("right"));
    await signIn(page, "manager");
    // The header's link leads there
    await page.getByRole("link", { name: "Containers" }).first().click();
    await expect(bodyRows(page).first()).toBeVisible({ timeout: 20_000 });

    const search = page.getByRole("textbox", { name: "Search in the table" });
    /** Searches the list and waits for the list's answer, so that the rows are the search's. */
    const searchFor = async (text: string) => {
      const answered = page.waitForResponse(
        (answer) =>
          new URL(answer.url()).pathname === CONTAINERS &&
          new URL(answer.url()).searchParams.get("search") === text,
      );
      await search.fill(text);
      await answered;
    };
    await searchFor(mistyped.container);
    const row = bodyRows(page).filter({ hasText: mistyped.container });
    await expect(row).toHaveCount(1);
    await expect(row.locator("[data-invalid-number]")).toHaveText(mistyped.container);
    // A valid number carries no mark
    await searchFor(valid.container);
    const validRow = bodyRows(page).filter({ hasText: valid.container });
    await expect(validRow).toHaveCount(1);
    await expect(validRow.locator("[data-invalid-number]")).toHaveCount(0);

    await validRow.getByText(valid.container, { exact: true }).dblclick();
    await expect(page).toHaveURL(new RegExp(`/containers/${valid.id}$`));
    await expect(page.locator('input[name="container"]')).toHaveValue(valid.container);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Container ${valid.container}`);
  });

  test("a manager sets track dates and saves them with Ctrl+S", async ({ page, request }) => {
    const container = await buildContainer(request);
    await signIn(page, "manager", null);
    await openContainer(page, container.id);
    await expect(page.locator("#field-freight_order")).toHaveValue(/^N\d+ ООО «Сибирский лес»/);

    await page.locator('input[name="arrival_at_border_date"]').fill("2026-05-04");
    await page.locator('input[name="railway_accept_date"]').fill("2026-05-06");
    const saved = page.waitForResponse(
      (answer) =>
        answer.url().endsWith(`${CONTAINERS}${container.id}/`) && answer.request().method() === "PATCH",
    );
    await page.keyboard.press("Control+s");
    expect((await saved).status()).toBe(200);
    await expect(page.getByText("The container is saved")).toBeVisible();

    const stored = await (await apiAs(request, "manager")).get<Record<string, unknown>>(
      `${CONTAINERS}${container.id}/`,
    );
    expect(stored).toMatchObject({ arrival_at_border_date: "2026-05-04", railway_accept_date: "2026-05-06" });
    // Nothing left to save
    await expect(page.getByRole("button", { name: "Save", exact: true })).toBeDisabled();
  });

  test("a manager's save after someone else's shows both changes, then saves the manager's on top of the new version", async ({
    page,
    request,
  }) => {
    const container = await buildContainer(request, "MSKU6011672");
    await signIn(page, "manager", null);
    await openContainer(page, container.id);
    // The user starts editing: the form no longer follows the stored container
    await page.locator('input[name="railway_transport_number"]').fill("КП 1205");

    const headers = { Authorization: `JWT ${await accessToken(request, "head")}` };
    const theirs = await request.patch(`${CONTAINERS}${container.id}/`, {
      headers,
      data: { railwaybill_number: "ЭЖ482344", version: container.version },
    });
    expect(theirs.status()).toBe(200);

    await page.getByRole("button", { name: "Save", exact: true }).click();
    const conflict = page.getByRole("table", {
      name: "Someone else saved this record while you were editing it",
    });
    await expect(conflict).toBeVisible();
    await expect(conflict.getByRole("row", { name: /Railway bill/ })).toContainText("ЭЖ482344");
    await expect(conflict.getByRole("row", { name: /Train number/ })).toContainText("КП 1205");
    await page.getByRole("button", { name: "Keep my edits" }).click();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("The container is saved")).toBeVisible();
    const stored = await (await apiAs(request, "manager")).get<Record<string, unknown>>(
      `${CONTAINERS}${container.id}/`,
    );
    expect(stored).toMatchObject({ railway_transport_number: "КП 1205", railwaybill_number: "ЭЖ482344" });
  });

  test("a manager's track dates show as tracking events", async ({ page, request }) => {
    const container = await buildContainer(request, "MSKU6011672");
    const manager = await apiAs(request, "manager");
    const tracking = `${ORDERS}${container.freight_order}/containers/${container.id}/tracking/`;

    await signIn(page, "manager", null);
    await openContainer(page, container.id);
    await page.locator('input[name="arrival_at_border_date"]').fill("2026-05-04");
    await page.locator('input[name="railway_loading_date"]').fill("2026-05-07");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("The container is saved")).toBeVisible();

    // The side column's events, newest first (contract trackingAnswer): each track date is one event on its day
    const events = page.getByRole("region", { name: "Tracking history" });
    const loaded = events.locator("table tbody tr").filter({ hasText: "Loaded on a wagon" });
    await expect(loaded).toContainText("2026-05-07");
    const arrived = events.locator("table tbody tr").filter({ hasText: "Arrived at the border" });
    await expect(arrived).toContainText("2026-05-04");
    const answer = await manager.get<{ results: { event_code: string; date: string }[] }>(tracking);
    const milestones = answer.results.filter((event) =>
      ["loaded_on_wagon", "arrived_at_border"].includes(event.event_code),
    );
    expect(milestones).toEqual([
      expect.objectContaining({ event_code: "loaded_on_wagon", date: "2026-05-07" }),
      expect.objectContaining({ event_code: "arrived_at_border", date: "2026-05-04" }),
    ]);
  });

  test("a client adds a container to their draft order, sending only the fields filled in", async ({
    page,
    request,
  }) => {
    const order = await buildOrder(request, "draft");
    await signIn(page, "client", `/add-container?order=${order.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("New container");
    await expect(page.getByRole("combobox", { name: "Order" })).toHaveValue(
      new RegExp(`^N${order.id} ООО «Сибирский лес» \\(`),
    );
    // The sections only the server fills are not there yet
    await expect(page.getByRole("region", { name: "Package for customs" })).toHaveCount(0);
    await page.locator('input[name="container"]').fill("csqu3054383");
    await page.locator('input[name="railway_transport_number"]').fill("КП 1205");

    const posted = page.waitForRequest((sent) => sent.url().endsWith(CONTAINERS) && sent.method() === "POST");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    const body = (await posted).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      container: "CSQU3054383",
      freight_order: order.id,
      railway_transport_number: "КП 1205",
    });
    for (const empty of ["location", "railwaybill_number", "arrival_at_border_date", "td_number"])
      expect(body, empty).not.toHaveProperty(empty);
    await expect(page).toHaveURL(/\/containers\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Container CSQU3054383");
  });

  test("a manager is told when a number is on another active order; the order itself refuses it twice", async ({
    page,
    request,
  }) => {
    // A number of this test's own: other tests' containers are on the same demo orders
    const number = `ZZZU${String(Date.now() % 10_000_000).padStart(7, "0")}`;
    const first = await buildContainer(request, number);
    await signIn(page, "manager", `/add-container?order=${first.freight_order}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("New container");
    const field = page.locator('input[name="container"]');
    await field.fill(number);
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page.locator("#field-container-helper-text")).toHaveText(
      `The order already has container ${number}`,
    );
    // On another order the number is taken, with a word of where else it is
    const other = await buildOrder(request, "approved");
    await page.goto(`/add-container?order=${other.id}`);
    await page.locator('input[name="container"]').fill(number);
    // (after the word that this made-up number fails ISO 6346)
    await expect(page.locator("#field-container-helper-text")).toContainText(
      `Also on active order N${first.freight_order} (ООО «Сибирский лес»)`,
    );
  });

  test("a new container without its number and order says so under each field, and sends nothing", async ({
    page,
  }) => {
    await signIn(page, "client", "/add-container");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("New container");
    let sent = false;
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith(CONTAINERS)) sent = true;
    });
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page.locator("#field-container-helper-text")).toHaveText("The field is required");
    await expect(page.locator('input[name="container"]')).toBeFocused();
    await expect(page.getByRole("combobox", { name: "Order" })).toHaveAttribute("aria-invalid", "true");
    expect(sent).toBe(false);
  });

  test("a client reads a container of an order in progress: every field read-only, no Save", async ({
    page,
    request,
  }) => {
    // In progress (6): its status does not let clients change containers
    const container = await firstContainer(request, "client", "freight_order_status=6");
    await signIn(page, "client", null);
    await openContainer(page, container.id);
    await expect(page.getByText("Read only", { exact: true })).toBeVisible();
    const inputs = page
      .locator("form")
      .locator("input:not([aria-hidden=true]), textarea:not([aria-hidden=true])");
    expect(await inputs.count()).toBeGreaterThan(20);
    for (const input of await inputs.all()) await expect(input).not.toBeEditable();
    await expect(page.getByRole("button", { name: "Save", exact: true })).toHaveCount(0);
    // The administrators' block is not theirs to see
    await expect(page.getByRole("region", { name: "Administration" })).toHaveCount(0);
  });

  test("a client of another company finds nothing at a container's address", async ({ browser, request }) => {
    const container = await firstContainer(request, "client", "is_number_valid=true");
    const page = await signedInPage(browser, "client3", "en", `/containers/${container.id}`);
    await expect(page.getByText("Container not found")).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('input[name="container"]')).toHaveCount(0);
    await page.getByRole("link", { name: "Back to the containers" }).click();
    await expect(page).toHaveURL(/\/containers$/);
    await page.context().close();
  });

  test("the order's containers grid opens a container on a double-click and on Enter", async ({
    page,
    request,
  }) => {
    // The order's page loads its form, then its two grids when scrolled to: slow on a busy machine
    test.slow();
    const container = await buildContainer(request, "TGHU8826357");
    await signIn(page, "client", null);
    const row = await orderContainerRow(page, container);
    await row.getByText(container.container, { exact: true }).dblclick();
    await expect(page).toHaveURL(new RegExp(`/containers/${container.id}$`));
    await expect(page.locator('input[name="container"]')).toHaveValue(container.container);

    const again = await orderContainerRow(page, container);
    await again.locator("td").filter({ hasText: container.container }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/containers/${container.id}$`));
  });
});

/** Opens the container's order and scrolls to its containers grid (it loads when scrolled to): the container's row. */
async function orderContainerRow(page: Page, container: ContainerAnswer) {
  await page.goto(`/freight-orders/${container.freight_order}`);
  const row = page
    .getByRole("region", { name: "Containers", exact: true })
    .locator("table tbody tr")
    .filter({ hasText: container.container });
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(row).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  return row;
}

/** A user's access token, for a raw call whose status the test reads itself. */
async function accessToken(request: APIRequestContext, username: string) {
  const answer = await request.post("/api/token/", { data: { username, password: DEMO_PASSWORD } });
  return ((await answer.json()) as { access: string }).access;
}

/** A container number no other test writes: a serial of this run's, with its right check digit or a wrong one. */
function ownNumber(check: "right" | "wrong"): string {
  const firstTen = `TSTU${String(Date.now() + Math.floor(Math.random() * 1e6)).slice(-6)}`;
  const digit = containerCheckDigit(firstTen) ?? 0;
  return `${firstTen}${check === "right" ? digit : (digit + 1) % 10}`;
}
