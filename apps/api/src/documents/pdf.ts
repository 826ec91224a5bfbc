import { createRequire } from "node:module";
import path from "node:path";
import type { TDocumentDefinitions } from "pdfmake/interfaces";

/**
 * pdfmake's own Roboto (it has Cyrillic, `№` and `₽`; not `→`), from its package, so that the build needs no font
 * of its own and a fresh clone prints after `npm install`.
 */
const FONT_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve("pdfmake/package.json")),
  "fonts/Roboto",
);

let loaded: Promise<typeof import("pdfmake")> | undefined;

/**
 * pdfmake, loaded with the first document (a sixth of a second that a start-up need not pay), allowed to read the
 * font files and nothing else, and to fetch nothing: a document's text can never make it open a file or a URL.
 */
function pdfmake(): Promise<typeof import("pdfmake")> {
  loaded ??= import("pdfmake").then((module) => {
    const printer = (module as unknown as { default: typeof import("pdfmake") }).default ?? module;
    printer.setUrlAccessPolicy(() => false);
    printer.setLocalAccessPolicy((file) => path.dirname(path.resolve(file)) === FONT_DIR);
    printer.addFonts({
      Roboto: {
        normal: path.join(FONT_DIR, "Roboto-Regular.ttf"),
        bold: path.join(FONT_DIR, "Roboto-Medium.ttf"),
        italics: path.join(FONT_DIR, "Roboto-Italic.ttf"),
        bolditalics: path.join(FONT_DIR, "Roboto-MediumItalic.ttf"),
      },
    });
    return printer;
  });
  return loaded;
}

/**
 * Renders a document (pdfmake's definition) to a PDF in Roboto, its text selectable, on the calling thread: called
 * by the PDF threads (pdf-worker.ts) only; the API builds documents through PdfBuilder.
 */
export async function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  const printer = await pdfmake();
  return printer
    .createPdf({ ...definition, defaultStyle: { font: "Roboto", ...definition.defaultStyle } })
    .getBuffer();
}
