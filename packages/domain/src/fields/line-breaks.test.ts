import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { signInBody, signUpBody } from "../auth/schemas.ts";
import * as domain from "../index.ts";
import { employeeCreateBody, meUpdateBody, userPatchBody } from "../users/schemas.ts";
import { hasLineBreak, oneLine } from "../values/values.ts";
import { type FieldDef, type Fields, isWritable } from "./define.ts";
import { checkFieldValue, issueMessage } from "./issues.ts";
import { createSchema, patchSchema } from "./schemas.ts";

/** Every line break a text may carry, by name. */
const BREAKS: [string, string][] = [
  ["LF", "\n"],
  ["CR", "\r"],
  ["CR LF", "\r\n"],
  ["VT", "\v"],
  ["FF", "\f"],
  ["NEL (U+0085)", "\u0085"],
  ["LINE SEPARATOR (U+2028)", "\u2028"],
  ["PARAGRAPH SEPARATOR (U+2029)", "\u2029"],
];

/** Every resource's field definitions the domain exports (`…Fields`), so that a new one is covered unasked. */
const fieldSets = (Object.entries(domain) as [string, unknown][]).filter(
  (entry): entry is [string, Fields] =>
    entry[0].endsWith("Fields") &&
    typeof entry[1] === "object" &&
    entry[1] !== null &&
    !Array.isArray(entry[1]),
);

/** The writable text fields of every field set, with the body schema that takes each. */
const textFields = fieldSets.flatMap(([set, fields]) =>
  Object.entries(fields as Record<string, FieldDef>)
    .filter(([, field]) => field.kind === "text" && isWritable(field))
    .map(([name, field]) => ({
      where: `${set}.${name}`,
      name,
      field: field as Extract<FieldDef, { kind: "text" }>,
      body: (field.createOnly ? createSchema(fields) : patchSchema(fields)) as z.ZodType,
    })),
);

/** A valid value of a field with `inside` between its two halves (digits, an e-mail, a taxpayer number…). */
function valueWith(field: Extract<FieldDef, { kind: "text" }>, inside: string): string {
  if (field.digits) return `123${inside}4567`;
  if (field.format === "email") return `a${inside}b@example.com`;
  if (field.format === "inn") return `77${inside}07083893`;
  return `ab${inside}cd`;
}

/** The messages a body's parse gives one field. */
function messagesOf(schema: z.ZodType, body: unknown, field: string) {
  const result = schema.safeParse(body);
  return result.success
    ? []
    : result.error.issues.filter((issue) => issue.path[0] === field).map(issueMessage);
}

describe("hasLineBreak", () => {
  it.each(BREAKS)("finds %s", (_, mark) => {
    expect(hasLineBreak(`a${mark}b`)).toBe(true);
  });
  it.each([["a\tb"], ["a b"], ["a\u00a0b"], [""]])("finds none in %j", (value) => {
    expect(hasLineBreak(value)).toBe(false);
  });
});

describe("oneLine", () => {
  it.each(BREAKS)("puts a text with %s on one line, the spaces around the break as one", (_, mark) => {
    expect(oneLine(`Иван ${mark}${mark} Bcc: x@y.ru`)).toBe("Иван Bcc: x@y.ru");
    expect(oneLine(`a${mark}b`)).toBe("a b");
  });
});

describe("line breaks in the text fields' bodies", () => {
  it("covers the field sets and both kinds of text", () => {
    expect(fieldSets.length).toBeGreaterThanOrEqual(20);
    expect(textFields.some(({ field }) => field.multiline)).toBe(true);
    expect(textFields.some(({ field }) => !field.multiline)).toBe(true);
  });

  it.each(BREAKS)("refuses %s inside a one-line text on its field, as the grid's cells do", (_, mark) => {
    for (const { where, name, field, body } of textFields.filter(({ field }) => !field.multiline)) {
      expect(messagesOf(body, { [name]: valueWith(field, mark) }, name), where).toEqual([
        { key: "line_break" },
      ]);
      expect(checkFieldValue(field, valueWith(field, mark)), where).toEqual({ key: "line_break" });
    }
  });

  it.each(BREAKS)("keeps %s inside a multiline text (a comment, a note, a description)", (_, mark) => {
    for (const { where, name, field, body } of textFields.filter(({ field }) => field.multiline)) {
      const value = `first${mark}second`;
      const result = body.safeParse({ [name]: value });
      expect(result.success, where).toBe(true);
      expect((result.data as Record<string, unknown>)[name], where).toBe(value);
      expect(checkFieldValue(field, value), where).toBeNull();
    }
  });

  it("takes a one-line text with breaks at its ends, trimmed away as the spaces are", () => {
    const { name, body } = textFields.find(({ where }) => where === "userFields.first_name") ?? {};
    expect(name && body?.safeParse({ [name]: "\r\nИван\u2028" }).data).toEqual({ first_name: "Иван" });
  });

  it("writes the comments, the notes and the descriptions on several lines, and the names on one", () => {
    const multiline = textFields.filter(({ field }) => field.multiline).map(({ where }) => where);
    expect(multiline).toEqual(
      expect.arrayContaining([
        "freightOrderFields.status_comment",
        "freightOrderFields.freight_description",
        "freightOrderFields.notes",
        "containerFields.notes",
        "companyFields.notification_msg",
      ]),
    );
    for (const name of ["first_name", "last_name", "username", "email", "request_name"]) {
      expect(multiline).not.toContain(`userFields.${name}`);
    }
    expect(multiline).not.toContain("freightOrderFields.consignee_name");
    expect(multiline).not.toContain("freightOrderFileFields.document_title");
  });
});

describe("line breaks in the users' and the sign-in's own bodies", () => {
  const bodies: [string, z.ZodType, Record<string, unknown>, string][] = [
    ["the own profile", meUpdateBody, { first_name: "a", last_name: "b", email: "a@b.ru" }, "last_name"],
    ["a user's change", userPatchBody, {}, "username"],
    ["a user's change", userPatchBody, {}, "first_name"],
    ["a new employee", employeeCreateBody, { password: "x", password_confirm: "x" }, "username"],
    ["a sign-up", signUpBody, { password: "x", repeatPassword: "x" }, "username"],
    ["a sign-in", signInBody, { password: "x" }, "username"],
  ];
  it.each(bodies)("refuses a break in %s's %s", (_, schema, rest, field) => {
    for (const [name, mark] of BREAKS) {
      expect(messagesOf(schema, { ...rest, [field]: `ab${mark}cd` }, field), name).toEqual([
        { key: "line_break" },
      ]);
    }
  });
});
