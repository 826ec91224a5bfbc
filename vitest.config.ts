import { defineConfig } from "vitest/config";

// One run for every unit and API test of the workspace. API test files each start their own database,
// so files run in parallel up to the machine's cores.
export default defineConfig({
  test: {
    // As many files at once as the machine has cores: Vitest's default leaves one core out, which on a two-core
    // machine ran the files one by one while their jobs, child processes and database server waited
    maxWorkers: "100%",
    projects: [
      { test: { name: "domain", include: ["packages/domain/src/**/*.test.ts"] } },
      {
        test: {
          name: "api",
          include: ["apps/api/src/**/*.test.ts"],
          // The migrated database each file's own starts from, made once a run
          globalSetup: ["apps/api/src/test/database-template.ts"],
          // A worker runs its files in one module graph: the app's modules load and the embedded database's
          // WebAssembly compiles once a worker, not once a file. Files share no state but what they build (each its
          // own database, app and queue, closed after it: test/context.ts)
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: "web", include: ["apps/web/src/**/*.test.{ts,tsx}"] } },
    ],
  },
});
