import { describe, expect, it } from "vitest";
import { validationMarker } from "./errors";

describe("validationMarker", () => {
  it("finds the marker next to field messages", () => {
    expect(validationMarker({ email: ["x"], "@validation": "fields_not_provided" })).toBe(
      "fields_not_provided",
    );
  });

  it("is null for bodies without it", () => {
    expect(validationMarker({ email: ["x"] })).toBeNull();
    expect(validationMarker(null)).toBeNull();
    expect(validationMarker("text")).toBeNull();
  });
});
