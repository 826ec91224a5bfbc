import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineFields } from "./define.ts";
import { checkFieldValue, issueMessage } from "./issues.ts";

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
    [fields.kinds, [1, 2], null],
    [fields.kinds, [0], expect.objectContaining({ key: "min_value" })],
    [fields.cost, 1234.56, null],
    [fields.cost, 0, null],
    [fields.cost, 999_999_999_999.99, null],
    [fields.cost, -0.01, { key: "min_value", params: { limit: 0 } }],
    [fields.cost, 1e12, { key: "max_value", params: { limit: 999_999_999_999.99 } }],
    [fields.cost, 1e308, { key: "max_value", params: { limit: 999_999_999_999.99 } }],
    [fields.cost, 10.005, { key: "money_precision" }],
    [fields.cost, "10", { key: "invalid_number" }],
  ])("%o takes %o → %o", (field, value, expected) => {
    expect(checkFieldValue(field, value)).toEqual(expected);
  });
});

describe("issueMessage", () => {
  it("words an empty list where at least one is needed as a required field", () => {
    const [issue] = z.array(z.string()).min(1).safeParse([]).error?.issues ?? [];
    expect(issue && issueMessage(issue)).toEqual({ key: "required" });
  });
});
