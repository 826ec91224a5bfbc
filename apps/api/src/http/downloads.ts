import type { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import { attachmentDisposition } from "../storage/filenames.ts";

/**
 * Answers a file as a download: always an attachment under its name (UTF-8 with an ASCII fallback), of its own
 * type, never sniffed by the browser into another (a document can never run as a page of the portal).
 */
export function sendAttachment(
  reply: FastifyReply,
  file: { filename: string; contentType: string; size?: number; body: Readable | Buffer },
) {
  reply
    .header("Content-Type", file.contentType)
    .header("Content-Disposition", attachmentDisposition(file.filename))
    .header("X-Content-Type-Options", "nosniff");
  if (file.size !== undefined) reply.header("Content-Length", file.size);
  return reply.send(file.body);
}
