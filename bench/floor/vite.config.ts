import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** The stack floor's pages (src/stack-floor.ts builds and measures them). */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    rollupOptions: {
      input: {
        form: path.resolve(import.meta.dirname, "form.html"),
        plain: path.resolve(import.meta.dirname, "plain.html"),
      },
    },
  },
});
