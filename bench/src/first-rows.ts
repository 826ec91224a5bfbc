/**
 * First rows of the grid pages and the filled forms of an order and a container, cold, each as a ratio to its
 * floor: how long a signed-in user waits, from navigation start until the grid's first data row, or the form's
 * values, are on screen, in a fresh browser context (empty cache) each time; and how long a floor page takes to do
 * the same from the same origin, signed in the same way (the tokens in localStorage): the same API call as the
 * portal's page made, drawn as a plain React table (floor/rows.tsx) or as plain inputs (floor/fields.tsx). Page and
 * floor are visited in turn, run after run (the first of the two alternating), so that the machine's load falls on
 * both alike; the ratio of their medians is the figure (issue 29's budgets: a grid 1.3×, a form 1.5×), the
 * milliseconds only say how loaded the machine was. Runs after the load benchmark (`npm run bench`), or alone:
 *
 *   tsx src/first-rows.ts                    builds the web app and the floors into a temporary folder first
 *   BENCH_WEB_DIST_DIR=apps/web/dist …       a copy of an existing build instead (the floors added to the copy)
 *   BENCH_RUNS=7 CHROMIUM_PATH=/usr/bin/chromium
 *   BENCH_SEEDED_DATABASE_URL=postgres://…   the large data set the load benchmark kept (BENCH_KEEP_DATABASE)
 *   BENCH_ROUTES=/freight-orders BENCH_USER=client   other pages, another user (the demo's password); `{order}`
 *                                            and `{container}` stand for the newest the user sees
 *
 * The API runs in this process, on a fresh in-memory database with the demo data unless a seeded database is
 * given; the browser is Chromium through Playwright (the e2e workspace's). The build is precompressed as
 * `npm run build` does it, and the compression the API applies is printed.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext } from "@playwright/test";
import { buildApp } from "../../apps/api/src/app.ts";
import { loadConfig } from "../../apps/api/src/config.ts";
import { openDatabase } from "../../apps/api/src/db/client.ts";
import { seedDemo } from "../../apps/api/src/db/seed/demo.ts";
import { createJobQueue, startJobs } from "../../apps/api/src/jobs/start.ts";
import { createServices } from "../../apps/api/src/modules/services.ts";
import { launchChromium, median } from "./browser.ts";
import { onlyWhole } from "./only.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ROUTES = (
  process.env.BENCH_ROUTES ??
  "/freight-orders,/containers,/monitoring,/reports/terminal-utro,/profiles,/companies," +
    "/freight-orders/{order},/containers/{container}"
).split(",");
/** Issue 29's budgets: a page's median over its floor's; a form opened warm from its list, in ms (a quiet machine). */
const BUDGET = { grid: 1.3, form: 1.5, warmFormMs: 150 };
/** A form's page shows its record once this many of its fields show a value (an order's form has dozens). */
const FORM_FILLED_FIELDS = 3;
const USER = process.env.BENCH_USER ?? "manager";
const SEEDED = process.env.BENCH_SEEDED_DATABASE_URL;
const WEB_DIR = path.resolve(import.meta.dirname, "../../apps/web");
const FLOOR_DIR = path.resolve(import.meta.dirname, "../floor");

/**
 * The web app's build with the floors beside it (rows.html, fields.html, their files in assets/), precompressed:
 * a fresh build, or a copy of the one named by BENCH_WEB_DIST_DIR, in a temporary folder.
 */
function webDist(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-web-"));
  const vite = (args: string[], cwd: string) =>
    execFileSync("npx", ["vite", "build", "--outDir", dir, "--logLevel", "warn", ...args], {
      cwd,
      stdio: "inherit",
    });
  if (process.env.BENCH_WEB_DIST_DIR)
    cpSync(path.resolve(process.env.BENCH_WEB_DIST_DIR), dir, { recursive: true });
  else vite(["--emptyOutDir"], WEB_DIR);
  vite(["--config", path.join(FLOOR_DIR, "pages.vite.config.ts")], FLOOR_DIR);
  execFileSync("node", [path.join(WEB_DIR, "scripts/precompress.mjs"), dir], { stdio: "ignore" });
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

interface SignedIn {
  tokens: { access: string; refresh: string };
  user: unknown;
}

/** A fresh browser context (empty cache), signed in as the spec's client does it: tokens and user in localStorage. */
async function signedInContext(browser: Browser, { tokens, user }: SignedIn): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "ru-RU" });
  await context.addInitScript(
    ({ access, refresh, user }) => {
      localStorage.setItem("access-token", access);
      localStorage.setItem("refresh-token", refresh);
      localStorage.setItem("user", user);
    },
    { access: tokens.access, refresh: tokens.refresh, user: JSON.stringify(user) },
  );
  // Whether a form's page shows its record: enough of its fields hold a value
  await context.addInitScript(() => {
    (window as unknown as { formFilled(filled: number): boolean }).formFilled = (filled) =>
      [...document.querySelectorAll<HTMLInputElement>('input[id^="field-"], textarea[id^="field-"]')].filter(
        (field) => field.value.trim() !== "",
      ).length >= filled;
  });
  return context;
}

