import { defineConfig } from "vitest/config";

// One run for every unit and API test of the workspace. API test files each start their own database,
// so files run in parallel up to the machine's cores.
export default defineConfig({
  test: {
    projects: [
      { test: { name: "domain", include: ["packages/domain/src/**/*.test.ts"] } },
      {
        test: {
          name: "api",
          include: ["apps/api/src/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: "web", include: ["apps/web/src/**/*.test.{ts,tsx}"] } },
    ],
  },
});
