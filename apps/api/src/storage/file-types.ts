import { ORDER_FILE_TYPES, type OrderFileExtension } from "@portal/domain";

/** What a file's content is, as far as the files it may be stored as go: the extensions its name may end with. */
export interface SniffedType {
  /** The extensions that fit the content, the usual one first; a name ending with none of them gets the first. */
  extensions: readonly OrderFileExtension[];
}

/**
 * The extensions each content type detected by `file-type` may be stored as. A ZIP archive may be a Word or Excel
 * file that `file-type` did not look into, and an OLE compound file is a Word or Excel 97–2003 file, or a
 * password-protected current one.
 */
const BY_DETECTED_TYPE: Record<string, readonly OrderFileExtension[]> = {
  pdf: ["pdf"],
  jpg: ["jpg", "jpeg"],
  png: ["png"],
  tif: ["tif", "tiff"],
  docx: ["docx"],
  xlsx: ["xlsx"],
  cfb: ["doc", "xls", "docx", "xlsx"],
  zip: ["zip", "docx", "xlsx"],
};

const TEXT: readonly OrderFileExtension[] = ["txt", "csv"];

/** Markup a browser or an image viewer would run or render: never taken as plain text, whatever the name says. */
const MARKUP =
  /<\s*(?:!doctype|\?xml|html|head|body|script|svg|iframe|object|embed|meta|link|style|form|img)\b/i;

/** What of a file is read before its type is told: more than the signatures `file-type` reads (4,100 bytes). */
export const HEAD_BYTES = 64 * 1024;

/** Markup a tag may still begin at the end of what was read: `<`, spaces, at most a keyword's letters. */
const TAG_START = /^<\s*[!?a-z]{0,8}$/i;

/**
 * The type of a file by its content, told as its bytes pass, never holding more than its head (docs/decisions.md,
 * "Order files and print"): binary formats by the signatures in its first HEAD_BYTES (`file-type`), text when no
 * byte of it is NUL and it holds no markup (an HTML page or an SVG image renamed `.pdf` is refused), to its end.
 */
export class ContentCheck {
  /** What the head told: a binary format (nothing more to check), text (checked to its end), or neither. */
  #kind: "binary" | "text" | "refused" = "refused";
  /** The end of the text read so far that may begin a tag (spaces folded), read again with the next bytes. */
  #carry = "";

  /** The type the first bytes tell (HEAD_BYTES, or all of a smaller file), or null when the portal takes no such file. */
  async head(bytes: Uint8Array): Promise<SniffedType | null> {
    const { fileTypeFromBuffer } = await import("file-type");
    const detected = await fileTypeFromBuffer(bytes);
    if (detected) {
      const extensions = BY_DETECTED_TYPE[detected.ext];
      this.#kind = extensions ? "binary" : "refused";
      return extensions ? { extensions } : null;
    }
    this.#kind = "text";
    return this.rest(bytes) ? { extensions: TEXT } : null;
  }

  /** Whether the file is still of the type its head told, with these bytes after the head. */
  rest(bytes: Uint8Array): boolean {
    if (this.#kind !== "text") return this.#kind === "binary";
    // Read byte by byte: the markup is ASCII in UTF-8 and in single-byte encodings (Windows-1251 CSV files) alike
    const text = this.#carry + Buffer.from(bytes).toString("latin1");
    // A tag cut by the end of these bytes is read whole with the next ones
    const open = text.lastIndexOf("<");
    const tail = open >= 0 && TAG_START.test(text.slice(open).replace(/\s+/g, " ")) ? open : text.length;
    this.#carry = text.slice(tail).replace(/\s+/g, " ");
    if (bytes.includes(0) || MARKUP.test(text.slice(0, tail))) this.#kind = "refused";
    return this.#kind === "text";
  }

  /** Whether the whole file was of the type its head told, once its last bytes have passed. */
  end(): boolean {
    if (this.#kind === "text" && MARKUP.test(this.#carry)) this.#kind = "refused";
    return this.#kind !== "refused";
  }
}

/**
 * The name a file of this type is stored under: its own when its extension fits the content (letter case aside),
 * else with the type's usual extension added (`scan` → `scan.pdf`, `page.html` holding a PDF → `page.html.pdf`),
 * so that a download never opens in a program for another type. Also the type it is served as.
 */
export function storedName(name: string, type: SniffedType): { filename: string; contentType: string } {
  const dot = name.lastIndexOf(".");
  const own = dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
  const fits = (type.extensions as readonly string[]).includes(own);
  const extension = (fits ? own : type.extensions[0]) as OrderFileExtension;
  return { filename: fits ? name : `${name}.${extension}`, contentType: ORDER_FILE_TYPES[extension] };
}
