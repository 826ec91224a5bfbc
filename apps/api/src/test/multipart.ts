import { randomUUID } from "node:crypto";

/** A part of a multipart form: a text field, or a file when it has a `filename`. */
export interface FormPart {
  name: string;
  value: string | Uint8Array;
  filename?: string;
  contentType?: string;
}

/**
 * A `multipart/form-data` body as a browser sends it (names in UTF-8, `"` and line breaks percent-encoded), for
 * `app.inject({ payload, headers: { "content-type": contentType } })`.
 */
export function multipartBody(parts: FormPart[], boundary = `----portal-${randomUUID()}`) {
  const quote = (text: string) => text.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${quote(part.name)}"`;
    if (part.filename !== undefined) head += `; filename="${quote(part.filename)}"`;
    if (part.filename !== undefined || part.contentType) {
      head += `\r\nContent-Type: ${part.contentType ?? "application/octet-stream"}`;
    }
    chunks.push(Buffer.from(`${head}\r\n\r\n`), Buffer.from(part.value), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The smallest file each allowed type is recognised by (the content, whatever the name says). */
export const SAMPLE_FILES = {
  pdf: Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"),
  png: Buffer.from(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a0000000000049454e44ae426082",
    "hex",
  ),
  html: Buffer.from("<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>"),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="4"/></svg>'),
  exe: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(62), Buffer.from("PE\0\0")]),
};
