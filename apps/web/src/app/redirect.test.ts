import { describe, expect, it } from "vitest";
import { safeReturnPath, signInPathFor } from "./redirect";

describe("safeReturnPath", () => {
  it.each([
    ["/profile", "/profile"],
    ["/profiles?filters=state%3Dpending", "/profiles?filters=state%3Dpending"],
    [null, "/"],
    ["", "/"],
    ["https://evil.example/", "/"],
    ["//evil.example/x", "/"],
    ["/\\evil.example", "/"],
    ["/sign-in?from=/x", "/"],
    ["/sign-up", "/"],
    ["/sign-industry", "/sign-industry"],
  ])("%s → %s", (from, expected) => {
    expect(safeReturnPath(from)).toBe(expected);
  });
});

describe("signInPathFor", () => {
  it("remembers the page with its query", () => {
    expect(signInPathFor("/profiles?search=ivan")).toBe("/sign-in?from=%2Fprofiles%3Fsearch%3Divan");
  });

  it("does not remember the root", () => {
    expect(signInPathFor("/")).toBe("/sign-in");
  });
});
