import { describe, expect, it } from "vitest";
import { normalizeUsername, usernameKey } from "./usernames.ts";

describe("usernameKey", () => {
  it.each([
    ["mаnager", "Cyrillic а"],
    ["ｍａｎａｇｅｒ", "full-width letters"],
    ["MANAGER", "capitals"],
    ["Manager", "a capital"],
    ["rnanager", "r and n drawn as m"],
  ])("%s (%s) shares the key of manager", (lookalike) => {
    expect(usernameKey(lookalike)).toBe(usernameKey("manager"));
  });

  it.each([
    ["manager", "managers"],
    ["client2", "client3"],
    ["ivanov", "petrov"],
    ["иванов", "петров"],
  ])("%s and %s differ", (a, b) => {
    expect(usernameKey(a)).not.toBe(usernameKey(b));
  });
});

describe("normalizeUsername", () => {
  it("folds compatibility forms and keeps the case", () => {
    expect(normalizeUsername("Ｉｖａｎ")).toBe("Ivan");
    expect(normalizeUsername("Ivan")).toBe("Ivan");
  });
});
