import { signUpForm } from "@portal/domain";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readFieldMessage } from "./field-message";
import { checkBySchema, issueText } from "./schema-check";

const schema = z.object({
  name: z.string().trim().min(1, "$t:errors:validation.required"),
  code: z.string().max(3),
  address: z.object({ city: z.string().min(1) }),
});

describe("checkBySchema", () => {
  it("gives the schema's output when the values pass", async () => {
    expect(await checkBySchema(schema, { name: " Ann ", code: "ab", address: { city: "Vl" } })).toEqual({
      values: { name: "Ann", code: "ab", address: { city: "Vl" } },
    });
  });

  it("gives each field its first message, by dotted name", async () => {
    const checked = await checkBySchema(schema, { name: " ", code: "abcd", address: { city: "" } });
    expect(checked).toEqual({
      errors: {
        name: "$t:errors:validation.required",
        code: '$m:{"key":"max_length","params":{"count":3}}',
        "address.city": '$m:{"key":"required"}',
      },
    });
  });

  it("words a shared schema's refinement with its catalog key (sign-up's repeat)", async () => {
    const checked = await checkBySchema(signUpForm, { username: "a", password: "x", repeatPassword: "y" });
    const message = "errors" in checked ? (checked.errors.repeatPassword ?? "") : "";
    expect(readFieldMessage(message)).toEqual({ shared: { key: "signup_password_mismatch" } });
  });
});

describe("issueText", () => {
  it("keeps a form's own message as the key it is", () => {
    const [issue] = schema.shape.name.safeParse("").error?.issues ?? [];
    expect(issue && issueText(issue)).toBe("$t:errors:validation.required");
  });

  it("keeps any other issue as the shared message the API answers, with its parameters", () => {
    const [issue] = z.string().max(2).safeParse("abc").error?.issues ?? [];
    expect(readFieldMessage(issue ? issueText(issue) : "")).toEqual({
      shared: { key: "max_length", params: { count: 2 } },
    });
  });
});
