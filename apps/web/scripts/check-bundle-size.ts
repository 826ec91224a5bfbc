/**
 * Checks how much JavaScript each route makes the browser download, from the build's output: the entry and
 * its static imports, plus each lazy chunk on the route's path (layout, page) and their static imports,
 * gzipped file by file and each file counted once, in kB of 1,024 bytes (the unit of the figures in the
 * issue). Fails when a route passes its limit, so that a change cannot quietly make the first screens heavier.
 *
 *   tsx scripts/check-bundle-size.ts [dist folder]     default: apps/web/dist (run `vite build` first)
 *
 * Code a page loads on a user's action (e.g. the spreadsheet writer of an export) is not counted: it is a
 * dynamic import of the page, not part of the route.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const KB = 1024;
// Sign-in's first screen: its form kit (react-hook-form) loads after the first paint (docs/decisions.md, "Web performance").
// 147.7 kB since react-router's unused Form left the first screen's chunk (vite.config.ts) and the signed-in pages'
// texts (header, menus, lookups, uploads) moved from `common` to the `signedIn` catalog, which loads with the layout;
// 144.2 kB since MUI's inputs left the first screen's chunk (its fields are the light TextInput)
const SIGN_IN_LIMIT = 150 * KB;
const ROUTE_LIMIT = 350 * KB;
// The six grid pages, issue 29's budget: 293–300 kB until MUI's fields and popups (menus, popovers, dialogs,
// tooltips) left the signed-in pages' shared chunk, loading when a page or a popup first needs them (235–238 kB)
const GRID_ROUTES = [
  "/freight-orders",
  "/containers",
  "/monitoring",
  "/reports/terminal-utro",
  "/profiles",
  "/companies",
];
const GRID_LIMIT = 250 * KB;
// The public tracking page (track.html, a build of its own: vite.track.config.ts): React and the page, no more
const TRACK_LIMIT = 80 * KB;

const LAYOUT = "src/app/layout/app-layout.tsx";

interface Route {
  /** The lazy modules (as in router.tsx) that load before the route shows, its data prefetch included. */
  modules: string[];
  /** Its catalogs' namespaces (router.tsx), loaded with it in the default language. */
  namespaces: string[];
}

