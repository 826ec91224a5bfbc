import { createHash } from "node:crypto";
import { buffer } from "node:stream/consumers";
import yauzl from "yauzl";

/** An entry of a ZIP archive as read back: its path, bytes, SHA-256 and whether it was deflated. */
export interface ZipEntry {
  path: string;
  bytes: Buffer;
  sha256: string;
  isDeflated: boolean;
}

/** Reads a whole ZIP archive (checking every entry's CRC as it is read), entries in their order. */
export function readZip(archive: Buffer): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(archive, { lazyEntries: true, strictFileNames: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries: ZipEntry[] = [];
      zip.on("error", reject);
      zip.on("end", () => resolve(entries));
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          buffer(stream).then((bytes) => {
            entries.push({
              path: entry.fileName,
              bytes,
              sha256: createHash("sha256").update(bytes).digest("hex"),
              isDeflated: entry.compressionMethod === 8,
            });
            zip.readEntry();
          }, reject);
        });
      });
      zip.readEntry();
    });
  });
}

/** The rows of the archive's manifest.csv (its header first), read back from its quoted CSV without the BOM. */
export function manifestRows(entries: ZipEntry[]): string[][] {
  const manifest = entries.find((entry) => entry.path === "manifest.csv");
  if (!manifest) throw new Error("the archive has no manifest.csv");
  if (!manifest.bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))) throw new Error("no BOM");
  return manifest.bytes
    .subarray(3)
    .toString("utf8")
    .split("\r\n")
    .filter(Boolean)
    .map((line) =>
      [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => (match[1] ?? "").replaceAll('""', '"')),
    );
}
