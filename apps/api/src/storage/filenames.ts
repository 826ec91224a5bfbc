/** The most a stored file name takes, in UTF-8 bytes: a file system's 255 less room for an added extension. */
const MAX_NAME_BYTES = 200;

/**
 * Characters that never stay in a file name: controls (C0, DEL, C1), format characters (bidirectional overrides
 * and isolates, which make `exe.pdf` read as `fdp.exe`, zero-width characters, the byte-order mark), lone
 * surrogates, and the replacement character U+FFFD: what a decoder writes for bytes that are not UTF-8 (a lone
 * surrogate percent-encoded in an upload's `filename*` arrives as three of them), so it goes as the surrogate would.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\uFFFD]/gu;

/** Characters Windows does not allow in a name, path separators among them. */
const RESERVED = /[<>:"/\\|?*]/g;

/**
 * Names Windows keeps for devices, whatever the case and whatever follows the first dot (`nul.txt`, `Con .tar.gz`
 * are the device too): a file of such a name cannot be made there, and an archive holding one does not extract.
 */
const DEVICE = /^(?:CON|PRN|AUX|NUL|CONIN\$|CONOUT\$|COM[0-9¹²³]|LPT[0-9¹²³])$/i;

/**
 * A name made safe for any file system from any text (a file's name, or one composed of an order's parties): without
 * invisible characters, reserved ones (path separators too) as `_`, runs of spaces as one, no leading or trailing
 * dots and spaces, a Windows device name prefixed with `_` (`_CON.pdf`), at most MAX_NAME_BYTES long with its
 * extension kept; letters of any script (Cyrillic) stay. "file" when nothing is left.
 */
export function safeName(text: string): string {
  const cleaned = text
    .normalize("NFC")
    .replace(INVISIBLE, "")
    .replace(RESERVED, "_")
    .replace(/\s+/g, " ")
    .replace(/^[\s.]+|[\s.]+$/g, "");
  const stem = cleaned.split(".", 1)[0]?.trimEnd() ?? "";
  return truncate(DEVICE.test(stem) ? `_${cleaned}` : cleaned) || "file";
}

/**
 * The name an uploaded file keeps: the last part of whatever path the client sent (the multipart parser takes it
 * too), made safe (`safeName`).
 */
export function safeFilename(raw: string): string {
  return safeName(raw.split(/[/\\]/).pop() ?? "");
}

/** Cuts the name's stem (never inside a character) until the whole name fits in MAX_NAME_BYTES. */
function truncate(name: string): string {
  if (Buffer.byteLength(name) <= MAX_NAME_BYTES) return name;
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : "";
  let stem = "";
  for (const char of name.slice(0, name.length - extension.length)) {
    if (Buffer.byteLength(stem + char + extension) > MAX_NAME_BYTES) break;
    stem += char;
  }
  // A cut stem may end with what the name may not end with
  return stem.replace(/[\s.]+$/, "") + extension;
}

/** Russian letters in Latin ones, as the Russian passport writes names (ICAO 9303), and the numero sign. */
// biome-ignore format: a table
const LATIN: Readonly<Record<string, string>> = {
  а: "a", б: "b", в: "v", г: "g", д: "d", е: "e", ё: "e", ж: "zh", з: "z", и: "i", й: "i", к: "k", л: "l",
  м: "m", н: "n", о: "o", п: "p", р: "r", с: "s", т: "t", у: "u", ф: "f", х: "kh", ц: "ts", ч: "ch", ш: "sh",
  щ: "shch", ъ: "ie", ы: "y", ь: "", э: "e", ю: "iu", я: "ia", "№": "No",
};

/** A name in ASCII for clients that read only `filename`: Russian letters in Latin ones, other characters `_`. */
function asciiFilename(filename: string): string {
  const latin = [...filename]
    .map((char) => {
      const lower = char.toLowerCase();
      const letters = LATIN[lower];
      if (letters === undefined) return char;
      return char === lower ? letters : letters.charAt(0).toUpperCase() + letters.slice(1);
    })
    .join("");
  return latin.replace(/[^\x20-\x7e]|["\\%]/g, "_");
}

/**
 * The `Content-Disposition` of a download: always an attachment, with the name in UTF-8 (`filename*`, RFC 6266 and
 * 5987) and a plain ASCII one for clients that read only `filename` (`заявка-3.pdf` as `zaiavka-3.pdf`).
 */
export function attachmentDisposition(filename: string): string {
  const ascii = asciiFilename(filename);
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