/** Every route, as router.tsx loads it. */
const ROUTES: Record<string, Route> = {
  "/sign-in": { modules: ["src/modules/auth/pages/sign-in-page.tsx"], namespaces: ["auth"] },
  "/sign-up": { modules: ["src/modules/auth/pages/sign-up-page.tsx"], namespaces: ["auth"] },
  "/dashboard": {
    modules: [LAYOUT, "src/modules/dashboard/pages/dashboard-page.tsx"],
    namespaces: ["dashboard"],
  },
  "/profile": { modules: [LAYOUT, "src/modules/profile/pages/profile-page.tsx"], namespaces: ["profile"] },
  "/help": { modules: [LAYOUT, "src/modules/help/pages/help-page.tsx"], namespaces: ["help"] },
  "/help/internal": {
    modules: [LAYOUT, "src/modules/help/pages/internal-help-page.tsx"],
    namespaces: ["help", "helpInternal"],
  },
  "/freight-orders": {
    modules: [LAYOUT, "src/modules/orders/list-page.tsx", "src/modules/orders/prefetch.ts"],
    namespaces: ["orders", "grid"],
  },
  "/containers": {
    modules: [
      LAYOUT,
      "src/modules/containers/pages/containers-page.tsx",
      "src/modules/containers/prefetch.ts",
    ],
    namespaces: ["containers", "grid"],
  },
  "/monitoring": {
    modules: [
      LAYOUT,
      "src/modules/monitoring/pages/monitoring-page.tsx",
      "src/modules/monitoring/prefetch.ts",
    ],
    namespaces: ["monitoring", "grid"],
  },
  "/reports/terminal-utro": {
    modules: [
      LAYOUT,
      "src/modules/monitoring/pages/terminal-report-page.tsx",
      "src/modules/monitoring/prefetch.ts",
    ],
    namespaces: ["monitoring", "grid"],
  },
  // /add-container is the same page
  "/containers/{id}": {
    modules: [
      LAYOUT,
      "src/modules/containers/pages/container-page.tsx",
      "src/modules/containers/form-prefetch.ts",
    ],
    namespaces: ["containers", "grid"],
  },
  "/export-tasks": {
    modules: [LAYOUT, "src/modules/exports/pages/export-tasks-page.tsx"],
    namespaces: ["exports", "grid"],
  },
  "/import-orders": {
    modules: [LAYOUT, "src/modules/order-import/import-page.tsx"],
    namespaces: ["orderImport"],
  },
  "/mail-outbox": {
    modules: [LAYOUT, "src/modules/mail-outbox/pages/mail-outbox-page.tsx"],
    namespaces: ["mailOutbox", "grid"],
  },
  "/integrations": {
    modules: [LAYOUT, "src/modules/integrations/pages/integrations-page.tsx"],
    namespaces: ["integrations", "grid"],
  },
  "/notifications": {
    modules: [LAYOUT, "src/modules/notifications/pages/notifications-page.tsx"],
    namespaces: ["notifications"],
  },
  "/profiles": {
    modules: [LAYOUT, "src/modules/profiles/pages/profiles-page.tsx", "src/modules/profiles/prefetch.ts"],
    namespaces: ["profiles", "grid"],
  },
  "/companies": {
    modules: [LAYOUT, "src/modules/companies/pages/companies-page.tsx", "src/modules/companies/prefetch.ts"],
    namespaces: ["companies", "grid"],
  },
  "/company/edit": {
    modules: [LAYOUT, "src/modules/companies/pages/company-page.tsx"],
    namespaces: ["companies", "grid"],
  },
  "/company-services": {
    modules: [LAYOUT, "src/modules/price-lists/pages/price-list-page.tsx"],
    namespaces: ["priceLists", "grid"],
  },
  "/transport": {
    modules: [LAYOUT, "src/modules/dictionaries/pages/transport-page.tsx"],
    namespaces: ["dictionaries", "grid"],
  },
  "/services": {
    modules: [
      LAYOUT,
      "src/modules/dictionaries/pages/services-page.tsx",
      "src/modules/dictionaries/prefetch.ts",
    ],
    namespaces: ["dictionaries", "grid"],
  },
  // /add-freight-order is the same page
  "/freight-orders/{id}": {
    modules: [LAYOUT, "src/modules/orders/form/pages/order-page.tsx", "src/modules/orders/form/prefetch.ts"],
    namespaces: ["orderForm", "grid"],
  },
};
/** Namespaces every route loads (SHARED_NAMESPACES in src/i18n/index.ts). */
const SHARED_NAMESPACES = ["common", "errors"];
/** Namespaces the layout loads, with every signed-in route (SIGNED_IN_NAMESPACES in src/i18n/index.ts). */
const LAYOUT_NAMESPACES = ["signedIn"];
const catalogOf = (namespace: string) => `src/i18n/locales/ru/${namespace}.json`;

/** Lazy modules that load on a user's action or on a rare event, not with a route. */
const ON_DEMAND = [
  "src/app/toast-host.tsx",
  // The integrations page's dialogs (a new key's form, its secret), loaded when a key is made
  "src/modules/integrations/components/api-key-dialogs.tsx",
  "src/modules/integrations/form-schemas.ts",
  "src/components/data-grid/field-check.ts",
  // A grid's export (its menu, progress and files), loaded after the grid, and its row menu on a phone
  "src/components/data-grid/export-menu.tsx",
  "src/components/data-grid/row-actions-menu.tsx",
  // The form kit's check by the shared schema (zod) and its handling of a failed call, loaded on a submit
  "src/components/form/schema-check.ts",
  "src/components/form/server-failure.ts",
  // The sign-in page's form on the kit, loaded as the page first shows; its plain fields keep what is typed meanwhile
  "src/modules/auth/sign-in-form.tsx",
  // The company and employee forms' checks (zod and the API's bodies), loaded on a submit
  "src/modules/companies/form-schemas.ts",
  // The employee form of the company's page, loaded when it is opened
  "src/modules/companies/components/employee-dialog.tsx",
  // The order form's check, its popups (history, directory), its view of a conflicting save, and its documents' and
  // containers' grids, loaded when the user scrolls down to them
  "src/modules/orders/form/form-schemas.ts",
  "src/modules/orders/form/components/documents-section.tsx",
  "src/modules/orders/form/components/containers-section.tsx",
  "src/modules/orders/form/components/tracking-links-section.tsx",
  "src/modules/orders/form/components/bulk-containers-dialog.tsx",
  "src/modules/orders/form/components/history-dialog.tsx",
  "src/modules/orders/form/components/directory-dialog.tsx",
  "src/modules/orders/form/components/conflict-view.tsx",
  // The container form's check, its view of a conflicting save, and its side column (tracking events in a grid, the
  // order's files), loaded beside the form once it shows
  "src/modules/containers/form-schemas.ts",
  "src/modules/containers/components/conflict-view.tsx",
  "src/modules/containers/components/container-side.tsx",
  // The field labels, a catalog per language (the `fields` namespace), loaded with the pages that name it
  "../../packages/domain/src/labels/ru.ts",
  "../../packages/domain/src/labels/en.ts",
];

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, "..", "dist"));
const manifestPath = path.join(dist, ".vite", "manifest.json");
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: build the web app first (vite build writes it, build.manifest).`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;

const entryKey = "index.html";

/** The files of a chunk and of everything it imports statically. */
function staticClosure(key: string, files: Set<string>, keys = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest (renamed? update ROUTES)`);
  if (keys.has(key)) return keys;
  keys.add(key);
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, files, keys);
  return keys;
}

