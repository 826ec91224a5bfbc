import { describe, expect, it } from "vitest";
import { checkPassword, similarity } from "./password-rules.ts";

const owner = {
  username: "s.lebedev",
  first_name: "Sergey",
  last_name: "Lebedev",
  email: "s.lebedev@example.ru",
};
const keys = (password: string) => checkPassword(password, owner).map((message) => message.key);

describe("checkPassword", () => {
  it.each([
    ["Harbour-Crane-88", []],
    ["short1", ["password_too_short"]],
    ["12345678901", ["password_entirely_numeric", "password_too_common"].sort()],
    ["password", ["password_too_common"]],
    ["PASSWORD", ["password_too_common"]],
    ["lebedev77", ["password_too_similar"]],
    ["s.lebedev", ["password_too_similar"]],
    ["sergey2026", ["password_too_similar"]],
    // The list holds passwords of 8 characters or more; shorter ones already fail on length.
    ["1234", ["password_entirely_numeric", "password_too_short"].sort()],
  ])("%s → %j", (password, expected) => {
    expect(keys(password).sort()).toEqual(expected);
  });

  it("names the field the password resembles", () => {
    expect(checkPassword("lebedev77", owner)[0]?.params).toEqual({
      field: { label: { resource: "user", field: "username" } },
    });
  });
});

describe("similarity", () => {
  it("matches difflib's ratio", () => {
    expect(similarity("abcd", "bcde")).toBeCloseTo(0.75);
    expect(similarity("", "")).toBe(1);
    expect(similarity("abc", "xyz")).toBe(0);
  });
});
