import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer, text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { createFileStorage } from "./create-file-storage.ts";
import { type FileStorage, StoredFileMissing } from "./file-storage.ts";
import { FolderStorage } from "./folder-storage.ts";
import { S3Storage } from "./s3-storage.ts";

const bytes = (value: string) => new TextEncoder().encode(value);

const WAIT = { timeout: 60_000, interval: 50 };
const MiB = 1024 * 1024;

/**
 * What every storage must do, whatever keeps the bytes. `pending(key)` is what the storage holds of an unfinished
 * stream to the key, in bytes (0 when nothing).
 */
function behavesAsStorage(name: string, make: () => FileStorage, pending: (key: string) => Promise<number>) {
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

    it("stores a long stream as it comes, holding no more than a part of it, before the stream has ended", async () => {
      const storage = make();
      // More than one of S3's parts, then nothing until the storage has taken most of it
      const first = Buffer.alloc(6 * MiB, 7);
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      async function* source() {
        yield first;
        await held;
        yield bytes("the end");
      }
      const writing = storage.putStream("exports/4/long.zip", Readable.from(source()));
      await expect.poll(() => pending("exports/4/long.zip"), WAIT).toBeGreaterThanOrEqual(5 * MiB);
      release();
      expect(await writing).toBe(first.length + 7);
      expect(await pending("exports/4/long.zip")).toBe(0);
      const stored = await buffer(await storage.get("exports/4/long.zip"));
      expect(stored.equals(Buffer.concat([first, bytes("the end")]))).toBe(true);
    });

    it("leaves nothing, aside or under the key, of a long stream that fails after its first part", async () => {
      const storage = make();
      async function* failing() {
        yield Buffer.alloc(6 * MiB, 1);
        throw new Error("the client went away");
      }
      await expect(storage.putStream("exports/5/a.zip", Readable.from(failing()))).rejects.toThrow(
        /the client went away/,
      );
      expect(await pending("exports/5/a.zip")).toBe(0);
      await expect(storage.get("exports/5/a.zip")).rejects.toBeInstanceOf(StoredFileMissing);
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
behavesAsStorage(
  "FolderStorage",
  () => new FolderStorage(folder),
  (key) =>
    stat(path.join(folder, `${key}.streaming.partial`)).then(
      (found) => found.size,
      () => 0,
    ),
);

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

// A fake S3 service: objects in a map, path-style addresses (`/bucket/key`), S3's XML error for a missing key, and
// multipart uploads (created, sent part by part, completed or aborted).
const objects = new Map<string, Buffer>();
const uploads = new Map<string, { key: string; parts: Map<number, Buffer> }>();
let server: Server;
let endpoint = "";
beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://s3");
    const key = decodeURIComponent(url.pathname);
    const uploadId = url.searchParams.get("uploadId") ?? "";
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const xml = (body: string) => response.writeHead(200, { "content-type": "application/xml" }).end(body);
      if (request.method === "POST" && url.searchParams.has("uploads")) {
        const id = `upload-${uploads.size + 1}-${Date.now()}`;
        uploads.set(id, { key, parts: new Map() });
        xml(
          `<InitiateMultipartUploadResult><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
        );
      } else if (request.method === "PUT" && uploadId) {
        uploads.get(uploadId)?.parts.set(Number(url.searchParams.get("partNumber")), Buffer.concat(chunks));
        response.writeHead(200, { etag: `"part"` }).end();
      } else if (request.method === "POST" && uploadId) {
        const upload = uploads.get(uploadId);
        const parts = [...(upload?.parts.entries() ?? [])].sort(([a], [b]) => a - b).map(([, part]) => part);
        objects.set(key, Buffer.concat(parts));
        uploads.delete(uploadId);
        xml(
          `<CompleteMultipartUploadResult><Key>${key}</Key><ETag>"whole"</ETag></CompleteMultipartUploadResult>`,
        );
      } else if (request.method === "DELETE" && uploadId) {
        uploads.delete(uploadId);
        response.writeHead(204).end();
      } else if (request.method === "PUT") {
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
behavesAsStorage("S3Storage (against a fake S3 service)", s3, async (key) => {
  let received = 0;
  for (const upload of uploads.values()) {
    if (upload.key !== `/portal-files/test/${key}`) continue;
    for (const part of upload.parts.values()) received += part.length;
  }
  return received;
});

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
