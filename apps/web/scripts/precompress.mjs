// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, at the highest levels: the API
// serves them as they are (@fastify/static `preCompressed`), so no request pays for compressing.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, "../dist"));
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;
/** Below this size the headers outweigh the gain. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* files(file);
    else yield file;
  }
}

let count = 0;
for (const file of files(root)) {
  if (!COMPRESSIBLE.test(file)) continue;
  const content = readFileSync(file);
  if (content.length < MIN_BYTES) continue;
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
  );
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  count += 1;
}
process.stdout.write(`precompressed ${count} files in ${path.relative(process.cwd(), root) || "."}\n`);
