import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
/** Folder of the run's fresh embedded database; apart for each concurrent run. */
const DATA_DIR = process.env.E2E_DATA_DIR ?? ".data";

/**
 * CHROMIUM_PATH, else Debian's headless shell (Chromium without its browser UI: the suite took 29 % less time in it
 * than in the full browser's headless mode on two cores, where it is bound by the processor), else Debian's Chromium;
 * Playwright's own browser as the last resort.
 */
function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path));
}

export default defineConfig({
  testDir: "./specs",
  outputDir: process.env.E2E_OUTPUT_DIR ?? "./test-results",
  fullyParallel: false,
  workers: 2,
  // No retries, in CI either: a test that passes only on its second try is a failure to find, not to hide
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // A test's whole budget. The companies' and profiles' tests take 20–27 s on two cores shared with other builds
  // (load 13–19); at 30 s the longest failed on the budget alone, with no step stuck. Each step's expectation waits
  // up to 15 s, so a screen that never comes fails at its step: on a CI host under load a page with four grids took
  // 10 s from its data to its grids' first requests, all of it the browser's rendering (the API answered in 20–190 ms),
  // and 7 s failed steps that had nothing wrong. Long journeys set their own (90–180 s)
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    ...devices["Desktop Chrome"],
    viewport: { width: 1440, height: 900 },
    locale: "ru-RU",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    // The built web app served by the compiled API (as `npm start` runs it) on a fresh embedded database.
    command: `rm -rf ${DATA_DIR} && node ../apps/api/dist/server.js`,
    env: {
      PORT: String(PORT),
      DATA_DIR,
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      // The customs simulator decides in seconds, as a test can watch a package move on without a reload
      JOB_POLL_SECONDS: "1",
      CUSTOMS_POLL_SECONDS: "1",
      CUSTOMS_SIMULATOR_DELAY_SECONDS: "1",
      // An export of the demo's few documents takes seconds, so that its progress can be seen moving
      EXPORT_DOCUMENT_DELAY_MS: "700",
      // Passkeys need a host name for their RP ID (an IP address is none): security.spec.ts opens the portal there
      PORTAL_URL: `http://localhost:${PORT}`,
      // integrations.spec.ts runs a webhook receiver on 127.0.0.1 over plain HTTP
      WEBHOOK_ALLOWED_RANGES: "127.0.0.1/32",
      WEBHOOK_ALLOW_HTTP: "true",
    },
    url: `http://127.0.0.1:${PORT}/api/health/`,
    reuseExistingServer: false,
    // Migrations and the demo seed on a fresh embedded database: about 15 s alone, over a minute on a busy machine
    timeout: 180_000,
  },
});
