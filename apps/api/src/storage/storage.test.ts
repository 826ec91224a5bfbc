import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { createFileStorage } from "./create-file-storage.ts";
import { type FileStorage, StoredFileMissing } from "./file-storage.ts";
import { FolderStorage } from "./folder-storage.ts";
import { S3Storage } from "./s3-storage.ts";

const bytes = (value: string) => new TextEncoder().encode(value);

/** What every storage must do, whatever keeps the bytes. */
function behavesAsStorage(name: string, make: () => FileStorage) {
  describe(name, () => {
    it("gives back what was put, replaces it, and forgets it when deleted", async () => {
      const storage = make();
      await storage.put("orders/1/a1", bytes("Счёт № 1"));
      expect(await text(await storage.get("orders/1/a1"))).toBe("Счёт № 1");
      await storage.put("orders/1/a1", bytes("second"));
      expect(await text(await storage.get("orders/1/a1"))).toBe("second");
      await storage.delete("orders/1/a1");
      await expect(storage.get("orders/1/a1")).rejects.toBeInstanceOf(StoredFileMissing);
    });

    it("answers a missing key as missing and deletes it without an error", async () => {
      const storage = make();
      await expect(storage.get("orders/2/none")).rejects.toBeInstanceOf(StoredFileMissing);
      await expect(storage.delete("orders/2/none")).resolves.toBeUndefined();
    });

    it("keeps empty files and binary bytes as they are", async () => {
      const storage = make();
      const binary = Uint8Array.from({ length: 256 }, (_, i) => i);
      await storage.put("orders/3/bin", binary);
      await storage.put("orders/3/empty", new Uint8Array());
      const chunks: Buffer[] = [];
      for await (const chunk of await storage.get("orders/3/bin")) chunks.push(chunk as Buffer);
      expect([...Buffer.concat(chunks)]).toEqual([...binary]);
      expect(await text(await storage.get("orders/3/empty"))).toBe("");
    });

    it("stores a stream under the key once it has ended, and answers its size", async () => {
      const storage = make();
      const parts = ["Архив ", "по ", "частям"];
      const size = await storage.putStream(
        "exports/1/a.zip",
        Readable.from(parts.map((part) => bytes(part))),
      );
      expect(size).toBe(Buffer.byteLength(parts.join("")));
      expect(await text(await storage.get("exports/1/a.zip"))).toBe(parts.join(""));
    });

    it("leaves nothing under the key when the stream fails", async () => {
      const storage = make();
      async function* failing() {
        yield bytes("half an archive");
        throw new Error("the source broke");
      }
      await expect(storage.putStream("exports/2/a.zip", Readable.from(failing()))).rejects.toThrow(
        /the source broke/,
      );
      await expect(storage.get("exports/2/a.zip")).rejects.toBeInstanceOf(StoredFileMissing);
    });

    it("refuses keys that could leave its place", async () => {
      const storage = make();
      for (const key of [
        "../x",
        "orders/../../x",
        "/etc/passwd",
        "orders//x",
        "orders\\x",
        ".hidden",
        "a/./b",
        "",
        "x/",
      ]) {
        await expect(storage.put(key, bytes("x")), key).rejects.toThrow(/invalid storage key/);
        await expect(storage.get(key), key).rejects.toThrow(/invalid storage key/);
        await expect(storage.delete(key), key).rejects.toThrow(/invalid storage key/);
      }
    });
  });
}

const folders: string[] = [];
async function freshFolder() {
  const folder = await mkdtemp(path.join(tmpdir(), "portal-storage-"));
  folders.push(folder);
  return folder;
}
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

let folder = "";
beforeAll(async () => {
  folder = await freshFolder();
});
behavesAsStorage("FolderStorage", () => new FolderStorage(folder));

describe("FolderStorage on disk", () => {
  it("writes below its folder only, and leaves no partial file behind", async () => {
    const root = await freshFolder();
    const outside = path.join(path.dirname(root), `${path.basename(root)}-outside`);
    await writeFile(outside, "keep");
    folders.push(outside);
    const storage = new FolderStorage(root);
    await storage.put("orders/7/f", bytes("x"));
    expect(await readdir(path.join(root, "orders/7"))).toEqual(["f"]);
    await expect(storage.delete(`../${path.basename(outside)}`)).rejects.toThrow();
    expect(await readFile(outside, "utf8")).toBe("keep");
  });
});