/**
 * One cold visit: milliseconds from the navigation's start until the grid shows a row with data, or, on a form's
 * page (`form`), until its fields show the record's values.
 */
async function firstRows(browser: Browser, url: string, signedIn: SignedIn, form: boolean): Promise<number> {
  const context = await signedInContext(browser, signedIn);
  const page = await context.newPage();
  await page.goto(url, { waitUntil: "commit" });
  // performance.now() counts from the navigation's start; checked every frame until a row with data shows.
  const handle = await page.waitForFunction(
    ({ form, filled }) => {
      if (form) {
        return (window as unknown as { formFilled(filled: number): boolean }).formFilled(filled)
          ? performance.now()
          : false;
      }
      const row = document.querySelector("table tbody tr");
      const hasData = row !== null && (row.textContent ?? "").trim() !== "";
      return hasData ? performance.now() : false;
    },
    { form, filled: FORM_FILLED_FIELDS },
    { polling: "raf", timeout: 30_000 },
  );
  const figure = Math.round((await handle.jsonValue()) as number);
  await context.close();
  return figure;
}

/**
 * A form opened warm from its list (`list`: its grid's address): the list shown and one record opened and left
 * before, so that the form's code and catalogs are in; then, `runs` times, milliseconds from the double-click on a
 * row until the form shows the record's values (the next frame painted), back to the list between runs.
 */
async function warmOpens(
  browser: Browser,
  list: string,
  signedIn: SignedIn,
  runs: number,
): Promise<number[]> {
  const context = await signedInContext(browser, signedIn);
  const page = await context.newPage();
  const rows = page.locator("table tbody tr");
  const open = async (row: number) => {
    await rows.first().waitFor({ timeout: 30_000 });
    await page.evaluate(() => {
      (window as unknown as { openedAt: number }).openedAt = performance.now();
    });
    await rows.nth(row).locator("td").nth(2).dblclick();
    const handle = await page.waitForFunction(
      (filled) => {
        const own = window as unknown as { openedAt: number; formFilled(filled: number): boolean };
        if (!own.formFilled(filled)) return false;
        return new Promise<number>((done) =>
          requestAnimationFrame(() => setTimeout(() => done(performance.now() - own.openedAt))),
        );
      },
      FORM_FILLED_FIELDS,
      { polling: "raf", timeout: 30_000 },
    );
    const figure = Math.round((await handle.jsonValue()) as number);
    await page.goBack();
    return figure;
  };
  await page.goto(list);
  await open(0);
  const figures: number[] = [];
  for (let run = 0; run < runs; run++) {
    // Each open from a list at rest, as a user's would be
    await rows.first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(300);
    figures.push(await open(run % 3));
  }
  await context.close();
  return figures;
}

/**
 * The API call a portal's page shows its values from, as the page made it (seen in one visit): a form's record
 * (the address ending in the record's id), or a grid's page of rows (the first call of a page: `skip` and `take`).
 */
