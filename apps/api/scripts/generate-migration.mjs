// `npm run db:generate`: drizzle-kit's migration of the schema's changes, with the one thing it gets wrong put
// right. A stored search document (db/schema/search.ts) is a generated column; when its fields change, drizzle-kit
// drops it and adds it again before the new columns it reads exist, and forgets the trigram index the drop took
// with it. The new migration is rewritten so that the document comes after the columns it reads and its indexes
// are made again (docs/adding-a-resource.md, "Adding a field").
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const folder = path.join(root, "src/db/migrations");
const BREAK = "--> statement-breakpoint";
const DOCUMENT = /^ALTER TABLE "(\w+)" ADD COLUMN "search_document"/;

const sqlFiles = () => new Set(readdirSync(folder).filter((name) => name.endsWith(".sql")));
const before = sqlFiles();
// drizzle.config.ts names the schema and the migrations folder
execFileSync("npx", ["drizzle-kit", "generate", ...process.argv.slice(2)], { cwd: root, stdio: "inherit" });
for (const name of sqlFiles()) if (!before.has(name)) fixSearchDocuments(name);

/** Moves a re-added search document after the table's new columns and makes its indexes again. */
function fixSearchDocuments(name) {
  const file = path.join(folder, name);
  const statements = readFileSync(file, "utf8")
    .split(BREAK)
    .map((statement) => statement.trim())
    .filter(Boolean);
  const documents = statements.filter((statement) => DOCUMENT.test(statement));
  if (documents.length === 0) return;
  const snapshot = JSON.parse(
    readFileSync(path.join(folder, "meta", `${name.slice(0, 4)}_snapshot.json`), "utf8"),
  );
  const indexes = documents.flatMap((statement) => {
    const table = DOCUMENT.exec(statement)[1];
    return Object.values(snapshot.tables[`public.${table}`].indexes)
      .filter((index) => index.columns.some((column) => column.expression === "search_document"))
      .map(
        (index) =>
          `CREATE INDEX "${index.name}" ON "${table}" USING ${index.method} (${index.columns
            .map((column) => `"${column.expression}"${column.opclass ? ` ${column.opclass}` : ""}`)
            .join(", ")});`,
      );
  });
  const rest = statements.filter((statement) => !documents.includes(statement));
  writeFileSync(file, `${[...rest, ...documents, ...indexes].join(`${BREAK}\n`)}\n`);
  process.stdout.write(
    `${name}: the search document after the new columns, ${indexes.length} index(es) made again\n`,
  );
}
