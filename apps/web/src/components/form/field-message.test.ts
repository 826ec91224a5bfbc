import { signUpForm } from "@portal/domain";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkBySchema, fieldMessageText, issueText, readFieldMessage } from "./field-message";

const schema = z.object({
  name: z.string().trim().min(1, "$t:errors:validation.required"),
  code: z.string().max(3),
  address: z.object({ city: z.string().min(1) }),
});

/** Shows what each kind of message became: web keys and shared messages tagged, text as it is. */
const shown = (message: string) =>
  fieldMessageText(
    message,
    (key) => `web:${key}`,
    (shared) => `shared:${shared.key}${shared.params ? JSON.stringify(shared.params) : ""}`,
  );

describe("checkBySchema", () => {
  it("gives the schema's output when the values pass", async () => {
    expect(await checkBySchema(schema, { name: " Ann ", code: "ab", address: { city: "Vl" } })).toEqual({
      values: { name: "Ann", code: "ab", address: { city: "Vl" } },
    });
  });

  it("gives each field its first message, by dotted name", async () => {
    const checked = await checkBySchema(schema, { name: " ", code: "abcd", address: { city: "" } });
    expect("errors" in checked && Object.keys(checked.errors)).toEqual(["name", "code", "address.city"]);
    if (!("errors" in checked)) return;
    expect(shown(checked.errors.name ?? "")).toBe("web:validation.required");
    expect(shown(checked.errors.code ?? "")).toBe('shared:max_length{"count":3}');
    expect(shown(checked.errors["address.city"] ?? "")).toBe("shared:required");
  });

  it("words a shared schema's refinement with its catalog key (sign-up's repeat)", async () => {
    const checked = await checkBySchema(signUpForm, { username: "a", password: "x", repeatPassword: "y" });
    expect("errors" in checked && shown(checked.errors.repeatPassword ?? "")).toBe(
      "shared:signup_password_mismatch",
    );
  });
});

describe("issueText and readFieldMessage", () => {
  it("keeps a form's own message as the key it is", () => {
    const [issue] = schema.shape.name.safeParse("").error?.issues ?? [];
    expect(issue && issueText(issue)).toBe("$t:errors:validation.required");
    expect(readFieldMessage("$t:errors:validation.required")).toEqual({ web: "validation.required" });
  });

  it("reads back a shared message with its parameters, and leaves a server's message as text", () => {
    const [issue] = z.string().max(2).safeParse("abc").error?.issues ?? [];
    const text = issue ? issueText(issue) : "";
    expect(readFieldMessage(text)).toEqual({ shared: { key: "max_length", params: { count: 2 } } });
    expect(readFieldMessage("A user with that username already exists.")).toEqual({
      text: "A user with that username already exists.",
    });
    expect(shown("Пароль слишком короткий")).toBe("Пароль слишком короткий");
  });
});
