/**
 * Stands in for `use-sync-external-store/shim` (vite.config.ts aliases it here): react-i18next imports that
 * polyfill for React 17, but React 19 has the hook, and the shim would only add code to every page.
 */
export { useSyncExternalStore } from "react";
