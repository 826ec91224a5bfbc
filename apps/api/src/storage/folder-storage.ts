import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { checkKey, type FileStorage, StoredFileMissing } from "./file-storage.ts";

/**
 * Files in a folder (FILES_DIR, by default `files` in DATA_DIR): a key is a path below it. Keys are checked, and
 * the resolved path must stay inside the folder, so no key can reach another file of the machine.
 */
export class FolderStorage implements FileStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written beside its place and renamed into it, so that a reader never sees half a file
    const partial = `${file}.${randomUUID()}.partial`;
    try {
      await writeFile(partial, bytes, { flag: "wx", mode: 0o600 });
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async putStream(key: string, source: Readable): Promise<number> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written beside its place under a name of the key's own (so that `delete(key)` finds what a process that died
    // while writing left) and renamed into it once complete
    const partial = streamingPartOf(file);
    try {
      await pipeline(source, createWriteStream(partial, { flags: "w", mode: 0o600 }));
      const { size } = await stat(partial);
      await rename(partial, file);
      return size;
    } catch (error) {
      source.destroy();
      await rm(partial, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    try {
      // Opened here, so that a missing file is known before the answer starts
      return (await open(file, "r")).createReadStream();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new StoredFileMissing(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await rm(file, { force: true });
    await rm(streamingPartOf(file), { force: true });
  }

  private pathOf(key: string): string {
    const file = path.resolve(this.root, checkKey(key));
    if (!file.startsWith(this.root + path.sep)) throw new Error("storage key outside the folder");
    return file;
  }
}

/** Where `putStream` writes a key's file until it is complete. */
function streamingPartOf(file: string): string {
  return `${file}.streaming.partial`;
}
