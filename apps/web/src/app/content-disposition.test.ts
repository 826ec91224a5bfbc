import { describe, expect, it } from "vitest";
import { filenameFromContentDisposition } from "./content-disposition";

describe("filenameFromContentDisposition", () => {
  it.each([
    ["attachment; filename=report.pdf", "report.pdf"],
    ['attachment; filename="order 12.pdf"', "order 12.pdf"],
    ['attachment; filename="a;b.txt"; size=10', "a;b.txt"],
    ['attachment; filename="say \\"hi\\".txt"', 'say "hi".txt'],
    ["attachment; filename*=UTF-8''%D0%B2%D1%8B%D0%B3%D1%80%D1%83%D0%B7%D0%BA%D0%B0.zip", "выгрузка.zip"],
    ["attachment; filename*=utf-8'ru'%D0%B0%20%D0%B1.pdf", "а б.pdf"],
    ["attachment; filename*=ISO-8859-1''caf%E9.txt", "café.txt"],
    ["attachment; filename=\"fallback.zip\"; filename*=UTF-8''%E2%82%AC.zip", "€.zip"],
    ["attachment; FILENAME=upper.txt", "upper.txt"],
    ['attachment; filename="../../etc/passwd"', "passwd"],
    ['attachment; filename="C:\\\\temp\\\\x.txt"', "x.txt"],
  ])("reads %s", (header, expected) => {
    expect(filenameFromContentDisposition(header)).toBe(expected);
  });

  it("falls back to filename when filename* is malformed", () => {
    expect(filenameFromContentDisposition("attachment; filename*=%E2%82; filename=plain.txt")).toBe(
      "plain.txt",
    );
    expect(filenameFromContentDisposition("attachment; filename*=UTF-8''%E2%82; filename=plain.txt")).toBe(
      "plain.txt",
    );
  });

  it.each([[null], [undefined], [""], ["inline"], ["attachment"], ["attachment; size=3"]])(
    "answers null without a name (%s)",
    (header) => {
      expect(filenameFromContentDisposition(header)).toBeNull();
    },
  );
});
