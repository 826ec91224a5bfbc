import { createHash } from "node:crypto";
import { type Readable, Transform } from "node:stream";
import { finished } from "node:stream/promises";
import { spreadsheetText } from "@portal/domain";
import { ZipFile } from "yazl";
import type { FileStorage } from "../storage/file-storage.ts";

/** What an entry of the archive turned out to be, as its bytes went in. */
export interface ArchivedEntry {
  /** Its path in the archive. */
  path: string;
  /** Its bytes before compression. */
  size: number;
  /** The SHA-256 of those bytes, in hex. */
  sha256: string;
}

/**
 * Extensions of formats that are compressed already (PDF, images, Office files and archives, which are ZIPs
 * themselves): stored as they are, since deflating them again takes time and saves nothing.
 */
const STORED = new Set([
  "pdf",
  "jpg",
  "jpeg",
  "png",
  "gif",
  "zip",
  "docx",
  "xlsx",
  "pptx",
  "7z",
  "rar",
  "gz",
]);

/** Whether an entry of this name is worth deflating. */
export function isCompressible(path: string): boolean {
  const dot = path.lastIndexOf(".");
  return dot < 0 || !STORED.has(path.slice(dot + 1).toLowerCase());
}

/**
 * A ZIP archive written to the file storage as it is made (`FileStorage.putStream`): entries go in one at a time,
 * each read once while it is written, hashed and counted on the way, so neither the archive nor a whole entry is
 * ever held in memory (but for the entries given as buffers). The key names the archive only once `finish` has
 * stored all of it; `abort` (or any failure) leaves nothing under it. ZIP64 is used where sizes need it.
 */
export class ZipArchiveWriter {
  readonly #zip = new ZipFile();
  readonly #stored: Promise<number>;
  /** Rejects as soon as storing fails, so that an entry waiting for its turn does not wait forever. */
  readonly #failed: Promise<never>;

  constructor(storage: FileStorage, key: string) {
    const output = this.#zip.outputStream as Readable;
    // A failure of an entry (yazl reports it on the zip file) or of the storage ends the archive's stream; its error
    // is the storage's call to report (putStream rejects), never an event nobody hears, which would end the process
    this.#zip.on("error", (error: Error) => output.destroy(error));
    output.on("error", () => {});
    this.#stored = storage.putStream(key, output);
    this.#failed = this.#stored.then(
      () => new Promise<never>(() => {}),
      (error: unknown) => Promise.reject(error),
    );
    // Observed here: a failure is reported by the call that waits for it
    this.#failed.catch(() => {});
  }

  /**
   * Adds an entry and resolves once all of it has gone into the archive, with its size and SHA-256. A stream that
   * fails (a file that cannot be read to its end) rejects, and the archive is then to be aborted.
   */
  async add(path: string, content: Readable | Buffer): Promise<ArchivedEntry> {
    const hash = createHash("sha256");
    let size = 0;
    const compress = isCompressible(path);
    if (Buffer.isBuffer(content)) {
      hash.update(content);
      this.#zip.addBuffer(content, path, { compress });
      return { path, size: content.length, sha256: hash.digest("hex") };
    }
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    content.on("error", (error) => counted.destroy(error));
    content.pipe(counted);
    this.#zip.addReadStreamLazy(path, { compress }, (take) => take(null, counted));
    await Promise.race([finished(counted), this.#failed]);
    return { path, size, sha256: hash.digest("hex") };
  }

  /** Ends the archive and resolves with its size once the storage holds all of it under the key. */
  async finish(): Promise<number> {
    this.#zip.end();
    return this.#stored;
  }

  /** Gives up the archive: the storage keeps nothing of it under the key. */
  async abort(error: Error): Promise<void> {
    const output = this.#zip.outputStream as Readable;
    if (!output.destroyed) output.destroy(error);
    await this.#stored.catch(() => {});
  }
}

/** A text of lines as an entry: UTF-8 with a byte order mark, so that Excel reads a CSV's Cyrillic. */
export function utf8WithBom(text: string): Buffer {
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, "utf8")]);
}

/**
 * A CSV line (RFC 4180): every value quoted, quotes doubled, lines ending with CRLF. A text that a spreadsheet would
 * take for a formula (`=`, `+`, `-`, `@` first: a file's name is the user's) starts with an apostrophe
 * (`spreadsheetText`, the one rule of every spreadsheet the portal writes).
 */
export function csvLine(values: readonly (string | number)[]): string {
  const cell = (value: string | number) =>
    typeof value === "string" ? spreadsheetText(value) : String(value);
  return `${values.map((value) => `"${cell(value).replaceAll('"', '""')}"`).join(",")}\r\n`;
}
