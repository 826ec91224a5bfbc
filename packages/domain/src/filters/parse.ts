import { type FilterNode, MAX_FILTER_DEPTH, MAX_FILTER_LENGTH } from "./ast.ts";
import { splitFieldAndOperator } from "./field-name.ts";

/**
 * Why a `filters` expression was refused; the API translates each into a message.
 *
 * - `too_long`: the text is longer than {@link MAX_FILTER_LENGTH}; position is the first code unit past the cap.
 * - `too_deep`: parentheses and negations nest deeper than {@link MAX_FILTER_DEPTH}; position is the `(` or `~`
 *   that goes one level too deep.
 * - `unexpected_end`: the text stops where a condition, `=` or `)` is still needed; position is the text's length.
 * - `unexpected_char`: the character at position cannot appear there (a field not starting with `[a-z_]`,
 *   a missing `=`, `&&`, a stray `)`, an escape other than `\"` or `\\` inside quotes, text after a quoted value).
 * - `unterminated_string`: a quoted value has no closing quote; position is its opening quote.
 * - `empty_value`: nothing but whitespace between `=` and the next `&`, `|`, `)` or the end (write `""` for an
 *   empty string); position is where the value should start.
 *
 * There is no code for an unknown operator: `name__foo=1` is field `name__foo` with `exact`, because the last
 * `__` segment is an operator only when it names one (relations like `author__last_name` look the same).
 * Such fields, like any field, are then refused by the API's per-resource allow-list as unknown fields.
 */
export const FILTER_SYNTAX_ERROR_CODES = [
  "too_long",
  "too_deep",
  "unexpected_end",
  "unexpected_char",
  "unterminated_string",
  "empty_value",
] as const;

export type FilterSyntaxErrorCode = (typeof FILTER_SYNTAX_ERROR_CODES)[number];

const MESSAGES: Record<FilterSyntaxErrorCode, string> = {
  too_long: `Filter is longer than ${MAX_FILTER_LENGTH} characters`,
  too_deep: `Filter nests parentheses and negations deeper than ${MAX_FILTER_DEPTH} levels`,
  unexpected_end: "Filter ends unexpectedly",
  unexpected_char: "Unexpected character in filter",
  unterminated_string: "Quoted value has no closing quote",
  empty_value: "Filter condition has an empty value",
};

/** A `filters` expression that does not follow the grammar; see {@link FilterSyntaxErrorCode} for the codes. */
export class FilterSyntaxError extends Error {
  override readonly name = "FilterSyntaxError";
  readonly code: FilterSyntaxErrorCode;
  /** 0-based index into the text, in UTF-16 code units. */
  readonly position: number;

  constructor(code: FilterSyntaxErrorCode, position: number) {
    super(`${MESSAGES[code]} (at ${position})`);
    this.code = code;
    this.position = position;
  }
}

const WHITESPACE = /\s/; // the same set String.prototype.trim removes, so printing and parsing agree
const FIELD_START = /[a-z_]/;
const FIELD_PART = /[a-z0-9_]/;
const BARE_VALUE_END = new Set(["&", "|", ")"]);

/**
 * Parses a grid `filters` expression into its tree; `&` binds tighter than `|`, and nested groups of the same
 * kind are flattened. Returns null when the text is empty or whitespace only.
 *
 * @throws {FilterSyntaxError} when the text does not follow the grammar or exceeds the length or depth cap.
 */
export function parseFilter(text: string): FilterNode | null {
  if (text.length > MAX_FILTER_LENGTH) throw new FilterSyntaxError("too_long", MAX_FILTER_LENGTH);
  if (text.trim() === "") return null;
  return new FilterParser(text).parseWhole();
}

/** Recursive descent; recursion happens only through `(` and `~`, which the depth cap bounds. */
class FilterParser {
  private position = 0;
  private readonly text: string;

  constructor(text: string) {
    this.text = text;
  }

  parseWhole(): FilterNode {
    const node = this.parseOr(0);
    this.skipWhitespace();
    if (!this.isAtEnd()) this.fail("unexpected_char");
    return node;
  }

  private parseOr(depth: number): FilterNode {
    const items = [this.parseAnd(depth)];
    while (this.consumeIfNext("|")) items.push(this.parseAnd(depth));
    return group("or", items);
  }

  private parseAnd(depth: number): FilterNode {
    const items = [this.parseUnary(depth)];
    while (this.consumeIfNext("&")) items.push(this.parseUnary(depth));
    return group("and", items);
  }

  private parseUnary(depth: number): FilterNode {
    this.skipWhitespace();
    const char = this.peek();
    if (char === "~" || char === "(") {
      if (depth + 1 > MAX_FILTER_DEPTH) this.fail("too_deep");
      this.position++;
      if (char === "~") return { kind: "not", item: this.parseUnary(depth + 1) };
      const inner = this.parseOr(depth + 1);
      if (!this.consumeIfNext(")")) this.failHere();
      return inner;
    }
    return this.parseCondition();
  }

  private parseCondition(): FilterNode {
    const fieldStart = this.position;
    if (!FIELD_START.test(this.peek())) this.failHere();
    while (FIELD_PART.test(this.peek())) this.position++;
    const { field, op } = splitFieldAndOperator(this.text.slice(fieldStart, this.position));
    if (!this.consumeIfNext("=")) this.failHere();
    return { kind: "cond", field, op, value: this.parseValue() };
  }

  private parseValue(): string {
    this.skipWhitespace();
    if (this.peek() === '"') return this.parseQuotedValue();
    const start = this.position;
    while (!this.isAtEnd() && !BARE_VALUE_END.has(this.peek())) this.position++;
    const value = this.text.slice(start, this.position).trimEnd();
    if (value === "") this.fail("empty_value", start);
    return value;
  }

  private parseQuotedValue(): string {
    const openingQuote = this.position;
    this.position++;
    let value = "";
    for (;;) {
      if (this.isAtEnd()) this.fail("unterminated_string", openingQuote);
      const char = this.peek();
      this.position++;
      if (char === '"') return value;
      if (char === "\\") {
        if (this.isAtEnd()) this.fail("unterminated_string", openingQuote);
        const escaped = this.peek();
        if (escaped !== '"' && escaped !== "\\") this.fail("unexpected_char");
        this.position++;
        value += escaped;
      } else {
        value += char;
      }
    }
  }

  /** Skips whitespace, then consumes `char` if it comes next. */
  private consumeIfNext(char: string): boolean {
    this.skipWhitespace();
    if (this.peek() !== char) return false;
    this.position++;
    return true;
  }

  private skipWhitespace(): void {
    while (WHITESPACE.test(this.peek())) this.position++;
  }

  /** The current character, or "" at the end (which matches none of the patterns above). */
  private peek(): string {
    return this.text.charAt(this.position);
  }

  private isAtEnd(): boolean {
    return this.position >= this.text.length;
  }

  /** Fails on what stands at the current position: the end of the text or an unexpected character. */
  private failHere(): never {
    this.fail(this.isAtEnd() ? "unexpected_end" : "unexpected_char");
  }

  private fail(code: FilterSyntaxErrorCode, position = this.position): never {
    throw new FilterSyntaxError(code, position);
  }
}

function group(kind: "and" | "or", items: FilterNode[]): FilterNode {
  const flattened = items.flatMap((item) => (item.kind === kind ? item.items : [item]));
  const [first] = flattened;
  if (flattened.length === 1 && first) return first;
  return { kind, items: flattened };
}
