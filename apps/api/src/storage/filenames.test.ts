import { describe, expect, it } from "vitest";
import { attachmentDisposition } from "./filenames.ts";

describe("attachmentDisposition", () => {
  it.each([
    ["Счёт-фактура № 15 (копия).pdf", "Schet-faktura No 15 (kopiia).pdf"],
    ["ЗАЯВКА Щукина.docx", "ZAIaVKA Shchukina.docx"],
    ["invoice.pdf", "invoice.pdf"],
    ['quote "50%".txt', "quote _50__.txt"],
    ["发票 2026.pdf", "__ 2026.pdf"],
  ])("writes %s in ASCII for clients that read only filename", (name, ascii) => {
    const header = attachmentDisposition(name);
    expect(header).toContain(`attachment; filename="${ascii}"; filename*=UTF-8''`);
    // The full name travels percent-encoded beside it
    expect(decodeURIComponent(header.split("UTF-8''")[1] ?? "")).toBe(name);
  });
});
