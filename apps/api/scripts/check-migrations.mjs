// Fails when the schema and the committed migrations disagree: generates into a copy of the migrations folder
// and requires drizzle-kit to find nothing to add (a schema change without its migration must not land).
import { execFileSync } from "node:child_process";
import { cpSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
// drizzle-kit reads --out relative to the working folder, so the copy lives inside the package, briefly.
const copy = ".migrations-check";
rmSync(path.join(root, copy), { recursive: true, force: true });
try {
  cpSync(path.join(root, "src/db/migrations"), path.join(root, copy), { recursive: true });
  const output = execFileSync(
    "npx",
    ["drizzle-kit", "generate", "--dialect=postgresql", "--schema=./src/db/schema/index.ts", `--out=${copy}`],
    { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
  // drizzle-kit exits 0 even when it fails, so only its own words for "nothing to do" count as a pass.
  if (!output.includes("No schema changes")) {
    process.stderr.write(
      `${output}\nThe schema and the migrations differ: run \`npm run db:generate\` and commit.\n`,
    );
    process.exit(1);
  }
  process.stdout.write("migrations match the schema\n");
} finally {
  rmSync(path.join(root, copy), { recursive: true, force: true });
}
