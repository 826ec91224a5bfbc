import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  and,
  cond,
  FILTER_OPERATORS,
  FILTER_SYNTAX_ERROR_CODES,
  type FilterNode,
  FilterSyntaxError,
  type FilterSyntaxErrorCode,
  MAX_FILTER_DEPTH,
  MAX_FILTER_LENGTH,
  not,
  or,
  parseFilter,
  printFilter,
} from "./index.ts";

const a = cond("a", "exact", "1");
const b = cond("b", "exact", "2");
const c = cond("c", "exact", "3");

function parseError(text: string): FilterSyntaxError {
  try {
    parseFilter(text);
  } catch (error) {
    if (error instanceof FilterSyntaxError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(text)} to be refused`);
}

/** What the parser makes of a tree: nested groups of the same kind merged into one. */
function flattenGroups(node: FilterNode): FilterNode {
  switch (node.kind) {
    case "cond":
      return node;
    case "not":
      return { kind: "not", item: flattenGroups(node.item) };
    case "and":
    case "or": {
      const items = node.items
        .map(flattenGroups)
        .flatMap((item) => (item.kind === node.kind ? item.items : [item]));
      return { kind: node.kind, items };
    }
  }
}

describe("parseFilter", () => {
  it.each<[string, FilterNode | null]>([
    ["", null],
    [" \t\n ", null],
    ["a=1", a],
    ["name__icontains=smith", cond("name", "icontains", "smith")],
    ["name__exact=x", cond("name", "exact", "x")],
    ["author__last_name__icontains=x", cond("author__last_name", "icontains", "x")],
    ["company__name=Acme", cond("company__name", "exact", "Acme")],
    ["name__foo=1", cond("name__foo", "exact", "1")],
    ["__lt=1", cond("__lt", "exact", "1")],
    ["a_in__in=x,y", cond("a_in", "in", "x,y")],
    ["a__in__exact=1", cond("a__in", "exact", "1")],
    ["a=1&b=2|c=3", or(and(a, b), c)],
    ["a=1|b=2&c=3", or(a, and(b, c))],
    ["(a=1|b=2)&c=3", and(or(a, b), c)],
    ["a=1&(b=2&c=3)", and(a, b, c)],
    ["(a=1|b=2)|c=3", or(a, b, c)],
    ["~a=1&b=2", and(not(a), b)],
    ["~(a=1&b=2)", not(and(a, b))],
    ["~~a=1", not(not(a))],
    ["((a=1))", a],
    ["  ( a = 1 )  &  ~ b = 2 ", and(a, not(b))],
    ["a= two words &b=2", and(cond("a", "exact", "two words"), b)],
    ["a=x=y~(z", cond("a", "exact", "x=y~(z")],
    ['a="x & (y) | \\"z\\" \\\\"', cond("a", "exact", 'x & (y) | "z" \\')],
    ['a=""', cond("a", "exact", "")],
    ['a=" padded "', cond("a", "exact", " padded ")],
    ['a = "q" | b=2', or(cond("a", "exact", "q"), b)],
    [
      "due__gte=2024-01-01&due__lt=2024-02-01",
      and(cond("due", "gte", "2024-01-01"), cond("due", "lt", "2024-02-01")),
    ],
  ])("parses %j", (text, expected) => {
    expect(parseFilter(text)).toEqual(expected);
  });

  const refusals: [string, FilterSyntaxErrorCode, number][] = [
    ["x".repeat(MAX_FILTER_LENGTH + 1), "too_long", MAX_FILTER_LENGTH],
    [" ".repeat(MAX_FILTER_LENGTH + 1), "too_long", MAX_FILTER_LENGTH],
    [
      `${"(".repeat(MAX_FILTER_DEPTH + 1)}a=1${")".repeat(MAX_FILTER_DEPTH + 1)}`,
      "too_deep",
      MAX_FILTER_DEPTH,
    ],
    [`${"~".repeat(MAX_FILTER_DEPTH + 1)}a=1`, "too_deep", MAX_FILTER_DEPTH],
    ["~(~(~(~(~(~a=1)))))", "too_deep", 10],
    ["a", "unexpected_end", 1],
    ["a=1&", "unexpected_end", 4],
    ["(a=1", "unexpected_end", 4],
    ["~", "unexpected_end", 1],
    ["Name=1", "unexpected_char", 0],
    ["1a=1", "unexpected_char", 0],
    ["=1", "unexpected_char", 0],
    ["a b=1", "unexpected_char", 2],
    ["a-b=1", "unexpected_char", 1],
    ["a=1&&b=2", "unexpected_char", 4],
    ["a=1)", "unexpected_char", 3],
    ["()", "unexpected_char", 1],
    ['a="x"y', "unexpected_char", 5],
    ['a="\\n"', "unexpected_char", 4],
    ['a="abc', "unterminated_string", 2],
    ['a=1&b="x\\"', "unterminated_string", 6],
    ['a="x\\', "unterminated_string", 2],
    ["a=", "empty_value", 2],
    ["a=  &b=2", "empty_value", 4],
    ["(a= )", "empty_value", 4],
  ];

  it.each(refusals)("refuses %j with %s at %i", (text, code, position) => {
    const error = parseError(text);
    expect({ code: error.code, position: error.position }).toEqual({ code, position });
  });

  it("has a refusal example for every error code", () => {
    expect(new Set(refusals.map(([, code]) => code))).toEqual(new Set(FILTER_SYNTAX_ERROR_CODES));
  });

  it("accepts nesting exactly at the depth cap and text exactly at the length cap", () => {
    const deepest = `${"(~".repeat(MAX_FILTER_DEPTH / 2)}a=1${")".repeat(MAX_FILTER_DEPTH / 2)}`;
    expect(parseFilter(deepest)).not.toBeNull();
    expect(parseFilter(`a=${"x".repeat(MAX_FILTER_LENGTH - 2)}`)).toEqual(
      cond("a", "exact", "x".repeat(MAX_FILTER_LENGTH - 2)),
    );
  });

  it("refuses 100000 opening parentheses or negations without overflowing the stack", () => {
    expect(parseError("(".repeat(100_000)).code).toBe("too_long");
    expect(parseError("~".repeat(100_000)).code).toBe("too_long");
  });

  it("throws a FilterSyntaxError with a message naming the position", () => {
    const error = parseError("a=1)");
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("FilterSyntaxError");
    expect(error.message).toContain("at 3");
  });
});

describe("printFilter", () => {
  it.each<[FilterNode, string]>([
    [a, "a=1"],
    [cond("name", "icontains", "smith"), "name__icontains=smith"],
    [cond("a", "exact", "two words"), "a=two words"],
    [cond("a", "exact", ""), 'a=""'],
    [cond("a", "exact", " x"), 'a=" x"'],
    [cond("a", "exact", 'say "hi" \\ (ok)'), 'a="say \\"hi\\" \\\\ (ok)"'],
    [cond("a", "exact", "x=y"), 'a="x=y"'],
    [cond("a", "exact", "~x"), 'a="~x"'],
    [cond("a__in", "exact", "1"), "a__in__exact=1"],
    [cond("__in", "exact", "1"), "__in=1"],
    [{ kind: "and", items: [{ kind: "or", items: [a, b] }, c] }, "(a=1|b=2)&c=3"],
    [{ kind: "or", items: [{ kind: "and", items: [a, b] }, c] }, "a=1&b=2|c=3"],
    [{ kind: "and", items: [a, { kind: "and", items: [b, c] }] }, "a=1&b=2&c=3"],
    [not({ kind: "or", items: [a, b] }), "~(a=1|b=2)"],
    [not(not(a)), "~~a=1"],
    [{ kind: "and", items: [a, { kind: "and", items: [{ kind: "or", items: [b, c] }] }] }, "a=1&(b=2|c=3)"],
  ])("prints %j as %j", (node, text) => {
    expect(printFilter(node)).toBe(text);
  });

  it.each<[string, FilterNode]>([
    ["a field name outside the grammar", cond("Name", "exact", "1")],
    ["a field name carrying syntax", cond("a=1|b", "exact", "1")],
    ["an unknown operator", { kind: "cond", field: "a", op: "foo" as "exact", value: "1" }],
    ["an empty group", { kind: "and", items: [a, { kind: "or", items: [] }] }],
  ])("refuses %s with a RangeError", (_, node) => {
    expect(() => printFilter(node)).toThrow(RangeError);
  });
});

describe("filter builders", () => {
  it("and/or skip unset filters, return null when none remain and the node itself when one does", () => {
    expect(and(null, undefined)).toBeNull();
    expect(or()).toBeNull();
    expect(and(null, a, undefined)).toBe(a);
    expect(or(a, null, b)).toEqual({ kind: "or", items: [a, b] });
  });

  it("flatten groups of their own kind as the parser does", () => {
    expect(and(and(a, b), c)).toEqual({ kind: "and", items: [a, b, c] });
    expect(and(or(a, b), c)).toEqual({ kind: "and", items: [{ kind: "or", items: [a, b] }, c] });
  });

  it("not negates a filter and leaves an unset one unset", () => {
    expect(not(a)).toEqual({ kind: "not", item: a });
    expect(not(and(null))).toBeNull();
  });
});

describe("filter properties", () => {
  const grammarCharacters = fc.constantFrom(...'ab_z09=&|~()"\\ \t_'.split(""), "__icontains", "__in");

  it("either parses any text or throws a FilterSyntaxError", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: "binary" }), fc.string({ unit: grammarCharacters })), (text) => {
        try {
          parseFilter(text);
        } catch (error) {
          if (!(error instanceof FilterSyntaxError)) throw error;
          expect(error.position).toBeGreaterThanOrEqual(0);
          expect(error.position).toBeLessThanOrEqual(text.length);
        }
      }),
      { numRuns: 1000 },
    );
  });

  const fieldName = fc.oneof(
    fc.stringMatching(/^[a-z_][a-z0-9_]{0,12}$/),
    fc
      .array(fc.constantFrom(...FILTER_OPERATORS, "a", "_", "last_name", "company"), {
        minLength: 1,
        maxLength: 4,
      })
      .map((segments) => segments.join("__")),
  );
  const value = fc.oneof(
    fc.string({ unit: "binary" }),
    fc.string({ unit: fc.constantFrom(...'"\\()&|~= \t\nab'.split("")) }),
  );
  const condition: fc.Arbitrary<FilterNode> = fc.record({
    kind: fc.constant("cond" as const),
    field: fieldName,
    op: fc.constantFrom(...FILTER_OPERATORS),
    value,
  });

  function filterTree(depth: number): fc.Arbitrary<FilterNode> {
    if (depth === 0) return condition;
    const child = filterTree(depth - 1);
    const items = fc.array(child, { minLength: 2, maxLength: 3 });
    return fc.oneof(
      condition,
      items.map((items): FilterNode => ({ kind: "and", items })),
      items.map((items): FilterNode => ({ kind: "or", items })),
      child.map((item): FilterNode => ({ kind: "not", item })),
    );
  }

  it("reads back every printed tree as the same tree, groups flattened", () => {
    fc.assert(
      fc.property(filterTree(4), (tree) => {
        const text = printFilter(tree);
        expect(parseFilter(text)).toEqual(flattenGroups(tree));
        expect(printFilter(flattenGroups(tree))).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  it("refuses nesting beyond the depth cap with too_deep at the first level too deep", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("(", "~"), { minLength: MAX_FILTER_DEPTH + 1, maxLength: 300 }),
        (openers) => {
          const closers = ")".repeat(openers.filter((opener) => opener === "(").length);
          const error = parseError(`${openers.join("")}a=1${closers}`);
          expect({ code: error.code, position: error.position }).toEqual({
            code: "too_deep",
            position: MAX_FILTER_DEPTH,
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it("refuses text beyond the length cap with too_long", () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: grammarCharacters,
          minLength: MAX_FILTER_LENGTH + 1,
          maxLength: MAX_FILTER_LENGTH + 50,
        }),
        (text) => {
          fc.pre(text.length > MAX_FILTER_LENGTH);
          expect(parseError(text).code).toBe("too_long");
        },
      ),
      { numRuns: 100 },
    );
  });
});
