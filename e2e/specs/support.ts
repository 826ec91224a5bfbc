import { type APIRequestContext, type APIResponse, type Browser, expect, type Page } from "@playwright/test";

/** The password of every demo account (apps/api/src/db/seed/demo.ts). */
export const DEMO_PASSWORD = "Freight-2026";

/** The interface language each page was opened in (`useLocale`), which its sign-in tells the API. */
const pageLanguages = new WeakMap<Page, "ru" | "en">();

/** Opens the app with a language already chosen, as a returning user would have it. */
export async function useLocale(page: Page, locale: "ru" | "en") {
  pageLanguages.set(page, locale);
  await page.addInitScript((value) => {
    if (!window.localStorage.getItem("locale")) window.localStorage.setItem("locale", value);
  }, locale);
}

/** Fills and submits the sign-in form (the page must be on /sign-in). */
export async function submitSignIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
}

/**
 * Signs `username` in through the API, as the sign-in page does (`POST /api/token/` in the page's language, then
 * `GET me`), stores the session where the web app keeps it, and opens `path` (with `null`, nothing: the test opens
 * its page itself). For the tests whose subject is not the sign-in page (auth.spec.ts tests that): each test gets a
 * session of its own, so that one test's logout or token refresh never ends another's, and no test waits for the
 * sign-in page and the dashboard to draw.
 */
export async function signIn(page: Page, username: string, path: string | null = "/dashboard") {
  const headers = { "Accept-Language": pageLanguages.get(page) ?? "ru" };
  const tokens = await page.request.post("/api/token/", {
    headers,
    data: { username, password: DEMO_PASSWORD },
  });
  expect(tokens.status(), `${username} signs in`).toBe(200);
  const { access, refresh } = (await tokens.json()) as { access: string; refresh: string };
  const me = await page.request.get("/profile/api/users/me/", {
    headers: { ...headers, Authorization: `JWT ${access}` },
  });
  expect(me.status()).toBe(200);
  // The app reads its session from localStorage (apps/web/src/app/session.ts) of its origin: any page of the origin
  // writes it, the health check being the lightest
  const session = { "access-token": access, "refresh-token": refresh, user: await me.text() };
  await page.goto("/api/health/");
  await page.evaluate((items) => {
    for (const [key, value] of Object.entries(items)) window.localStorage.setItem(key, value);
  }, session);
  if (path !== null) await page.goto(path);
}

/**
 * The rows of the page's grid body (data rows, group rows, a row being edited). Not the dashboard charts' tables
 * for screen readers (inside their figures): a grid page opened from the dashboard still shows the dashboard while
 * its code loads, and a wait for any table's rows passed on the charts'.
 */
export function bodyRows(page: Page) {
  return page.locator("table:not(figure table) tbody tr");
}

/**
 * Waits for the web fonts the page has asked for: a page may show its rows before Roboto arrives, and is laid out
 * again with it (wider or narrower text), so a measure of the layout waits for it.
 */
export async function fontsLoaded(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
}

/** How far the page and the grid's body reach past their visible width (0 when they fit), in its fonts. */
export async function overflow(page: Page) {
  await fontsLoaded(page);
  return page.evaluate(() => {
    const container = document.querySelector(".dg-scroll");
    return {
      page: document.documentElement.scrollWidth - window.innerWidth,
      grid: container ? container.scrollWidth - container.clientWidth : -1,
    };
  });
}

/**
 * A page signed in as `username` in a browser context of its own (its own storage: its own session), opened at
 * `path` as `signIn` opens it.
 */
export async function signedInPage(
  browser: Browser,
  username: string,
  locale: "ru" | "en" = "en",
  path: string | null = "/dashboard",
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await useLocale(page, locale);
  await signIn(page, username, path);
  return page;
}

/** The orders' address in the API (docs/api.md, "Shipping orders"). */
export const ORDERS = "/tracking/api/freight_orders/";

/** An order as the API answers it, with what the specs read of it. */
export type OrderAnswer = { id: number; version: number; status: number } & Record<string, unknown>;

/** A file to upload: its name, type and bytes. */
export interface UploadedFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * The API as a demo user (signed in through `POST /api/token/`), for the data a test builds itself instead of
 * using what another test left: orders created and moved, files uploaded, rows read and added. Each call expects
 * its success status and answers the body.
 */
export async function apiAs(request: APIRequestContext, username: string) {
  const answer = await request.post("/api/token/", { data: { username, password: DEMO_PASSWORD } });
  expect(answer.status()).toBe(200);
  const { access } = (await answer.json()) as { access: string };
  const headers = { Authorization: `JWT ${access}` };
  const expected = async <T>(response: APIResponse, status: number): Promise<T> => {
    expect(response.status(), `${response.url()}: ${(await response.text()).slice(0, 300)}`).toBe(status);
    return (await response.json()) as T;
  };
  return {
    create: async (body: Record<string, unknown>) =>
      expected<OrderAnswer>(await request.post(ORDERS, { headers, data: body }), 201),
    /** A change of the order (a move with `status`), based on the version given. */
    change: async (order: OrderAnswer, body: Record<string, unknown>) =>
      expected<OrderAnswer>(
        await request.patch(`${ORDERS}${order.id}/`, { headers, data: { ...body, version: order.version } }),
        200,
      ),
    status: async (id: number) => (await request.get(`${ORDERS}${id}/`, { headers })).status(),
    get: async <T>(path: string) => expected<T>(await request.get(path, { headers }), 200),
    post: async <T>(path: string, body: Record<string, unknown>) =>
      expected<T>(await request.post(path, { headers, data: body }), 201),
    patch: async <T>(path: string, body: Record<string, unknown>) =>
      expected<T>(await request.patch(path, { headers, data: body }), 200),
    /** An upload (`files/`, `sign/`): the file in the form's field `file`. */
    upload: async <T>(path: string, file: UploadedFile) =>
      expected<T>(await request.post(path, { headers, multipart: { file } }), 201),
  };
}

/**
 * A user who signed up and sent their profile to confirmation, made through the API as a browser would; `profile`
 * names the fields of the profile to send instead of these. Their password is the demo accounts' (`signIn` takes
 * them).
 */
export async function pendingApplicant(
  request: APIRequestContext,
  username: string,
  profile: Record<string, string> = {},
) {
  const signedUp = await request.post("/accounts/signup/", {
    data: { username, password: DEMO_PASSWORD, repeatPassword: DEMO_PASSWORD },
  });
  expect(signedUp.status()).toBe(201);
  const tokens = await request.post("/api/token/", { data: { username, password: DEMO_PASSWORD } });
  const { access } = (await tokens.json()) as { access: string };
  const sent = await request.put("/profile/api/users/me/", {
    headers: { Authorization: `JWT ${access}` },
    data: {
      first_name: "Олег",
      last_name: "Зимин",
      phone: "+7 4212 40-50-60",
      email: `${username}@example.ru`,
      status: "pending",
      request_inn: "7707083893",
      request_name: "ООО «Хабаровский склад»",
      ...profile,
    },
  });
  expect(sent.status()).toBe(200);
}
