import { describe, expect, it } from "vitest";
import { fieldMessageText, readFieldMessage } from "./field-message";

/** Shows what each kind of message became: web keys and shared messages tagged, text as it is. */
const shown = (message: string) =>
  fieldMessageText(
    message,
    (key) => `web:${key}`,
    (shared) => `shared:${shared.key}${shared.params ? JSON.stringify(shared.params) : ""}`,
  );

describe("readFieldMessage", () => {
  it("reads a key of the web's catalog, without its namespace", () => {
    expect(readFieldMessage("$t:errors:validation.required")).toEqual({ web: "validation.required" });
  });

  it("reads a shared message with its parameters", () => {
    expect(readFieldMessage('$m:{"key":"max_length","params":{"count":2}}')).toEqual({
      shared: { key: "max_length", params: { count: 2 } },
    });
  });

  it("leaves a server's message, already translated, as text", () => {
    expect(readFieldMessage("A user with that username already exists.")).toEqual({
      text: "A user with that username already exists.",
    });
  });
});

describe("fieldMessageText", () => {
  it("says each kind of message through its own catalog", () => {
    expect(shown("$t:errors:validation.required")).toBe("web:validation.required");
    expect(shown('$m:{"key":"max_length","params":{"count":2}}')).toBe('shared:max_length{"count":2}');
    expect(shown("Пароль слишком короткий")).toBe("Пароль слишком короткий");
  });
});
