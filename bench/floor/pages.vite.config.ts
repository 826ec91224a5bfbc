import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/**
 * The floors of the portal's own pages (src/first-rows.ts builds them beside the web app's build, which serves them
 * from the same origin and the same asset route as its own pages).
 */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    emptyOutDir: false,
    rollupOptions: {
      input: {
        "floor-rows": path.resolve(import.meta.dirname, "rows.html"),
        "floor-fields": path.resolve(import.meta.dirname, "fields.html"),
      },
    },
  },
});
