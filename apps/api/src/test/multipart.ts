import { randomUUID } from "node:crypto";
import { crc32 } from "node:zlib";

// Multipart forms as a browser sends them, and the smallest files of each kind an upload tells by its content.

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

/** A ZIP archive of stored (uncompressed) entries: what Word and Excel files are. */
export function zipOf(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt32LE(crc32(data), 14);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(header, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += header.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
