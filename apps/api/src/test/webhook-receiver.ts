import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/** A request a test receiver got: the Standard Webhooks headers and the raw body. */
export interface ReceivedWebhook {
  path: string;
  id: string;
  timestamp: string;
  signature: string;
  body: string;
}

/**
 * A real HTTP receiver on 127.0.0.1 for the webhooks' tests. Each path answers by its name: `/ok…` 200, `/fail…`
 * 500, `/gone…` 410, `/redirect…` 302 elsewhere, `/flaky…` 500 the first time then 200, `/slow…` no answer the first
 * time (the attempt times out) then 200. Every request is kept, in order.
 */
export async function startReceiver() {
  const received: ReceivedWebhook[] = [];
  const seen = new Map<string, number>();
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      received.push({
        path,
        id: String(request.headers["webhook-id"] ?? ""),
        timestamp: String(request.headers["webhook-timestamp"] ?? ""),
        signature: String(request.headers["webhook-signature"] ?? ""),
        body: Buffer.concat(chunks).toString("utf8"),
      });
      const times = (seen.get(path) ?? 0) + 1;
      seen.set(path, times);
      if (path.startsWith("/slow") && times === 1) {
        open.add(response);
        return;
      }
      const status = path.startsWith("/fail")
        ? 500
        : path.startsWith("/gone")
          ? 410
          : path.startsWith("/redirect")
            ? 302
            : path.startsWith("/flaky") && times === 1
              ? 500
              : 200;
      response.writeHead(status, status === 302 ? { location: "http://127.0.0.1:1/" } : {});
      response.end(status === 200 ? `thanks ${"x".repeat(5000)}` : "no");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    at: (path: string) => received.filter((request) => request.path === path),
    close: async () => {
      for (const response of open) response.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Standard Webhooks v1 verification, written from the specification (not the portal's code): the base64 HMAC-SHA256
 * of `id.timestamp.body` keyed by the base64 bytes after `whsec_`, against each `v1,` signature of the header.
 */
export function verifyStandardWebhook(secret: string, message: Omit<ReceivedWebhook, "path">): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key)
    .update(`${message.id}.${message.timestamp}.${message.body}`)
    .digest();
  return message.signature.split(" ").some((part) => {
    const [version, signature] = part.split(",");
    const given = Buffer.from(signature ?? "", "base64");
    return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);
  });
}
