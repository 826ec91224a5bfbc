import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/** material-react-table's imports of the date pickers, pointed to ./date-pickers.tsx as the portal does. */
const MRT_DATE_PICKERS = new Set([
  "@mui/x-date-pickers/DatePicker",
  "@mui/x-date-pickers/DateTimePicker",
  "@mui/x-date-pickers/TimePicker",
]);

function noGridDatePickers(): Plugin {
  const standIn = path.resolve(import.meta.dirname, "date-pickers.tsx");
  return {
    name: "no-grid-date-pickers",
    enforce: "pre",
    resolveId: (source, importer) =>
      MRT_DATE_PICKERS.has(source) && importer?.includes("material-react-table") ? standIn : null,
  };
}

/** The stack floor's pages (src/stack-floor.ts builds and measures them). */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), noGridDatePickers()],
  build: {
    rollupOptions: {
      input: {
        grid: path.resolve(import.meta.dirname, "grid.html"),
        form: path.resolve(import.meta.dirname, "form.html"),
        plain: path.resolve(import.meta.dirname, "plain.html"),
      },
    },
  },
});
