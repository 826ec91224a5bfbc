import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { apiAs, ORDERS, type OrderAnswer } from "./support";

// The order form specs' shared steps: an order of the client's built through the API as far as a stage, and the
// form's page opened, saved and scrolled to its grids.

/** The smallest file the API takes as a PDF. */
export const PDF = {
  name: "invoice.pdf",
  mimeType: "application/pdf",
  buffer: Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"),
};

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
export async function buildOrder(
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
export async function crossingId(request: APIRequestContext, name: string): Promise<number> {
  const client = await apiAs(request, "client");
  const query = new URLSearchParams({ search: name, filters: "kind__in=border,port" });
  const page = await client.get<{ results: { id: number; location: string }[] }>(
    `/tracking/api/locations/?${query}`,
  );
  const found = page.results.find((row) => row.location.includes(name));
  if (!found) throw new Error(`no border crossing ${name}`);
  return found.id;
}

export function region(page: Page, name: string): Locator {
  return page.getByRole("region", { name, exact: true });
}

/** Saves the form and waits for the order's answer. */
export async function save(page: Page, button: "Save" | "Create" = "Save") {
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
export async function scrollToGrids(page: Page, documents = "Documents") {
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(region(page, documents)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

export async function openOrder(page: Page, id: number) {
  await page.goto(`/freight-orders/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Shipping order No. ${id}` })).toBeVisible({
    timeout: 20_000,
  });
}
