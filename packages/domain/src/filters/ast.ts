/** Operators a condition may apply; `exact` is the default when a condition names none. */
export const FILTER_OPERATORS = [
  "exact",
  "iexact",
  "icontains",
  "startswith",
  "lt",
  "lte",
  "gt",
  "gte",
  "in",
  "isnull",
] as const;

export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** A parsed `filters` expression. `and`/`or` produced by the parser have two or more items and never nest a group of their own kind. */
export type FilterNode =
  | { kind: "cond"; field: string; op: FilterOperator; value: string }
  | { kind: "and"; items: FilterNode[] }
  | { kind: "or"; items: FilterNode[] }
  | { kind: "not"; item: FilterNode };

/** Longest accepted expression, in UTF-16 code units. */
export const MAX_FILTER_LENGTH = 2000;

/** Deepest accepted nesting of parentheses and negations (`~`), counted together. */
export const MAX_FILTER_DEPTH = 10;
