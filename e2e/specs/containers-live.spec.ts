import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { buildContainer, CONTAINERS } from "./containers-support";
import { apiAs, DEMO_PASSWORD, signedInPage } from "./support";

// The containers' screens follow changes made elsewhere (issue 15, "Live updates"): the container's page, the
// containers list and the order's containers grid show a container changed through the API without a reload.

/** Opens an address and waits until the page's live stream listens (its answer comes once the API listens). */
async function openListening(page: Page, address: string) {
  const listening = page.waitForResponse((response) => response.url().endsWith("/api/live/"), {
    timeout: 30_000,
  });
  await page.goto(address);
  await listening;
  // A reload would drop the mark: the page must show the change as it is
  await page.evaluate(() => {
    document.documentElement.dataset.liveMark = "kept";
  });
}

async function isStillTheSameDocument(page: Page) {
  expect(await page.evaluate(() => document.documentElement.dataset.liveMark)).toBe("kept");
}

test.describe("containers live", () => {
  test("a container changed elsewhere shows on its page, in the list and in its order's grid without a reload", async ({
    browser,
    request,
  }) => {
    // Three signed-in browsers and an order's page: minutes on a busy machine
    test.slow();
    const container = await buildContainer(request, "CSQU3054383");
    const [form, list, order] = [
      await signedInPage(browser, "client", "en", null),
      await signedInPage(browser, "client", "en", null),
      await signedInPage(browser, "client", "en", null),
    ];
    await openListening(form, `/containers/${container.id}`);
    await expect(form.locator('input[name="location"]')).toHaveValue("");
    // Newest first: the test's container is on the list's first page
    await openListening(list, "/containers");
    await expect(list.locator("table tbody tr").filter({ hasText: container.container }).first()).toBeVisible(
      {
        timeout: 20_000,
      },
    );
    await openListening(order, `/freight-orders/${container.freight_order}`);
    const grid = order.getByRole("region", { name: "Containers", exact: true });
    await expect(async () => {
      await order.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect(grid.locator("table tbody tr").filter({ hasText: container.container })).toBeVisible({
        timeout: 1_000,
      });
    }).toPass({ timeout: 20_000 });

    // A manager changes the number and the location through the API: no page asks again by itself
    const place = `Забайкальск, путь ${Date.now() % 100_000}`;
    const manager = await apiAs(request, "manager");
    const changed = await request.patch(`${CONTAINERS}${container.id}/`, {
      headers: await managerHeaders(request),
      data: { container: "MSKU6011672", location: place, version: container.version },
    });
    expect(changed.status()).toBe(200);
    expect(await manager.get<{ container: string }>(`${CONTAINERS}${container.id}/`)).toMatchObject({
      container: "MSKU6011672",
    });

    await expect(form.locator('input[name="location"]')).toHaveValue(place);
    await expect(list.locator("table tbody tr").filter({ hasText: place })).toContainText("MSKU6011672");
    await expect(grid.locator("table tbody tr").filter({ hasText: "MSKU6011672" })).toBeVisible();
    for (const page of [form, list, order]) {
      await isStillTheSameDocument(page);
      await page.context().close();
    }
  });
});

async function managerHeaders(request: APIRequestContext) {
  const answer = await request.post("/api/token/", {
    data: { username: "manager", password: DEMO_PASSWORD },
  });
  return { Authorization: `JWT ${((await answer.json()) as { access: string }).access}` };
}