async function pageCall(browser: Browser, url: string, signedIn: SignedIn, record?: string): Promise<string> {
  const context = await signedInContext(browser, signedIn);
  const page = await context.newPage();
  const calls: string[] = [];
  page.on("request", (request) => {
    const address = new URL(request.url());
    const isRecord = record !== undefined && address.pathname.endsWith(`/${record}/`) && !address.search;
    const isRows =
      record === undefined && address.searchParams.has("skip") && address.searchParams.has("take");
    if (request.method() === "GET" && address.pathname.includes("/api/") && (isRecord || isRows))
      calls.push(address.pathname + address.search);
  });
  await page.goto(url);
  await page.waitForFunction(() => document.querySelector("table tbody tr, input[id^='field-']"), null, {
    timeout: 30_000,
  });
  await context.close();
  const call = calls[0];
  if (!call) throw new Error(`${url}: no API call of its values seen`);
  return call;
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(" ");

async function main() {
  // BENCH_ONLY=export (or "stack floor") selects a benchmark run after this one alone
  if (onlyWhole) return;
  const web = webDist();
  const database = await openDatabase(SEEDED ? { url: SEEDED } : { poolSize: 4 });
  const browser = await launchChromium();
  try {
    await database.migrate();
    if (!SEEDED) await seedDemo(database.db);
    const config = loadConfig({
      NODE_ENV: "test",
      JWT_SECRET: "bench-secret-bench-secret-bench-secret-0000",
      WEB_DIST_DIR: web.dir,
      LOG_LEVEL: "warn",
    });
    // The API as the server builds it; its queue takes jobs the pages send but works none
    const jobs = createJobQueue(database, config, { warn: () => {}, error: () => {} });
    const services = createServices(database.db, config, jobs);
    const app = await buildApp({ config, db: database.db, listen: database.listen, services });
    await startJobs(jobs, { db: database.db, config, services }, { work: false });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

    // The user's tokens and profile, as signing in keeps them
    const tokens = (await (
      await fetch(`${base}/api/token/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: USER, password: "Freight-2026" }),
      })
    ).json()) as { access: string; refresh: string };
    const user = await (
      await fetch(`${base}/profile/api/users/me/`, { headers: { authorization: `JWT ${tokens.access}` } })
    ).json();
    const signedIn = { tokens, user };
    const html = await (await fetch(`${base}${ROUTES[0]}`)).text();
    const entry = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    const encoding = entry
      ? ((await fetch(`${base}${entry}`, { headers: { "accept-encoding": "gzip, br" } })).headers.get(
          "content-encoding",
        ) ?? "none")
      : "unknown";

    // The newest order and container the user sees, for the forms' pages
    const newest = async (list: string) => {
      const answer = await fetch(`${base}${list}?take=1&ordering=-id&fields=id`, {
        headers: { authorization: `JWT ${tokens.access}` },
      });
      return String(((await answer.json()) as { results: { id: number }[] }).results[0]?.id);
    };
    const ids = {
      order: await newest("/tracking/api/freight_orders/"),
      container: await newest("/tracking/api/containers/"),
    };

    const where = SEEDED ? "the seeded database" : "the demo data, in memory";
    console.log(
      `\nFirst values as ${USER}, each page and its floor cold (fresh context each time), ${RUNS} runs alternated, ` +
        `Chromium, loopback, ${where}, asset compression: ${encoding}; load before ${load()}`,
    );
    const summary: string[] = [];
    for (const route of ROUTES) {
      const record = route.includes("{order}")
        ? ids.order
        : route.includes("{container}")
          ? ids.container
          : undefined;
      const form = record !== undefined;
      const url = `${base}${route.replace("{order}", ids.order).replace("{container}", ids.container)}`;
      const call = await pageCall(browser, url, signedIn, record);
      const floorUrl = `${base}/${form ? "fields" : "rows"}.html?api=${encodeURIComponent(call)}`;
      const figures = { page: [] as number[], floor: [] as number[] };
      for (let run = 0; run < RUNS; run++) {
        const visits = [
          async () => figures.page.push(await firstRows(browser, url, signedIn, form)),
          async () => figures.floor.push(await firstRows(browser, floorUrl, signedIn, form)),
        ];
        for (const visit of run % 2 ? visits.reverse() : visits) await visit();
      }
      const ratio = median(figures.page) / median(figures.floor);
      const budget = form ? BUDGET.form : BUDGET.grid;
      const verdict = `${ratio.toFixed(2)}× its floor (budget ${budget}×: ${ratio <= budget ? "within" : "over"})`;
      console.log(
        `\n${route}, navigation → ${form ? "the form's values" : "first data row"}; the call: GET ${call}`,
      );
      console.log(`  page  median ${median(figures.page)} ms   (runs: ${figures.page.join(", ")} ms)`);
      console.log(`  floor median ${median(figures.floor)} ms   (runs: ${figures.floor.join(", ")} ms)`);
      console.log(`  ${verdict}`);
      summary.push(`  ${route.padEnd(26)} ${verdict}`);
    }
    console.log(`\nEach page over its floor (load after ${load()}):\n${summary.join("\n")}`);

    // The forms opened warm from their lists: a figure of its own (the floor pages have no list to open from)
    const warm: string[] = [];
    for (const [form, list] of [
      ["an order's form", "/freight-orders"],
      ["a container's form", "/containers"],
    ] as const) {
      if (!ROUTES.includes(list)) continue;
      const figures = await warmOpens(browser, `${base}${list}`, signedIn, RUNS * 2);
      const ms = median(figures);
      warm.push(
        `  ${form} from ${list}: ${ms} ms (runs: ${figures.join(", ")}); budget ${BUDGET.warmFormMs} ms on a ` +
          `quiet machine: ${ms <= BUDGET.warmFormMs ? "within" : "over"}`,
      );
    }
    if (warm.length > 0)
      console.log(`\nForms opened warm from their lists (load ${load()}):\n${warm.join("\n")}`);
    await app.close();
    await jobs.stop();
  } finally {
    await browser.close();
    await database.close();
    web.cleanup();
  }
}

await main();
// Everything this file opened is closed, yet something of the API's started in this process (not found) kept the
// process alive after the figures were out; the other benchmarks end the same way
process.exit(0);