describe("FolderStorage streams", () => {
  it("keeps a stream's bytes aside until complete, and deletes what a dead writer left", async () => {
    const root = await freshFolder();
    const storage = new FolderStorage(root);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    async function* slow() {
      yield bytes("first part ");
      await held;
      yield bytes("second part");
    }
    const writing = storage.putStream("exports/3/a.zip", Readable.from(slow()));
    await expect.poll(() => readdir(path.join(root, "exports/3"))).toEqual(["a.zip.streaming.partial"]);
    await expect(storage.get("exports/3/a.zip")).rejects.toBeInstanceOf(StoredFileMissing);
    release();
    await writing;
    expect(await readdir(path.join(root, "exports/3"))).toEqual(["a.zip"]);
    // A process that died while writing leaves its part aside: deleting the key removes it
    await writeFile(path.join(root, "exports/3/b.zip.streaming.partial"), "left by a dead worker");
    await storage.delete("exports/3/b.zip");
    expect(await readdir(path.join(root, "exports/3"))).toEqual(["a.zip"]);
  });
});

// A fake S3 service: objects in a map, path-style addresses (`/bucket/key`), S3's XML error for a missing key.
const objects = new Map<string, Buffer>();
let server: Server;
let endpoint = "";
beforeAll(async () => {
  server = createServer((request, response) => {
    const key = decodeURIComponent(new URL(request.url ?? "/", "http://s3").pathname);
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (request.method === "PUT") {
        objects.set(key, Buffer.concat(chunks));
        response.writeHead(200, { etag: '"fake"' }).end();
      } else if (request.method === "GET") {
        const object = objects.get(key);
        if (object) response.writeHead(200, { "content-length": object.length }).end(object);
        else {
          response
            .writeHead(404, { "content-type": "application/xml" })
            .end("<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>");
        }
      } else if (request.method === "DELETE") {
        objects.delete(key);
        response.writeHead(204).end();
      } else response.writeHead(405).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const s3 = () =>
  new S3Storage({
    bucket: "portal-files",
    prefix: "test/",
    region: "us-east-1",
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "fake", secretAccessKey: "fake-secret" },
  });
behavesAsStorage("S3Storage (against a fake S3 service)", s3);

describe("S3Storage keys", () => {
  it("keeps objects under the bucket and the prefix", async () => {
    await s3().put("orders/9/k", bytes("x"));
    expect(objects.has("/portal-files/test/orders/9/k")).toBe(true);
  });
});

describe("createFileStorage", () => {
  const base = { JWT_SECRET: "test-secret-test-secret-test-secret-0123456789" };

  it("keeps files in DATA_DIR/files unless FILES_DIR says otherwise", async () => {
    const dataDir = await freshFolder();
    expect(loadConfig({ ...base, DATA_DIR: dataDir }).FILES_DIR).toBe(path.join(dataDir, "files"));
    expect(createFileStorage(loadConfig({ ...base, DATA_DIR: dataDir }))).toBeInstanceOf(FolderStorage);
  });

  it("takes an S3 bucket by configuration, and refuses an incomplete one", () => {
    expect(
      createFileStorage(loadConfig({ ...base, FILE_STORAGE: "s3", S3_BUCKET: "portal-files" })),
    ).toBeInstanceOf(S3Storage);
    expect(() => loadConfig({ ...base, FILE_STORAGE: "s3" })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ ...base, FILE_STORAGE: "s3", S3_BUCKET: "Bad_Bucket" })).toThrow(/S3_BUCKET/);
    expect(() =>
      loadConfig({ ...base, FILE_STORAGE: "s3", S3_BUCKET: "portal-files", S3_ACCESS_KEY_ID: "only" }),
    ).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ ...base, UPLOAD_MAX_BYTES: "0" })).toThrow(/UPLOAD_MAX_BYTES/);
  });
});
