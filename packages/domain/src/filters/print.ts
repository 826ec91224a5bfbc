import type { FilterNode } from "./ast.ts";
import { FIELD_NAME_PATTERN, isFilterOperator, splitFieldAndOperator } from "./field-name.ts";

const NEEDS_QUOTES = /["\\()&|~=]/;

/**
 * Prints a filter tree as the canonical text that {@link parseFilter} reads back into the same tree (with
 * nested groups of one kind flattened): no spaces, parentheses only where precedence needs them, `__exact`
 * omitted, and values quoted only when they must be.
 *
 * @throws {RangeError} for a field name outside `[a-z_][a-z0-9_]*`, an unknown operator, or an `and`/`or`
 *   without items (the language has no empty group: leave the filter out instead).
 */
export function printFilter(node: FilterNode): string {
  const shown = unwrapSingleItemGroups(node);
  switch (shown.kind) {
    case "cond":
      return `${printField(shown.field, shown.op)}=${printValue(shown.value)}`;
    case "and":
      return shown.items.map((item) => printOperand(item, ["or"])).join("&");
    case "or":
      return shown.items.map((item) => printFilter(item)).join("|");
    case "not":
      return `~${printOperand(shown.item, ["and", "or"])}`;
  }
}

function printOperand(node: FilterNode, kindsNeedingParentheses: FilterNode["kind"][]): string {
  const text = printFilter(node);
  return kindsNeedingParentheses.includes(unwrapSingleItemGroups(node).kind) ? `(${text})` : text;
}

function unwrapSingleItemGroups(node: FilterNode): FilterNode {
  let shown = node;
  while (shown.kind === "and" || shown.kind === "or") {
    const [first] = shown.items;
    if (!first) throw new RangeError(`Cannot print an empty "${shown.kind}" filter group`);
    if (shown.items.length > 1) break;
    shown = first;
  }
  return shown;
}

function printField(field: string, op: string): string {
  if (!FIELD_NAME_PATTERN.test(field))
    throw new RangeError(`Invalid filter field name: ${JSON.stringify(field)}`);
  if (!isFilterOperator(op)) throw new RangeError(`Invalid filter operator: ${JSON.stringify(op)}`);
  // `__exact` can be left out only when the field's own last segment would not then be read as the operator
  const isExactImplied = op === "exact" && splitFieldAndOperator(field).field === field;
  return isExactImplied ? field : `${field}__${op}`;
}

function printValue(value: string): string {
  const isBareSafe = value !== "" && value === value.trim() && !NEEDS_QUOTES.test(value);
  return isBareSafe ? value : `"${value.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
}