// A lazy module the tables do not know would go unchecked: make whoever adds one say what it is.
const known = new Set([...Object.values(ROUTES).flatMap((route) => route.modules), ...ON_DEMAND]);
const unknown = [...staticClosure(entryKey, new Set())]
  .flatMap((key) => manifest[key]?.dynamicImports ?? [])
  .filter((key) => !known.has(key) && !key.includes("/i18n/locales/"));
if (unknown.length > 0) {
  console.error(`Lazy modules missing from ROUTES or ON_DEMAND in this script: ${unknown.join(", ")}`);
  process.exit(1);
}

const gzipSizes = new Map<string, number>();
function gzippedSize(file: string): number {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    gzipSizes.set(file, size);
  }
  return size;
}

let failed = false;
console.log(`JavaScript per route, gzipped (${path.relative(process.cwd(), dist) || "."}):`);
for (const [route, { modules, namespaces }] of Object.entries(ROUTES)) {
  const files = new Set<string>();
  staticClosure(entryKey, files);
  for (const module of modules) staticClosure(module, files);
  const layoutNamespaces = modules.includes(LAYOUT) ? LAYOUT_NAMESPACES : [];
  for (const namespace of [...SHARED_NAMESPACES, ...layoutNamespaces, ...namespaces]) {
    staticClosure(catalogOf(namespace), files);
  }
  const bytes = [...files].filter((file) => file.endsWith(".js")).reduce((sum, f) => sum + gzippedSize(f), 0);
  const limit = route === "/sign-in" ? SIGN_IN_LIMIT : GRID_ROUTES.includes(route) ? GRID_LIMIT : ROUTE_LIMIT;
  const over = bytes > limit;
  failed ||= over;
  console.log(
    `  ${route.padEnd(16)} ${(bytes / KB).toFixed(1).padStart(6)} kB in ${String(files.size).padStart(2)} files` +
      `  (limit ${limit / KB} kB)${over ? "  TOO LARGE" : ""}`,
  );
}
// The public tracking page: its entry and everything it imports, from its own build's manifest
const trackManifestPath = path.join(dist, ".vite", "track-manifest.json");
if (!existsSync(trackManifestPath)) {
  console.error(`No ${trackManifestPath}: build the tracking page too (npm run build -w apps/web).`);
  process.exit(1);
}
const trackManifest = JSON.parse(readFileSync(trackManifestPath, "utf8")) as Manifest;
const trackFiles = new Set<string>();
const addTrackChunk = (key: string) => {
  const chunk = trackManifest[key];
  if (!chunk) throw new Error(`${key} is not in the tracking page's manifest`);
  if (trackFiles.has(chunk.file)) return;
  trackFiles.add(chunk.file);
  for (const imported of chunk.imports ?? []) addTrackChunk(imported);
};
addTrackChunk("track.html");
const trackBytes = [...trackFiles]
  .filter((file) => file.endsWith(".js"))
  .reduce((sum, f) => sum + gzippedSize(f), 0);
failed ||= trackBytes > TRACK_LIMIT;
console.log(
  `  ${"/track/{token}".padEnd(16)} ${(trackBytes / KB).toFixed(1).padStart(6)} kB in ${String(trackFiles.size).padStart(2)} files` +
    `  (limit ${TRACK_LIMIT / KB} kB)${trackBytes > TRACK_LIMIT ? "  TOO LARGE" : ""}`,
);
if (failed) {
  console.error(
    "A route's JavaScript is over its limit: load what it does not need lazily (docs/decisions.md).",
  );
  process.exit(1);
}
