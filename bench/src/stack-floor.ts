/**
 * The floor of the forms' stack (MUI's fields) in Chromium on this machine: how long a page showing only the form
 * fields takes to its filled fields, cold, with its values in the page (no data call, no router, no translations, no
 * layout). The portal's forms cannot be faster than this; first-rows.ts measures them. The same form without MUI
 * (React's inputs, static CSS) shows how much of it the component library is. (The grid's floor is first-rows.ts's
 * plain table: the grid is the portal's own since issue 29.) Runs after first-rows.ts (`npm run bench`), or alone:
 *
 *   tsx src/stack-floor.ts                  BENCH_RUNS=7 CHROMIUM_PATH=/usr/bin/chromium
 *   BENCH_ONLY="stack floor"                with `npm run bench`: this benchmark only
 *
 * The pages (floor/) are built into a temporary folder and served from memory, brotli-compressed, as the API
 * serves the web app's hashed files.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync } from "node:zlib";
import type { Browser } from "@playwright/test";
import { launchChromium, median } from "./browser.ts";
import { selects } from "./only.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const FLOOR_DIR = path.resolve(import.meta.dirname, "../floor");

const PAGES = [
  { name: "the form, 40 filled fields in 4 sections", url: "/form.html" },
  { name: "the same form without MUI (React's inputs, static CSS)", url: "/plain.html" },
];

const TYPES: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" };

/** Serves `dir` from memory, each file brotli-compressed once. */
async function serve(dir: string): Promise<{ base: string; close: () => void }> {
  const files = new Map<string, Buffer>();
  const server = createServer((request, response) => {
    const name = new URL(request.url ?? "/", "http://floor").pathname;
    const file = path.join(dir, path.normalize(name));
    if (!file.startsWith(dir) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    let body = files.get(file);
    if (!body) {
      body = brotliCompressSync(readFileSync(file));
      files.set(file, body);
    }
    response.writeHead(200, {
      "content-type": TYPES[path.extname(file)] ?? "application/octet-stream",
      "content-encoding": "br",
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/** One cold visit: milliseconds from navigation start until three filled fields show. */
async function firstValues(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "ru-RU" });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: "commit" });
  const handle = await page.waitForFunction(
    () => {
      const fields = document.querySelectorAll<HTMLInputElement>('input[id^="field-"]');
      return [...fields].filter((field) => field.value !== "").length >= 3 ? performance.now() : false;
    },
    null,
    { polling: "raf", timeout: 30_000 },
  );
  const figure = Math.round((await handle.jsonValue()) as number);
  await context.close();
  return figure;
}

async function main() {
  if (!selects("stack floor")) return;
  const out = mkdtempSync(path.join(tmpdir(), "bench-floor-"));
  const server = await (async () => {
    execFileSync(
      "npx",
      ["vite", "build", "--config", path.join(FLOOR_DIR, "vite.config.ts"), "--outDir", out, "--emptyOutDir"],
      { cwd: FLOOR_DIR, stdio: ["ignore", "ignore", "inherit"] },
    );
    return serve(out);
  })();
  const browser = await launchChromium();
  try {
    console.log(`\nThe forms' stack floor, cold, ${RUNS} runs each, Chromium, loopback, values in the page`);
    // A first visit, not counted: the browser's own start (its first page's process) is not the pages'
    await firstValues(browser, `${server.base}${PAGES[0]?.url}`);
    const figures = PAGES.map((): number[] => []);
    // The pages in turn, run after run, so that the machine's load falls on each alike
    for (let run = 0; run < RUNS; run++) {
      for (const [index, page] of PAGES.entries())
        figures[index]?.push(await firstValues(browser, `${server.base}${page.url}`));
    }
    for (const [index, page] of PAGES.entries()) {
      const values = figures[index] ?? [];
      console.log(`  ${page.name}: median ${median(values)} ms   (runs: ${values.join(", ")} ms)`);
    }
  } finally {
    await browser.close();
    server.close();
    rmSync(out, { recursive: true, force: true });
  }
}

await main();
