import { readFileSync } from "node:fs";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const rootPackage = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../../package.json"), "utf8"),
) as {
  version: string;
};

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

/** Every path prefix the API answers; the dev server forwards them so the app runs on one origin as in production. */
const apiPrefixes = ["/api", "/profile/api", "/accounts", "/tracking", "/service", "/refbooks", "/planner"];

/** material-react-table's imports of the date pickers, and the lazy stand-ins they are pointed to. */
const MRT_DATE_PICKERS = new Set([
  "@mui/x-date-pickers/DatePicker",
  "@mui/x-date-pickers/DateTimePicker",
  "@mui/x-date-pickers/TimePicker",
]);

/**
 * The grid imports the date pickers statically but shows them only in a date column's filter: load them then
 * (src/components/data-grid/lazy-date-pickers.tsx). Only material-react-table's imports are redirected.
 */
function lazyGridDatePickers(): Plugin {
  const standIn = path.resolve(import.meta.dirname, "src/components/data-grid/lazy-date-pickers.tsx");
  return {
    name: "lazy-grid-date-pickers",
    enforce: "pre",
    resolveId(source, importer) {
      if (MRT_DATE_PICKERS.has(source) && importer?.includes("material-react-table")) return standIn;
      return null;
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [lazyGridDatePickers(), react()],
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
    // .vite/manifest.json: the import graph of every chunk, read by scripts/check-bundle-size.ts.
    manifest: true,
    // Every browser we support preloads modules itself; the polyfill would only add to every page's entry.
    modulePreload: { polyfill: false },
    // The grid chunk (material-react-table) is large by nature and only loaded by grid routes.
    chunkSizeWarningLimit: 1200,
  },
});
