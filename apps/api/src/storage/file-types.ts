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

/**
 * The type of a file by its content, or null when it is not one the portal takes (docs/decisions.md, "Order files
 * and print"): binary formats by their signatures (`file-type`), text when it has no NUL byte and no markup (an
 * HTML page or an SVG image renamed `.pdf` is refused).
 */
export async function sniffFileType(bytes: Uint8Array): Promise<SniffedType | null> {
  const { fileTypeFromBuffer } = await import("file-type");
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) {
    const extensions = BY_DETECTED_TYPE[detected.ext];
    return extensions ? { extensions } : null;
  }
  return isPlainText(bytes) ? { extensions: TEXT } : null;
}

function isPlainText(bytes: Uint8Array): boolean {
  // Read byte by byte: the markup is ASCII in UTF-8 and in single-byte encodings (Windows-1251 CSV files) alike
  return !bytes.includes(0) && !MARKUP.test(Buffer.from(bytes).toString("latin1"));
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
