import fc from "fast-check";
import {
  encode,
  filterExpression,
  oddNumber,
  oddString,
  oddValue,
  orderingExpression,
} from "./fuzz-values.ts";
import type { CatalogRoute, JsonSchema } from "./route-catalog.ts";

// What the route fuzz suite (http/route-fuzz.test.ts) sends: paths, query strings, bodies and headers made from
// each route's schema and off it.

/**
 * The generators, around the ids that exist in the suite's database (`ID_VALUES`), which the path segments and
 * id fields use as often as odd numbers.
 */
export function fuzzInputs(ID_VALUES: readonly string[]) {
  /** Path segments: existing ids and every shape of number and non-number the router may pass on. */
  const oddPathSegment = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...ID_VALUES) },
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        "0",
        "-1",
        "00",
        "07",
        "+7",
        "2147483647",
        "2147483648",
        "-2147483649",
        "99999999999",
        "9".repeat(30),
        "0x7",
        "7.0",
        "1e3",
        "Infinity",
        "NaN",
        "%00",
        "7%00",
        "%20",
        "%2F",
        "%zz",
        "%",
        "..",
        "null",
        "undefined",
        "__proto__",
        "constructor",
        "toString",
        "%D0%B8%D0%B4",
        "%F0%9F%9A%A2",
        "%ED%A0%80",
        "a".repeat(99),
        "1".repeat(150),
        "x".repeat(300),
      ),
    },
    { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }).map(encode) },
    { weight: 1, arbitrary: fc.integer().map(String) },
  );

  function typesOf(schema: JsonSchema): string[] {
    if (Array.isArray(schema.type)) return schema.type;
    return schema.type ? [schema.type] : [];
  }

  /** A value the schema accepts (or nearly: the server's own rules may still refuse it). */
  function fromSchema(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
    const variants = schema.anyOf ?? schema.oneOf;
    if (variants && variants.length > 0) return fc.oneof(...variants.map((s) => fromSchema(s, depth + 1)));
    if (schema.allOf?.[0]) return fromSchema(schema.allOf[0], depth + 1);
    let arbitrary: fc.Arbitrary<unknown>;
    const types = typesOf(schema);
    if (schema.enum && schema.enum.length > 0) arbitrary = fc.constantFrom(...schema.enum);
    else if (schema.const !== undefined) arbitrary = fc.constant(schema.const);
    else if (types.includes("integer") || types.includes("number")) {
      const min = typeof schema.minimum === "number" ? schema.minimum : -1_000;
      const max = typeof schema.maximum === "number" ? schema.maximum : 1_000_000;
      arbitrary = fc.oneof(
        fc.constantFrom(...ID_VALUES.map(Number).filter((n) => n >= min && n <= max), min, max),
        fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) }),
      );
    } else if (types.includes("boolean")) arbitrary = fc.boolean();
    else if (types.includes("string")) arbitrary = stringFromSchema(schema);
    else if (types.includes("array")) {
      arbitrary =
        depth > 4 ? fc.constant([]) : fc.array(fromSchema(schema.items ?? {}, depth + 1), { maxLength: 3 });
    } else if (types.includes("object") || schema.properties) {
      const properties = schema.properties ?? {};
      arbitrary =
        depth > 4
          ? fc.constant({})
          : fc.record(
              Object.fromEntries(
                Object.entries(properties).map(([k, s]) => [
                  k,
                  // Emails reach the document without their format (a pipe); the name tells.
                  fromSchema(k.includes("email") ? { ...s, format: "email" } : s, depth + 1),
                ]),
              ),
              { requiredKeys: (schema.required ?? []).filter((k) => k in properties) },
            );
    } else arbitrary = fc.jsonValue({ maxDepth: 2 });
    return schema.nullable || types.includes("null")
      ? fc.option(arbitrary, { nil: null, freq: 5 })
      : arbitrary;
  }

  function stringFromSchema(schema: JsonSchema): fc.Arbitrary<string> {
    if (schema.format === "email") {
      return fc.oneof(
        { weight: 4, arbitrary: fc.stringMatching(/^[a-z]{1,10}@example\.com$/) },
        { weight: 1, arbitrary: fc.emailAddress() },
      );
    }
    if (schema.format === "date")
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    if (schema.format === "date-time") return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    const minLength = schema.minLength ?? 0;
    const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
    const readable = fc
      .array(fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCXYZ0123456789-_."), { minLength, maxLength })
      .map((chars) => chars.join(""));
    return fc.oneof(fc.string({ minLength, maxLength }), readable, fc.constant("Factory-Pass-42"));
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Query strings
  // ---------------------------------------------------------------------------------------------------------------

  function queryValue(name: string, schema: JsonSchema): fc.Arbitrary<string> {
    const fromType = fromSchema(schema).map((v) => (typeof v === "string" ? v : (JSON.stringify(v) ?? "")));
    const special =
      name === "filters" ? filterExpression : name === "ordering" ? orderingExpression : fc.constant("1");
    return fc.oneof(
      { weight: 3, arbitrary: fromType },
      { weight: 3, arbitrary: special },
      { weight: 1, arbitrary: oddNumber.map(String) },
      { weight: 2, arbitrary: oddString },
    );
  }

  /** A query string: known keys with good and bad values, unknown keys, repeated keys, raw percent signs. */
  function queryString(route: CatalogRoute): fc.Arbitrary<string> {
    const known = route.query.map((p) => fc.tuple(fc.constant(p.name), queryValue(p.name, p.schema)));
    const unknown = fc.tuple(
      fc.constantFrom("__proto__", "constructor", "a[b]", "", "x", "filters[]", "take.x"),
      oddString,
    );
    const pair = known.length > 0 ? fc.oneof({ weight: 4, arbitrary: fc.oneof(...known) }, unknown) : unknown;
    const encoded = fc
      .array(pair, { maxLength: 5 })
      .map((pairs) => pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join("&"));
    const raw = fc.constantFrom(
      "a=%zz",
      "%",
      "take=%00",
      "skip=1&skip=2",
      "take=1e3",
      "=&=&",
      "take",
      "a=1;b=2",
    );
    return fc.oneof({ weight: 6, arbitrary: encoded }, { weight: 1, arbitrary: raw });
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Bodies and headers
  // ---------------------------------------------------------------------------------------------------------------

  /** A body as raw text, so that `__proto__` keys and malformed JSON reach the server as written. */
  function bodyText(route: CatalogRoute): fc.Arbitrary<string | undefined> {
    const schema = route.body ?? { type: "object" };
    const valid = fromSchema(schema);
    const keys = Object.keys(schema.properties ?? {});
    // Only the required fields: the likeliest to pass every rule and reach the database.
    const minimal = fromSchema({
      ...schema,
      properties: Object.fromEntries(
        Object.entries(schema.properties ?? {}).filter(([key]) => schema.required?.includes(key)),
      ),
    });
    const mutated =
      keys.length > 0
        ? fc
            .tuple(valid, fc.constantFrom(...keys), oddValue)
            .map(([v, key, odd]) => JSON.stringify({ ...(v as object), [key]: odd }))
        : oddValue.map((v) => JSON.stringify(v));
    const withPrototypeKeys = fc
      .tuple(valid, fc.constantFrom("__proto__", "constructor", "prototype"), oddValue)
      .map(([v, key, odd]) => {
        const text = JSON.stringify(v) ?? "{}";
        const inner = `${JSON.stringify(key)}:${JSON.stringify(odd) ?? "null"}`;
        return text.startsWith("{") ? `{${inner}${text.length > 2 ? `,${text.slice(1)}` : "}"}` : text;
      });
    const malformed = fc.constantFrom(
      "",
      "{",
      '{"a":}',
      "null",
      "[]",
      '"text"',
      "1e999",
      "\uFEFF{}",
      "{}{}",
      `${"[".repeat(10_000)}${"]".repeat(10_000)}`,
      `${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}`,
      '{"a":"\\u0000"}',
      '{"a":"\\ud800"}',
    );
    return fc.oneof(
      { weight: 3, arbitrary: valid.map((v) => JSON.stringify(v)) },
      { weight: 2, arbitrary: minimal.map((v) => JSON.stringify(v)) },
      { weight: 5, arbitrary: mutated },
      { weight: 1, arbitrary: withPrototypeKeys },
      { weight: 2, arbitrary: oddValue.map((v) => JSON.stringify(v)) },
      { weight: 1, arbitrary: malformed },
      { weight: 1, arbitrary: fc.constant(undefined) },
    );
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Multipart forms (upload routes)
  // ---------------------------------------------------------------------------------------------------------------

  const BOUNDARY = "fuzz-boundary-7MA4YWxk";

  /** Odd file names: paths that climb, NUL and direction characters, nothing at all, far too long. */
  const filename = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        "invoice.pdf",
        "Счёт-фактура № 15.pdf",
        "../../etc/passwd",
        "..\\..\\windows\\win.ini",
        "/etc/shadow.pdf",
        "a\u0000b.pdf",
        "invoice\u202Efdp.exe",
        "",
        ".",
        "..",
        "CON.pdf",
        `${"x".repeat(300)}.pdf`,
        "ж".repeat(400),
        'quote".pdf',
      ),
    },
    { weight: 1, arbitrary: oddString },
  );

  /** Contents of every kind the upload tells apart: allowed ones, markup in disguise, programs, nothing. */
  const fileContent = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        "%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n",
        "<!DOCTYPE html><html><script>alert(1)</script></html>",
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
        '<?xml version="1.0"?><x/>',
        "PK\u0003\u0004\u0014\u0000",
        "\u0089PNG\r\n\u001a\n",
        "\u00ff\u00d8\u00ff\u00e0",
        "MZ\u0090\u0000",
        "Номер;Тип\n22G1;45G1\n",
        "",
      ),
    },
    { weight: 1, arbitrary: oddString },
  );

  function part(name: string, value: string, file?: { filename: string; contentType: string }): string {
    const disposition = file ? `; filename="${file.filename}"` : "";
    const type = file?.contentType ? `\r\nContent-Type: ${file.contentType}` : "";
    return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${disposition}${type}\r\n\r\n${value}\r\n`;
  }

  /**
   * A form for an upload route: its file (odd names, types and contents, now and then twice or under another
   * name) and its text fields (values from their schema and odd ones), or a form broken as a parser may meet it.
   */
  function multipartForm(route: CatalogRoute): fc.Arbitrary<{ contentType: string; body: string }> {
    const properties = Object.entries(route.multipart?.properties ?? {}).filter(([name]) => name !== "file");
    const field = fc.oneof(
      ...properties.map(([name, schema]) =>
        fc.tuple(
          fc.constant(name),
          fc.oneof(
            fromSchema(schema).map((v) => (typeof v === "string" ? v : (JSON.stringify(v) ?? ""))),
            oddString,
          ),
        ),
      ),
      fc.tuple(fc.constantFrom("__proto__", "constructor", "x", ""), oddString),
    );
    const file = fc.record({
      name: fc.constantFrom("file", "file", "file", "file", "attachment", "__proto__"),
      filename,
      contentType: fc.constantFrom(
        "application/pdf",
        "text/html",
        "image/svg+xml",
        "application/octet-stream",
        "",
      ),
      content: fileContent,
    });
    const form = fc
      .tuple(fc.array(file, { minLength: 0, maxLength: 2 }), fc.array(field, { maxLength: 4 }))
      .map(([files, fields]) => ({
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
        body: `${[
          ...fields.map(([name, value]) => part(name, value)),
          ...files.map((f) => part(f.name, f.content, f)),
        ].join("")}--${BOUNDARY}--\r\n`,
      }));
    const broken = fc.constantFrom(
      { contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: "" },
      { contentType: "multipart/form-data", body: `--${BOUNDARY}\r\n` },
      { contentType: "multipart/form-data; boundary=", body: "--\r\n" },
      { contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: `--${BOUNDARY}\r\n%PDF-1.4` },
      {
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
        body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 cut`,
      },
      {
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
        body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n${"X-A: b\r\n".repeat(
          100,
        )}\r\n%PDF-1.4\r\n--${BOUNDARY}--\r\n`,
      },
      {
        contentType: `multipart/form-data; boundary=${BOUNDARY}; charset=koi8-r`,
        body: `--${BOUNDARY}--\r\n`,
      },
      { contentType: `multipart/mixed; boundary=${BOUNDARY}`, body: `--${BOUNDARY}--\r\n` },
    );
    return fc.oneof({ weight: 6, arbitrary: form }, { weight: 1, arbitrary: broken });
  }

  return { oddPathSegment, queryString, bodyText, multipartForm };
}
