/** BENCH_ONLY's texts, separated by `|`: only the scenarios, or the benchmarks, whose name contains one of them. */
export const ONLY = (process.env.BENCH_ONLY ?? "")
  .split("|")
  .map((text) => text.trim())
  .filter(Boolean);

/**
 * The benchmarks BENCH_ONLY selects whole, by name: the export's (export.ts), the stack's floor (stack-floor.ts),
 * the uploads' memory (uploads.ts), the prints' (prints.ts), the mail queue's (mail-drain.ts), the webhooks' drain
 * (webhook-drain.ts), the import of orders (order-import.ts).
 */
const WHOLE = [
  "export",
  "stack floor",
  "uploads",
  "prints",
  "mail drain",
  "webhook drain",
  "order import",
] as const;

/** Whether BENCH_ONLY names those alone: the load and first-rows benchmarks have nothing to run then. */
export const onlyWhole = ONLY.length > 0 && ONLY.every((text) => WHOLE.some((name) => text.startsWith(name)));

/** Whether the benchmark `name` (one of WHOLE) runs: no BENCH_ONLY, or one of its texts names it. */
export function selects(name: (typeof WHOLE)[number]): boolean {
  return ONLY.length === 0 || ONLY.some((text) => name.includes(text) || text.includes(name));
}
