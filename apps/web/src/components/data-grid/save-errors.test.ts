import { describe, expect, it } from "vitest";
import { GridValidationError, readSaveError } from "./save-errors";

class FakeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

const cells = new Map([
  ["email", "email"],
  ["company_id", "company_id"],
  ["change_company_warning", "company_id"],
]);

describe("readSaveError", () => {
  it("puts 400 field messages on their cells and the rest in general messages", () => {
    const failure = readSaveError(
      new FakeApiError(400, {
        email: ["Некорректный адрес", "Ещё одно"],
        change_company_warning: ["Подтвердите"],
        version: ["Обязательное поле"],
        "@validation": "fields_not_provided",
      }),
      cells,
    );
    expect(failure).toEqual({
      kind: "validation",
      fieldErrors: { email: "Некорректный адрес Ещё одно", company_id: "Подтвердите" },
      messages: ["version: Обязательное поле"],
    });
  });

  it("shows a 400 detail as a general message", () => {
    expect(readSaveError(new FakeApiError(400, { detail: "Malformed JSON" }), cells).messages).toEqual([
      "Malformed JSON",
    ]);
  });

  it("recognises a stale version", () => {
    expect(readSaveError(new FakeApiError(409, { detail: "x", current: {} }), cells).kind).toBe("conflict");
  });

  it("reads client-side refusals like a 400", () => {
    expect(readSaveError(new GridValidationError({ change_company_warning: ["Tick it"] }), cells)).toEqual({
      kind: "validation",
      fieldErrors: { company_id: "Tick it" },
      messages: [],
    });
  });

  it("falls back to detail, then the error's message", () => {
    expect(readSaveError(new FakeApiError(403, { detail: "Access denied" }), cells)).toEqual({
      kind: "error",
      fieldErrors: {},
      messages: ["Access denied"],
    });
    expect(readSaveError(new Error("Failed to fetch"), cells).messages).toEqual(["Failed to fetch"]);
  });
});
