import { describe, expect, it } from "vitest";
import { attachmentDisposition, safeFilename, safeName } from "./filenames.ts";

describe("safeName", () => {
  it.each([
    // Windows device names, in any case, with any extension after the first dot, trailing dots and spaces
    ["CON.pdf", "_CON.pdf"],
    ["nul", "_nul"],
    ["aux.txt", "_aux.txt"],
    ["COM1.pdf", "_COM1.pdf"],
    ["lpt9.pdf", "_lpt9.pdf"],
    ["Prn.tar.gz", "_Prn.tar.gz"],
    ["nul.", "_nul"],
    ["CON  ", "_CON"],
    ["con .pdf", "_con .pdf"],
    ["AuX. . .", "_AuX"],
    ["com¹.txt", "_com¹.txt"],
    ["LPT0", "_LPT0"],
    ["CONOUT$.log", "_CONOUT$.log"],
    // Names that only look like them stay
    ["COM10.pdf", "COM10.pdf"],
    ["CONSOLE.pdf", "CONSOLE.pdf"],
    ["Nullify.txt", "Nullify.txt"],
    ["my con.pdf", "my con.pdf"],
    ["N12 CON", "N12 CON"],
  ])("keeps %j from naming a Windows device: %j", (raw, kept) => {
    expect(safeName(raw)).toBe(kept);
  });

  it.each([
    // A lone surrogate, in a string or as the replacement characters its bytes decode to, goes
    ["a\uD800b.pdf", "ab.pdf"],
    ["a\uFFFD\uFFFD\uFFFDb.pdf", "ab.pdf"],
    ["\uDC00.pdf", "pdf"],
    // Path separators are characters of the name, never folders
    ["x/Docs", "x_Docs"],
    ["z/N43", "z_N43"],
    ["..\\..\\boot.ini", "_.._boot.ini"],
    ["Счёт № 1.pdf", "Счёт № 1.pdf"],
    ["", "file"],
  ])("cleans %j as %j", (raw, kept) => {
    expect(safeName(raw)).toBe(kept);
  });

  it("cuts a long name within 200 bytes, keeping its extension and ending with neither dot nor space", () => {
    expect(safeName(`${"Ж".repeat(300)}.pdf`)).toBe(`${"Ж".repeat(98)}.pdf`);
    const cut = safeName(`${"a".repeat(199)}. b`);
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(200);
    expect(cut).toMatch(/[^ .]$/);
  });
});

describe("safeFilename", () => {
  it.each([
    ["../../etc/passwd.pdf", "passwd.pdf"],
    ["C:\\Документы\\CON.pdf", "_CON.pdf"],
    ["folder/nul", "_nul"],
  ])("keeps the last part of the path %j, made safe: %j", (raw, kept) => {
    expect(safeFilename(raw)).toBe(kept);
  });
});

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
