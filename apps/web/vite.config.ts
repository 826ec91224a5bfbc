import { readFileSync } from "node:fs";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const rootPackage = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../../package.json"), "utf8"),
) as {
  version: string;
};

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

/** Every path prefix the API answers; the dev server forwards them so the app runs on one origin as in production. */
const apiPrefixes = ["/api", "/profile/api", "/accounts", "/tracking", "/service", "/refbooks", "/planner"];

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  define: {
    __APP_VERSION__: JSON.stringify(rootPackage.version),
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(
      apiPrefixes.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }]),
    ),
  },
  preview: { port: 5173 },
  build: {
    outDir: path.resolve(import.meta.dirname, "dist"),
    emptyOutDir: true,
    sourcemap: false,
    // The grid chunk (material-react-table) is large by nature and only loaded by grid routes.
    chunkSizeWarningLimit: 1200,
  },
});
