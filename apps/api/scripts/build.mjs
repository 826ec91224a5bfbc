// Compiles the API into ES modules that plain `node` runs, dist/server.js, dist/worker.js (the job workers
// without the HTTP server) and dist/pdf-worker.js (the threads that build PDFs, documents/pdf-builder.ts, which
// looks for it beside the bundle that holds it): the sources and the shared domain
// package are bundled; installed packages stay imports. dist/ sits at the same depth as src/, so the paths the
// code resolves from its own folder (the data folder, the web build) are the same in both; the migrations, the
// reference books' files and the transit declaration's schema are copied beside the bundle, where the modules look
// for them.
import { cpSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const dist = path.join(root, "dist");
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const installed = Object.keys(pkg.dependencies).filter((name) => !name.startsWith("@portal/"));

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [
    { in: path.join(root, "src/server.ts"), out: "server" },
    { in: path.join(root, "src/worker.ts"), out: "worker" },
    { in: path.join(root, "src/documents/pdf-worker.ts"), out: "pdf-worker" },
  ],
  // Each entry is a whole bundle beside the other, not split into shared chunks: the code resolves its data
  // folders from its own file's folder, which must stay dist/
  outdir: dist,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  external: installed.flatMap((name) => [name, `${name}/*`]),
  logLevel: "warning",
});
cpSync(path.join(root, "src/db/migrations"), path.join(dist, "migrations"), { recursive: true });
cpSync(path.join(root, "src/db/reference-data"), path.join(dist, "reference-data"), { recursive: true });
// The transit declaration's XML schema, served by td-schema/ (src/documents/transit-declaration.ts resolves it)
cpSync(path.join(root, "src/documents/transit-declaration.xsd"), path.join(dist, "transit-declaration.xsd"));
process.stdout.write("built dist/server.js, dist/worker.js and dist/pdf-worker.js\n");
