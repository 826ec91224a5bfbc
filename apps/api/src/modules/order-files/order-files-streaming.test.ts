import { readdir, stat } from "node:fs/promises";
import { type ClientRequest, request } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestContext } from "../../test/context.ts";
import { buildCustomerWorld } from "../../test/customer-world.ts";
import { multipartBody, SAMPLE_FILES } from "../../test/multipart.ts";
import { uploadRequests } from "../../test/uploads.ts";

// An upload goes to the storage as it arrives, never held whole: checked on its way, and nothing kept of one that is
// refused or whose client goes away. Through a real HTTP connection, so that the client can hold the rest of its body.

const ORDERS = "/tracking/api/freight_orders/";
const MiB = 1024 * 1024;
const WAIT = { timeout: 60_000, interval: 50 };

const ctx = useTestContext({ UPLOAD_MAX_BYTES: String(8 * MiB) });
const { upload, get, storedKeys } = uploadRequests(ctx);
let base = "";
beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});

/** A PDF of `size` bytes: its signature, then bytes that differ along the file. */
function pdfOf(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (i * 31 + (i >> 12)) % 251;
  SAMPLE_FILES.pdf.copy(bytes);
  return bytes;
}

/**
 * Starts an upload of `file` as the user and sends its first `sent` bytes only; `rest()` sends the others and
 * answers the response, `request` is the connection (to cut it).
 */
async function startUpload(
  user: { id: number; token_version: number },
  url: string,
  file: Buffer,
  sent: number,
) {
  const { payload, contentType } = multipartBody([{ name: "file", value: file, filename: "scan.pdf" }]);
  const fileStart = payload.indexOf(file.subarray(0, 64));
  const headers = { ...(await ctx.authHeaders(user)), "content-type": contentType };
  let answered: (response: { status: number; body: string }) => void = () => {};
  const answer = new Promise<{ status: number; body: string }>((resolve) => {
    answered = resolve;
  });
  const connection: ClientRequest = request(`${base}${url}`, { method: "POST", headers }, (response) => {
    let body = "";
    response.on("data", (chunk) => {
      body += chunk;
    });
    response.on("end", () => answered({ status: response.statusCode ?? 0, body }));
  });
  connection.on("error", () => {});
  connection.write(payload.subarray(0, fileStart + sent));
  return {
    connection,
    rest: () => {
      connection.end(payload.subarray(fileStart + sent));
      return answer;
    },
  };
}

/** The bytes of the order's upload written so far, aside from its key until it is whole. */
async function inProgress(orderId: number): Promise<number> {
  const folder = path.join(ctx.config.FILES_DIR, "orders", String(orderId));
  const partial = (await readdir(folder).catch(() => [])).find((name) => name.endsWith(".streaming.partial"));
  return partial ? (await stat(path.join(folder, partial)).catch(() => ({ size: 0 }))).size : 0;
}

describe("an upload on its way", () => {
  it("reaches the storage as it arrives: most of the file is written before the client has sent the rest", async () => {
    const { client, order } = await buildCustomerWorld(ctx);
    const draft = await order();
    const file = pdfOf(4 * MiB);
    const sending = await startUpload(client, `${ORDERS}${draft.id}/files/`, file, 3 * MiB);
    // Held whole, the file would reach the storage only once all of it had come
    await expect.poll(() => inProgress(draft.id), WAIT).toBeGreaterThanOrEqual(2 * MiB);
    const answer = await sending.rest();
    expect(answer.status, answer.body).toBe(201);
    const row = JSON.parse(answer.body);
    expect(row).toMatchObject({ filename: "scan.pdf", size: file.length, content_type: "application/pdf" });
    expect((await get(client, `${ORDERS}${draft.id}/file/${row.id}`)).rawPayload.equals(file)).toBe(true);
    expect(await storedKeys(draft.id)).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
  });

  it("keeps nothing of an upload whose client goes away halfway: no file, no part aside, no row", async () => {
    const { client, order } = await buildCustomerWorld(ctx);
    const draft = await order();
    const sending = await startUpload(client, `${ORDERS}${draft.id}/files/`, pdfOf(4 * MiB), 3 * MiB);
    await expect.poll(() => inProgress(draft.id), WAIT).toBeGreaterThan(MiB);
    sending.connection.destroy();
    await expect.poll(() => storedKeys(draft.id), WAIT).toEqual([]);
    expect((await get(client, `${ORDERS}${draft.id}/files/`)).json().count).toBe(0);
  });

  it("refuses a file past the limit with 413, and keeps nothing of what was written", async () => {
    const { client, order } = await buildCustomerWorld(ctx);
    const draft = await order();
    const sending = await startUpload(client, `${ORDERS}${draft.id}/files/`, pdfOf(9 * MiB), 4 * MiB);
    await expect.poll(() => inProgress(draft.id), WAIT).toBeGreaterThan(MiB);
    const answer = await sending.rest();
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ detail: "The file is larger than 8 MB" });
    expect(await storedKeys(draft.id)).toEqual([]);
    expect((await get(client, `${ORDERS}${draft.id}/files/`)).json().count).toBe(0);
  });

  it("refuses text whose markup comes after its first 64 KiB, and keeps nothing", async () => {
    const { client, order } = await buildCustomerWorld(ctx);
    const draft = await order();
    const lines = "номер;вес\n1;20\n".repeat(10_000);
    for (const tail of ["<script>alert(1)</script>", "<svg", "a\0b"]) {
      const response = await upload(client, `${ORDERS}${draft.id}/files/`, [
        { name: "file", value: Buffer.from(lines + tail), filename: "list.csv", contentType: "text/csv" },
      ]);
      expect(response.statusCode, tail).toBe(400);
      expect(response.json(), tail).toEqual({ file: [expect.stringContaining("cannot be attached")] });
    }
    expect(await storedKeys(draft.id)).toEqual([]);
    const plain = await upload(client, `${ORDERS}${draft.id}/files/`, [
      { name: "file", value: Buffer.from(`${lines}a < b`), filename: "list.csv", contentType: "text/csv" },
    ]);
    expect(plain.statusCode).toBe(201);
  });
});
