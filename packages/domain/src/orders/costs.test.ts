import { describe, expect, it } from "vitest";
import { totalWithVat } from "./costs.ts";

describe("totalWithVat", () => {
  it("adds the VAT to the approved cost in kopecks", () => {
    expect(totalWithVat(100_000, 20)).toBe(120_000);
    expect(totalWithVat(1234.55, 20)).toBe(1481.46);
    expect(totalWithVat(500, null)).toBe(500);
    expect(totalWithVat(null, 20)).toBeNull();
  });
});
