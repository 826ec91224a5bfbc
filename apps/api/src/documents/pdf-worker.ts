import type { Language } from "@portal/domain";
import type { TDocumentDefinitions } from "pdfmake/interfaces";
import { type OrderPrintData, orderPrint } from "./order-print.ts";
import { renderPdf } from "./pdf.ts";
import type { TransitDeclarationData } from "./transit-declaration.ts";
import { transitDeclarationPdf } from "./transit-declaration-pdf.ts";

// The entry of the threads that build the PDFs (pdf-builder.ts): laying a document out takes pdfmake up to a second
// of CPU, which on the event loop would hold every other request that long. The bundle has it as its own file
// (scripts/build.mjs); the sources run it through tsx's loader.

/**
 * A PDF to build: which document, and the data it shows. It crosses to the thread by structured clone, so it holds
 * data only (maps and dates included); the document's definition, which holds functions (the footer, the tables'
 * lines), is made in the thread.
 */
export type PdfDocument =
  | { kind: "order-print"; data: OrderPrintData; lang: Language }
  | { kind: "transit-declaration"; data: TransitDeclarationData; lang: Language }
  /** A page of lines, the first as a heading (the demo's documents). */
  | { kind: "note"; lines: string[] };

function definitionOf(document: PdfDocument): TDocumentDefinitions {
  switch (document.kind) {
    case "order-print":
      return orderPrint(document.data, document.lang);
    case "transit-declaration":
      return transitDeclarationPdf(document.data, document.lang);
    case "note":
      return { content: document.lines.map((text, i) => ({ text, fontSize: i === 0 ? 14 : 10 })) };
  }
}

/** Builds one document (a task of the pool); its bytes go back to the event loop's thread. */
export default async function buildPdf(document: PdfDocument): Promise<Uint8Array> {
  return renderPdf(definitionOf(document));
}
