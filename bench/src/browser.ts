import { existsSync } from "node:fs";
import { type Browser, chromium } from "@playwright/test";

// What the benchmarks in Chromium share (first-rows.ts, stack-floor.ts): the browser, and the figure they print.

/**
 * The full Chromium, as users run it (CHROMIUM_PATH, else Debian's; the e2e suite prefers its lighter headless shell),
 * without its background work.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath:
      process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
