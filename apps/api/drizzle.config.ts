import { defineConfig } from "drizzle-kit";

// Generation only: migrations are applied by the application at start-up (src/db/migrate.ts), which also
// loads pg_trgm into the embedded database.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema/index.ts",
  out: "./src/db/migrations",
});
