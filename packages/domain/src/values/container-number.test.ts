import { describe, expect, it } from "vitest";
import {
  CONTAINER_NUMBER_MAX,
  containerCheckDigit,
  isValidContainerNumber,
  normalizeContainerNumber,
} from "./container-number.ts";

describe("containerCheckDigit", () => {
  it.each([
    // C13·1 + S30·2 + Q28·4 + U32·8 + 3·16 + 0·32 + 5·64 + 4·128 + 3·256 + 8·512 = 6185; 6185 mod 11 = 3
    ["CSQU305438", 3],
    // M24 + S30·2 + K21·4 + U32·8 + 9·16 + 0 + 7·64 + 0 + 3·256 + 2·512 = 2808; 2808 mod 11 = 3
    ["MSKU907032", 3],
    // B12 + I19·2 + C13·4 + U32·8 + 1·16 + 2·32 + 3·64 + 4·128 + 5·256 + 6·512 = 5494; 5494 mod 11 = 5
    ["BICU123456", 5],
    // 3992 mod 11 = 10, which counts as 0
    ["MSCU100007", 0],
  ])("of %s is %i", (firstTen, digit) => {
    expect(containerCheckDigit(firstTen)).toBe(digit);
  });

  it("is null for what is not ten characters of a number", () => {
    for (const text of ["", "CSQU30543", "CSQU3054383", "CSQ13054383", "csqu305438", "CSQU30543X"]) {
      expect(containerCheckDigit(text), text).toBeNull();
    }
  });
});

describe("isValidContainerNumber", () => {
  it.each([
    "CSQU3054383", // the standard's own example
    "MSKU9070323",
    "BICU1234565", // the BIC's example
    "MSCU1000070", // remainder 10: check digit 0
    "HLXU1122330", // remainder 10 again
    "HJCU8281988",
    "CMAU0620834",
    // Owner codes of fleets on the China–Russia–Europe rail routes, check digits worked out from the standard's
    // letter table apart from the code under test
    "TGHU8803264",
    "TCNU1234565",
    "MAEU5123453",
    "OOLU6012346",
    "CAIU7890124",
    "TEMU3456788",
    "SEGU4567898",
    "FCIU8765439",
    "GESU2345670",
    "TRLU5566770",
    "EISU9988777",
    "YMLU4455660",
    "ZIMU6677889",
    "APZU4400112",
    "TKRU4205174",
    "FESU2003002",
    "RZDU1002007",
    "BMOU5120778",
  ])("takes the real number %s", (number) => {
    expect(isValidContainerNumber(number)).toBe(true);
  });

  it.each([
    ["lower-case letters", "tghu8803264"],
    ["spaces between the parts", "TGHU 880326 4"],
    ["a zero-width space", "TGHU\u200b8803264"],
    ["a byte-order mark", "\ufeffTKRU4205174"],
    ["a right-to-left override", "\u202eRZDU1002007"],
    ["a tab and a no-break space", "\tFESU\u00a02003002"],
  ])("flags a number with %s as written, and takes it once normalised", (_case, typed) => {
    expect(isValidContainerNumber(typed)).toBe(false);
    expect(isValidContainerNumber(normalizeContainerNumber(typed))).toBe(true);
  });

  it.each([
    ["a wrong check digit", "CSQU3054384"],
    ["a wrong check digit of a real fleet's number", "TKRU4205173"],
    ["two serial digits swapped", "TGHU8083264"],
    ["a check digit of 10 written as 1", "MSCU1000071"],
    ["a check digit of 10 written as 10", "HLXU11223310"],
    ["the letter O for a zero", "MSCU1O00070"],
    ["a category other than U, J or Z", "CSQX3054383"],
    ["a digit in the owner code", "C5QU3054383"],
    ["a letter in the serial", "CSQU30543B3"],
    ["ten characters", "CSQU305438"],
    ["twelve characters", "CSQU30543830"],
    ["lower-case letters", "csqu3054383"],
    ["spaces", "CSQU 305438 3"],
    ["a hyphen before the check digit", "CSQU305438-3"],
    ["Cyrillic letters that look Latin", "СSQU3054383"],
    ["nothing", ""],
  ])("flags %s", (_case, number) => {
    expect(isValidContainerNumber(number)).toBe(false);
  });

  it("takes detachable equipment (J) and trailers (Z) too", () => {
    const withCategory = (category: string) => {
      const firstTen = `CSQ${category}305438`;
      return `${firstTen}${containerCheckDigit(firstTen)}`;
    };
    expect(isValidContainerNumber(withCategory("J"))).toBe(true);
    expect(isValidContainerNumber(withCategory("Z"))).toBe(true);
  });
});

describe("normalizeContainerNumber", () => {
  it("upper-cases Latin letters and drops spaces, so that a typed number checks", () => {
    expect(normalizeContainerNumber("csqu 305438 3")).toBe("CSQU3054383");
    expect(normalizeContainerNumber("\u202eMSKU1234565")).toBe("MSKU1234565");
    expect(normalizeContainerNumber("MSKU\u200b123\u2066456\u20695\ufeff")).toBe("MSKU1234565");
    expect(isValidContainerNumber(normalizeContainerNumber(" msku9070323\t"))).toBe(true);
  });

  it("keeps every other character, and never makes a number longer", () => {
    expect(normalizeContainerNumber("CSQU305438-3")).toBe("CSQU305438-3");
    const odd = "ßﬁıǆ".repeat(4).slice(0, CONTAINER_NUMBER_MAX);
    expect(normalizeContainerNumber(odd)).toBe(odd);
  });
});
