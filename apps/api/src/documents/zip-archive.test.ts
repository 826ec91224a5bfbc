import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { FolderStorage } from "../storage/folder-storage.ts";
import { readZip } from "../test/zip.ts";
import { csvLine, isCompressible, utf8WithBom, ZipArchiveWriter } from "./zip-archive.ts";

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));
async function folderStorage() {
  const folder = await mkdtemp(path.join(tmpdir(), "portal-zip-"));
  folders.push(folder);
  return { folder, storage: new FolderStorage(folder) };
}

describe("ZipArchiveWriter", () => {
  it("writes entries from streams and buffers, each with its size and SHA-256, deflating only what gains", async () => {
    const { folder, storage } = await folderStorage();
    const archive = new ZipArchiveWriter(storage, "exports/1/a.zip");
    const text = Buffer.from("строка\n".repeat(1000));
    const streamed = await archive.add(
      "N1/список.txt",
      Readable.from([text.subarray(0, 10), text.subarray(10)]),
    );
    const buffered = await archive.add("N1/скан.pdf", Buffer.from("%PDF-1.4 scan"));
    const size = await archive.finish();
    const bytes = await readFile(path.join(folder, "exports/1/a.zip"));
    expect(bytes.length).toBe(size);
    const entries = await readZip(bytes);
    expect(entries.map((entry) => [entry.path, entry.bytes.length, entry.sha256, entry.isDeflated])).toEqual([
      [streamed.path, streamed.size, streamed.sha256, true],
      [buffered.path, buffered.size, buffered.sha256, false],
    ]);
    expect(entries[0]?.bytes.equals(text)).toBe(true);
  });

  it("leaves nothing under its key when an entry's stream fails or it is aborted", async () => {
    const { folder, storage } = await folderStorage();
    const archive = new ZipArchiveWriter(storage, "exports/2/a.zip");
    async function* broken() {
      yield Buffer.from("half");
      throw new Error("the file cannot be read");
    }
    await expect(archive.add("N1/a.pdf", Readable.from(broken()))).rejects.toThrow(/cannot be read/);
    await archive.abort(new Error("given up"));
    expect(await readdir(path.join(folder, "exports/2"))).toEqual([]);
  });
});

describe("the manifest's lines", () => {
  it("quotes every value, doubles quotes, and keeps a spreadsheet from taking a name for a formula", () => {
    expect(csvLine([12, 'N12/Счёт "А".pdf', 1024])).toBe('"12","N12/Счёт ""А"".pdf","1024"\r\n');
    // A signed number can call nothing and keeps its look (spreadsheetText, the one rule of the portal's sheets)
    expect(csvLine(["=HYPERLINK(1)", "+1", "-1", "@a", "-1+cmd", -5])).toBe(
      `"'=HYPERLINK(1)","+1","-1","'@a","'-1+cmd","-5"\r\n`,
    );
    expect([...utf8WithBom("a").subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it("stores formats that are compressed already", () => {
    expect(["a.PDF", "b.jpg", "c.docx", "d.zip"].map(isCompressible)).toEqual([false, false, false, false]);
    expect(["a.csv", "b.txt", "c.tif", "noextension"].map(isCompressible)).toEqual([true, true, true, true]);
  });
});
