/**
 * First rows of the grids (/profiles, /freight-orders, /containers) and the filled forms of an order and a
 * container, cold: how long a signed-in user waits, from navigation start until the grid's first data row, or the
 * form's values, are on screen, in a fresh browser context (empty cache) each time. Prints the five figures of
 * each page and their median. Runs after the load benchmark (`npm run bench`), or alone:
 *
 *   tsx src/first-rows.ts                    builds the web app into a temporary folder first
 *   BENCH_WEB_DIST_DIR=apps/web/dist …       an existing build instead
 *   BENCH_RUNS=5 CHROMIUM_PATH=/usr/bin/chromium
 *   BENCH_SEEDED_DATABASE_URL=postgres://…   the large data set the load benchmark kept (BENCH_KEEP_DATABASE)
 *   BENCH_ROUTES=/freight-orders BENCH_USER=client   other pages, another user (the demo's password); `{order}`
 *                                            and `{container}` stand for the newest the user sees
 *
 * The API runs in this process, on a fresh in-memory database with the demo data unless a seeded database is
 * given; the browser is Chromium through Playwright (the e2e workspace's). Whatever compression the API
 * applies is used, and printed.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "@playwright/test";
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
  "/profiles,/freight-orders,/containers,/freight-orders/{order},/containers/{container}"
).split(",");
/** A form's page shows its record once this many of its fields show a value (an order's form has dozens). */
const FORM_FILLED_FIELDS = 3;
const USER = process.env.BENCH_USER ?? "manager";
const SEEDED = process.env.BENCH_SEEDED_DATABASE_URL;
const WEB_DIR = path.resolve(import.meta.dirname, "../../apps/web");

/** The web app's build: the one named by BENCH_WEB_DIST_DIR, or a fresh one in a temporary folder. */
function webDist(): { dir: string; cleanup: () => void } {
  if (process.env.BENCH_WEB_DIST_DIR)
    return { dir: path.resolve(process.env.BENCH_WEB_DIST_DIR), cleanup() {} };
  const dir = mkdtempSync(path.join(tmpdir(), "bench-web-"));
  execFileSync("npx", ["vite", "build", "--outDir", dir, "--emptyOutDir", "--logLevel", "warn"], {
    cwd: WEB_DIR,
    stdio: "inherit",
  });
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * One cold visit: milliseconds from the navigation's start until the grid shows a row with data, or, on a form's
 * page (`form`), until its fields show the record's values.
 */
async function firstRows(
  browser: Browser,
  url: string,
  tokens: { access: string; refresh: string },
  user: unknown,
  form: boolean,
): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "ru-RU" });
  // Signed in as the spec's client does it: tokens and the user in localStorage.
  await context.addInitScript(
    ({ access, refresh, user }) => {
      localStorage.setItem("access-token", access);
      localStorage.setItem("refresh-token", refresh);
      localStorage.setItem("user", user);
    },
    { access: tokens.access, refresh: tokens.refresh, user: JSON.stringify(user) },
  );
  const page = await context.newPage();
  await page.goto(url, { waitUntil: "commit" });
  // performance.now() counts from the navigation's start; checked every frame until a row with data shows.
  const handle = await page.waitForFunction(
    ({ form, filled }) => {
      if (form) {
        const fields = document.querySelectorAll<HTMLInputElement>(
          'input[id^="field-"], textarea[id^="field-"]',
        );
        return [...fields].filter((field) => field.value.trim() !== "").length >= filled
          ? performance.now()
          : false;
      }
      const row = document.querySelector("table tbody tr");
      const hasData =
        row !== null && !row.querySelector(".MuiSkeleton-root") && (row.textContent ?? "").trim() !== "";
      return hasData ? performance.now() : false;
    },
    { form, filled: FORM_FILLED_FIELDS },
    { polling: "raf", timeout: 30_000 },
  );
  const figure = Math.round((await handle.jsonValue()) as number);
  await context.close();
  return figure;
}

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
    for (const route of ROUTES) {
      const form = route.includes("{");
      const url = `${base}${route.replace("{order}", ids.order).replace("{container}", ids.container)}`;
      const figures: number[] = [];
      for (let run = 0; run < RUNS; run++) figures.push(await firstRows(browser, url, tokens, user, form));
      console.log(
        `\n${route} as ${USER}, navigation → ${form ? "the form's values" : "first data row"}, cold (fresh ` +
          `context each time), ${RUNS} runs, Chromium, loopback, ${where}, asset compression: ${encoding}`,
      );
      console.log(`  median ${median(figures)} ms   (runs: ${figures.join(", ")} ms)`);
    }
    await app.close();
    await jobs.stop();
  } finally {
    await browser.close();
    await database.close();
    web.cleanup();
  }
}

await main();
