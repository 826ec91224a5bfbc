import { describe, expect, it } from "vitest";
import { spreadsheetText, spreadsheetTextRead } from "./spreadsheet.ts";

describe("spreadsheetText", () => {
  it.each([
    ["=1+1", "'=1+1"],
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
    ["-2+3*cmd", "'-2+3*cmd"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\t=cmd", "'\t=cmd"],
    ["\r=cmd", "'\r=cmd"],
    ["\tplain", "'\tplain"],
  ])("keeps %j from being a formula, and reads it back", (text, written) => {
    expect(spreadsheetText(text)).toBe(written);
    expect(spreadsheetTextRead(written)).toBe(text);
  });

  it.each([
    "",
    "Ромашка",
    "a=b",
    " =1",
    "45G1",
    "2026-03-01",
    "+7 423 200-10-03",
    "-2",
    "+7 (423) 200.10,03",
  ])("leaves %j as it is, and reads it back as it is", (text) => {
    expect(spreadsheetText(text)).toBe(text);
    expect(spreadsheetTextRead(text)).toBe(text);
  });

  it("reads a text of the user's that starts with an apostrophe as it is", () => {
    expect(spreadsheetTextRead("'quoted'")).toBe("'quoted'");
    expect(spreadsheetTextRead("'-2")).toBe("'-2");
  });
});
