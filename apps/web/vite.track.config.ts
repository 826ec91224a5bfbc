import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/**
 * The public tracking page (track.html, src/track/), built apart from the signed-in app into the same folder: the
 * app's chunk groups (vite.config.ts) put React with MUI and i18next into one first-screen chunk, which this page
 * must not load. Its own small bundle: React and the page (docs/decisions.md "Public tracking links").
 */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: path.resolve(import.meta.dirname, "dist"),
    // The app's build is already there (npm run build makes it first)
    emptyOutDir: false,
    sourcemap: false,
    manifest: ".vite/track-manifest.json",
    modulePreload: { polyfill: false },
    rolldownOptions: { input: path.resolve(import.meta.dirname, "track.html") },
  },
});
