/**
 * The file name a `Content-Disposition` header asks for, or null.
 * `filename*` (RFC 5987/6266, e.g. `filename*=UTF-8''%D0%B0.zip`) wins over `filename`; quoted strings may
 * contain `;` and backslash escapes. Any folder part is dropped so the name is safe to offer for saving.
 */
export function filenameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const params = parseParameters(header);
  const extended = params.get("filename*");
  if (extended !== undefined) {
    const decoded = decodeExtendedValue(extended);
    const name = decoded ? baseName(decoded) : null;
    if (name) return name;
  }
  const plain = params.get("filename");
  return plain ? baseName(plain) : null;
}

/** Splits `type; a=1; b="x;y"` into lower-cased parameter names and their unquoted values. */
function parseParameters(header: string): Map<string, string> {
  const params = new Map<string, string>();
  let index = header.indexOf(";");
  if (index < 0) return params;
  index += 1;
  while (index < header.length) {
    const eq = header.indexOf("=", index);
    if (eq < 0) break;
    const name = header.slice(index, eq).trim().toLowerCase();
    let cursor = eq + 1;
    while (header[cursor] === " " || header[cursor] === "\t") cursor += 1;
    let value = "";
    if (header[cursor] === '"') {
      cursor += 1;
      while (cursor < header.length && header[cursor] !== '"') {
        if (header[cursor] === "\\" && cursor + 1 < header.length) cursor += 1;
        value += header[cursor];
        cursor += 1;
      }
      const next = header.indexOf(";", cursor);
      index = next < 0 ? header.length : next + 1;
    } else {
      const next = header.indexOf(";", cursor);
      const end = next < 0 ? header.length : next;
      value = header.slice(cursor, end).trim();
      index = end + 1;
    }
    if (name && !params.has(name)) params.set(name, value);
  }
  return params;
}

/** Decodes `charset'language'percent-encoded` (UTF-8 or ISO-8859-1); null when malformed. */
function decodeExtendedValue(value: string): string | null {
  const match = /^([^']*)'[^']*'(.*)$/.exec(value);
  if (!match) return null;
  const charset = (match[1] ?? "").toLowerCase();
  const encoded = match[2] ?? "";
  try {
    if (charset === "utf-8" || charset === "") return decodeURIComponent(encoded);
    if (charset === "iso-8859-1" || charset === "latin1") {
      return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    }
  } catch {
    return null;
  }
  return null;
}

function baseName(name: string): string | null {
  const parts = name.split(/[\\/]/);
  return (parts[parts.length - 1] ?? "").trim() || null;
}
