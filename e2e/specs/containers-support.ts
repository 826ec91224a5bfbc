import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { buildOrder } from "./order-form-support";
import { apiAs, bodyRows, ORDERS } from "./support";

// What the containers' specs share: the containers' address, a container of the test's own, the list opened.

export const CONTAINERS = "/tracking/api/containers/";

/** A container as the API answers it, with what the specs read of it. */
export type ContainerAnswer = {
  id: number;
  container: string;
  freight_order: number;
  version: number;
} & Record<string, unknown>;

/** The first container a user sees matching `filters` (the list's filter language), newest first. */
export async function firstContainer(request: APIRequestContext, username: string, filters: string) {
  const user = await apiAs(request, username);
  const query = new URLSearchParams({ filters, take: "1", ordering: "-id" });
  const page = await user.get<{ results: ContainerAnswer[] }>(`${CONTAINERS}?${query}`);
  const [found] = page.results;
  if (!found) throw new Error(`${username} sees no container with ${filters}`);
  return found;
}

/** A container of the test's own, added by a manager to an approved order of the client's company. */
export async function buildContainer(request: APIRequestContext, number = "TKRU4205174") {
  const order = await buildOrder(request, "approved");
  const manager = await apiAs(request, "manager");
  return manager.post<ContainerAnswer>(CONTAINERS, { container: number, freight_order: order.id });
}

/**
 * Uploads PDFs to the client's order, each with its document type (by its English title): the documents a package is
 * made of. Answers their ids.
 */
export async function uploadTypedDocuments(
  request: APIRequestContext,
  orderId: number,
  documents: [name: string, type: string][],
): Promise<number[]> {
  const client = await apiAs(request, "client");
  const types = await client.get<{ results: { id: number; title_en: string }[] }>(
    "/tracking/api/document-types/?take=1000",
  );
  const ids: number[] = [];
  for (const [name, type] of documents) {
    const typeId = types.results.find((row) => row.title_en === type)?.id;
    if (typeId === undefined) throw new Error(`no document type ${type}`);
    const file = await client.upload<{ id: number; version: number }>(`${ORDERS}${orderId}/files/`, {
      name,
      mimeType: "application/pdf",
      buffer: Buffer.from(`%PDF-1.4\n% ${name}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`),
    });
    await client.patch(`${ORDERS}${orderId}/files/${file.id}/`, {
      document_type: typeId,
      version: file.version,
    });
    ids.push(file.id);
  }
  return ids;
}

/** Opens /containers and waits for its first rows (a grid page's first visit loads its code). */
export async function openContainers(page: Page, query = "") {
  await page.goto(`/containers${query}`);
  await expect(bodyRows(page).first()).toBeVisible({ timeout: 20_000 });
}

/** Opens a container's form and waits for its number. */
export async function openContainer(page: Page, id: number) {
  await page.goto(`/containers/${id}`);
  await expect(page.locator('input[name="container"]')).toBeVisible({ timeout: 20_000 });
}
