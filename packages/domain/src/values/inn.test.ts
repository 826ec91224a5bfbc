import { describe, expect, it } from "vitest";
import { companyFields } from "../companies/fields.ts";
import { checkFieldValue } from "../fields/issues.ts";
import { isValidInn } from "./inn.ts";

describe("isValidInn", () => {
  // Real taxpayer numbers: Sberbank, Gazprom, Yandex (companies) and a person's
  it.each(["7707083893", "7736050003", "7736207543", "500100732259"])("takes %s", (inn) => {
    expect(isValidInn(inn)).toBe(true);
  });

  it.each([
    ["7707083894", "a company's check digit off by one"],
    ["500100732258", "a person's second check digit wrong"],
    ["500100732269", "a person's first check digit wrong"],
    ["770708389", "9 digits"],
    ["77070838931", "11 digits"],
    ["77070838a3", "a letter"],
    [" 7707083893", "a space"],
    ["７７０７０８３８９３", "full-width digits"],
    ["", "nothing"],
  ])("refuses %s (%s)", (inn) => {
    expect(isValidInn(inn)).toBe(false);
  });
});

describe("a company's inn field", () => {
  it("is checked by its check digits, and may stay empty", () => {
    expect(checkFieldValue(companyFields.inn, "7707083894")).toEqual({ key: "invalid_inn" });
    expect(checkFieldValue(companyFields.inn, "7707083893")).toBeNull();
    expect(checkFieldValue(companyFields.inn, "")).toBeNull();
  });
});
