import { describe, expect, it } from "vitest";
import { textColorOn } from "./labels-list";

describe("a label's text colour", () => {
  it.each([
    ["#ffffff", "#000"],
    ["#ffeb3b", "#000"],
    ["#4caf50", "#000"],
    ["#000000", "#fff"],
    ["#1565c0", "#fff"],
    ["#c62828", "#fff"],
    ["not a colour", "#000"],
  ])("on %s is %s", (color, text) => {
    expect(textColorOn(color)).toBe(text);
  });
});
