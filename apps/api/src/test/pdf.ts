import { extractText, getDocumentProxy } from "unpdf";
import { expect } from "vitest";
import type { TestContext } from "./context.ts";

/**
 * A PDF download as the user asks for it, in the language: checked to be a PDF, with its text per page and as a
 * whole (white space collapsed), as a reader would select it.
 */
export async function pdfDownload(
  ctx: TestContext,
  user: { id: number; token_version: number },
  url: string,
  lang: string,
) {
  const response = await ctx.app.inject({ method: "GET", url, headers: await ctx.authHeaders(user, lang) });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  expect(response.headers["content-type"]).toBe("application/pdf");
  expect(response.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  const pdf = await getDocumentProxy(new Uint8Array(response.rawPayload));
  const { text } = await extractText(pdf, { mergePages: false });
  const pages = text.map((page) => page.replace(/\s+/g, " "));
  return { response, text: pages.join(" "), pages };
}
