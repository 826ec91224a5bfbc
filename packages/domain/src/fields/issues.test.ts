import { describe, expect, it } from "vitest";
import { z } from "zod";
import { containerFields } from "../containers/fields.ts";
import { defineFields } from "./define.ts";
import { checkFieldValue, issueMessage, tellingIssues } from "./issues.ts";
import { createSchema } from "./schemas.ts";

const fields = defineFields({
  name: { kind: "text", max: 5, required: true },
  email: { kind: "text", max: 254, format: "email" },
  count: { kind: "integer", min: 1, max: 10 },
  kinds: { kind: "relations", to: "kind" },
  cost: { kind: "money", required: true },
});

describe("checkFieldValue", () => {
  it.each([
    [fields.name, "", { key: "required" }],
    [fields.name, null, { key: "required" }],
    [fields.name, "  ", { key: "required" }],
    [fields.name, "abcdef", { key: "max_length", params: { count: 5 } }],
    [fields.name, "abc", null],
    [fields.email, "", null],
    [fields.email, "no", { key: "invalid_email" }],
    [fields.count, 0, { key: "min_value", params: { limit: 1 } }],
    [fields.count, 11, { key: "max_value", params: { limit: 10 } }],
    [fields.count, 2.5, { key: "invalid_number" }],
    // Past the safe integers: the field's own limit, not zod's range of safe integers nor a bare "invalid value"
    [fields.count, 1e308, { key: "max_value", params: { limit: 10 } }],
    [fields.count, 2 ** 63, { key: "max_value", params: { limit: 10 } }],
    [fields.count, -(2 ** 63), { key: "min_value", params: { limit: 1 } }],
    [fields.kinds, [1, 2], null],
    [fields.kinds, [0], expect.objectContaining({ key: "min_value" })],
    [fields.cost, 1234.56, null],
    [fields.cost, 0, null],
    [fields.cost, 999_999_999_999.99, null],
    [fields.cost, -0.01, { key: "min_value", params: { limit: 0 } }],
    [fields.cost, 1e12, { key: "max_value", params: { limit: 999_999_999_999.99 } }],
    [fields.cost, 1e308, { key: "max_value", params: { limit: 999_999_999_999.99 } }],
    [fields.cost, 10.005, { key: "money_precision" }],
    [fields.cost, "10", { key: "invalid_amount" }],
    [fields.cost, "612,000.50", { key: "invalid_amount" }],
    [fields.cost, true, { key: "invalid_number" }],
  ])("%o takes %o → %o", (field, value, expected) => {
    expect(checkFieldValue(field, value)).toEqual(expected);
  });
});

describe("issueMessage", () => {
  it("asks to choose a relation left unchosen (a new container's order), not for a number", () => {
    const schema = createSchema(containerFields);
    for (const order of [undefined, null]) {
      const issues = schema.safeParse({ container: "CAIU2187850", freight_order: order }).error?.issues ?? [];
      expect(issues.map(issueMessage)).toEqual([{ key: "choice_required" }]);
    }
    const typed = schema.safeParse({ container: "CAIU2187850", freight_order: "7" }).error?.issues ?? [];
    expect(typed.map(issueMessage)).toEqual([{ key: "invalid_number" }]);
  });

  it("words an integer past the safe integers by their limit when the schema sets none of its own", () => {
    const issues = z.number().int().safeParse(1e308).error?.issues ?? [];
    expect(issues.map(issueMessage)).toEqual([
      { key: "max_value", params: { limit: Number.MAX_SAFE_INTEGER } },
    ]);
  });

  it("leaves out the safe integers' range where the schema's own limit on that side says more", () => {
    const schema = z.number().int().min(0).max(2147483647);
    for (const [value, expected] of [
      [1e308, [{ key: "max_value", params: { limit: 2147483647 } }]],
      [-1e308, [{ key: "min_value", params: { limit: 0 } }]],
    ] as const) {
      const issues = schema.safeParse(value).error?.issues ?? [];
      expect(tellingIssues(issues).map(issueMessage)).toEqual(expected);
    }
  });

  it("echoes a choice sent as text or a number, and names no value for anything else, though it cannot be text", () => {
    const schema = z.enum(["ru", "en"]);
    const wording = (value: unknown) =>
      (schema.safeParse(value, { reportInput: true }).error?.issues ?? []).map(issueMessage);
    expect(wording("de")).toEqual([{ key: "invalid_choice", params: { value: "de" } }]);
    expect(wording(7)).toEqual([{ key: "invalid_choice", params: { value: "7" } }]);
    for (const value of [{ toString: 0 }, Object.create(null), ["ru"], null])
      expect(wording(value)).toEqual([{ key: "invalid_value" }]);
  });

  it("words an empty list where at least one is needed as a required field", () => {
    const [issue] = z.array(z.string()).min(1).safeParse([]).error?.issues ?? [];
    expect(issue && issueMessage(issue)).toEqual({ key: "required" });
  });
});
