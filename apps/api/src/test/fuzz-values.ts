import fc from "fast-check";

// Odd values for the route fuzz suite: strings, numbers, nesting, filter and ordering expressions, headers.

/** encodeURIComponent, with lone surrogates (which have no UTF-8 form) replaced first. */
export function encode(text: string): string {
  return encodeURIComponent(
    text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD"),
  );
}

export const NUL_STRINGS = ["\u0000", "a\u0000b", "\u0000\u0000\u0000", `${"x".repeat(50)}\u0000`];
export const oddString = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "   \t\n",
    ...NUL_STRINGS,
    "x".repeat(10_000),
    "ж".repeat(5_000),
    "🚢".repeat(3_000),
    "\uD800",
    "\uDFFF\uD800",
    "\u202Eevil",
    "\uFEFF",
    "' OR '1'='1",
    '"; DROP TABLE users; --',
    "\\",
    "%",
    "_",
    "{{value}}",
    "$" + "{7*7}", // a template placeholder as text
    "<script>alert(1)</script>",
    "2025-02-30",
    "0000-06-15",
    "-infinity",
    "1e308",
    "99999999999",
    "true",
    "null",
  ),
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.string({ unit: "grapheme", maxLength: 30 }),
);

/** Nesting deeper than any sane schema: arrays and objects a thousand levels down. */
export function nested(depth: number, kind: "array" | "object"): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = kind === "array" ? [value] : { a: value };
  return value;
}

export const oddNumber = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    0.5,
    1e308,
    -1e308,
    5e-324,
    99999999999,
    2147483648,
    -2147483649,
    Number.MAX_SAFE_INTEGER + 2,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

export const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: oddString },
  { weight: 3, arbitrary: oddNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], [1, 2], { a: 1 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(nested(1_000, "array"), nested(1_000, "object"), nested(40, "object")),
  },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

// ---------------------------------------------------------------------------------------------------------------
// Values from a schema
// ---------------------------------------------------------------------------------------------------------------

export const FIELD_NAMES = [
  "id",
  "username",
  "first_name",
  "email",
  "state",
  "is_active",
  "company_id",
  "date_joined",
  "last_login",
  "name",
  "inn",
  "debtor",
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "prototype",
  "nope",
];
export const OPERATORS = [
  "",
  "__exact",
  "__iexact",
  "__icontains",
  "__startswith",
  "__in",
  "__isnull",
  "__lt",
  "__gte",
  "__x",
];
export const FILTER_VALUES = [
  "1",
  "0",
  "-1",
  "2147483648",
  "99999999999",
  "1e3",
  "true",
  "false",
  "2025-01-31",
  "2025-02-30",
  "0000-06-15",
  "9999-12-31",
  "1,2,3",
  "approved",
  "a\u0000b",
  "%",
  "_",
  "\\",
  "ivan",
];

export const filterCondition = fc
  .tuple(fc.constantFrom(...FIELD_NAMES), fc.constantFrom(...OPERATORS), fc.constantFrom(...FILTER_VALUES))
  .map(([field, op, value]) => `${field}${op}=${value}`);
export const filterExpression: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: filterCondition },
  {
    weight: 2,
    arbitrary: fc
      .tuple(filterCondition, fc.constantFrom("&", "|"), filterCondition, fc.boolean())
      .map(([a, join, b, negate]) => `${negate ? "~" : ""}(${a}${join}${b})`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom("(".repeat(200), "~".repeat(500), `${"(".repeat(60)}id=1${")".repeat(60)}`),
  },
  { weight: 1, arbitrary: fc.constantFrom("id=1&".repeat(2_000), "=", "&&", "a==b", "id__in=") },
  { weight: 1, arbitrary: oddString },
);
export const orderingExpression = fc.oneof(
  fc
    .array(
      fc.tuple(fc.boolean(), fc.constantFrom(...FIELD_NAMES)).map(([desc, f]) => `${desc ? "-" : ""}${f}`),
      { minLength: 1, maxLength: 3 },
    )
    .map((terms) => terms.join(",")),
  fc.constantFrom("", ",", "-", "--id", " id ", "id,".repeat(300)),
  oddString,
);

export const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant("application/json") },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "application/json; charset=utf-8",
      "application/json; charset=utf-16",
      "APPLICATION/JSON",
      "application/json;;;",
      "application/json; charset",
      "application/vnd.api+json",
      "text/plain",
      "application/xml",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "*/*",
      "json",
      "",
      undefined,
    ),
  },
);

export const acceptLanguage = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom("ru", "en", undefined) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "",
      "*",
      "en-US,en;q=0.9",
      "xx",
      "ru;q=abc",
      "en;q=1e309",
      ";;,,;q=",
      "__proto__",
      "constructor",
      "en;q=-1, ru;q=0",
      "de,".repeat(2_000),
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }).filter((s) => /^[\x20-\x7e]*$/.test(s)) },
);
