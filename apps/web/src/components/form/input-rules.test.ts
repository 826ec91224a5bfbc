import { describe, expect, it } from "vitest";
import { editableMoney, formatMoney, maskDate, maskDigits, parseNumber } from "./input-rules";

describe("parseNumber", () => {
  it.each([
    ["1234", 1234],
    ["1 234,50", 1234.5],
    ["1\u00a0234\u00a0567,89 ₽", 1234567.89],
    ["1\u202f234,5", 1234.5],
    ["1234.5", 1234.5],
    ["0,01", 0.01],
    ["1,5", 1.5],
    ["-15", -15],
    ["12,345", 12.345],
    ["", undefined],
    ["  ", undefined],
    ["612,000.50", null],
    ["1,2,3", null],
    ["abc", null],
    ["1e5", null],
    ["12.", 12],
  ])("in Russian %j → %j", (text, expected) => {
    expect(parseNumber(text, "ru")).toBe(expected);
  });

  it.each([
    ["612,000.50", 612000.5],
    ["1,500", 1500],
    ["25,000", 25000],
    ["1,234,567.89", 1234567.89],
    ["1234.5", 1234.5],
    ["1 234.50", 1234.5],
    ["RUB", null],
    ["1,5", null],
    ["1,50", null],
    ["12,3456", null],
    ["1.234,50", null],
    ["1,234,56", null],
    ["-2,000", -2000],
    ["", undefined],
  ])("in English %j → %j", (text, expected) => {
    expect(parseNumber(text, "en")).toBe(expected);
  });
});

describe("formatMoney and editableMoney", () => {
  it("shows rubles in Russian format, and in English", () => {
    expect(formatMoney(1234567.8, "ru").replace(/\s/g, " ")).toBe("1 234 567,80 ₽");
    expect(formatMoney(1234567.8, "en")).toMatch(/1,234,567\.80/);
  });

  it("gives the amount back for editing in a form parseNumber reads", () => {
    expect(editableMoney(1234.5, "ru")).toBe("1234,50");
    expect(parseNumber(editableMoney(1234.5, "ru"), "ru")).toBe(1234.5);
    expect(editableMoney(0.1, "en")).toBe("0.10");
    expect(parseNumber(editableMoney(612000.5, "en"), "en")).toBe(612000.5);
  });
});

describe("maskDate", () => {
  it.each([
    ["2", "2"],
    ["2025", "2025"],
    ["20250", "2025-0"],
    ["202503", "2025-03"],
    ["2025031", "2025-03-1"],
    ["20250315", "2025-03-15"],
    ["2025-03-15", "2025-03-15"],
    ["15.03.2025", "1503-20-25"],
    ["2025-03-150", "2025-03-15"],
    ["", ""],
  ])("%j → %j", (text, expected) => {
    expect(maskDate(text)).toBe(expected);
  });
});

describe("maskDigits", () => {
  it("keeps digits only, up to the limit", () => {
    expect(maskDigits(" 77-07 083893x", 10)).toBe("7707083893");
    expect(maskDigits("123456789012345", 12)).toBe("123456789012");
  });
});
