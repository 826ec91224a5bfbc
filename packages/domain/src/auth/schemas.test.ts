import { describe, expect, it } from "vitest";
import { issueMessage } from "../fields/issues.ts";
import { signInBody, signUpBody, signUpForm } from "./schemas.ts";

/** The catalog messages of a parse by field, as the API and the forms word them; null when it passes. */
function messages(result: { success: boolean; error?: { issues: Parameters<typeof issueMessage>[0][] } }) {
  if (result.success) return null;
  return (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issueMessage(issue).key]);
}

describe("signInBody", () => {
  it("trims both credentials", () => {
    expect(signInBody.parse({ username: "  manager ", password: " Freight-2026 " })).toEqual({
      username: "manager",
      password: "Freight-2026",
    });
  });

  it("requires both, and refuses a username over the users' limit", () => {
    expect(messages(signInBody.safeParse({ username: "  ", password: "" }))).toEqual([
      ["username", "required"],
      ["password", "required"],
    ]);
    expect(messages(signInBody.safeParse({ username: "u".repeat(151), password: "p" }))).toEqual([
      ["username", "max_length"],
    ]);
  });
});

describe("signUpBody and signUpForm", () => {
  it("leaves an empty or different repeat to the API, which answers it with the other checks", () => {
    expect(signUpBody.safeParse({ username: "river", password: "a", repeatPassword: "" }).success).toBe(true);
    expect(signUpBody.safeParse({ username: "river", password: "a", repeatPassword: "b" }).success).toBe(
      true,
    );
  });

  it("makes the form require the repeat and match it, beside the other fields' messages", () => {
    expect(messages(signUpForm.safeParse({ username: "", password: "a", repeatPassword: "b" }))).toEqual([
      ["username", "required"],
      ["repeatPassword", "signup_password_mismatch"],
    ]);
    expect(messages(signUpForm.safeParse({ username: "river", password: "a", repeatPassword: " " }))).toEqual(
      [["repeatPassword", "required"]],
    );
    expect(signUpForm.parse({ username: " river ", password: "a ", repeatPassword: " a" })).toEqual({
      username: "river",
      password: "a",
      repeatPassword: "a",
    });
  });
});
