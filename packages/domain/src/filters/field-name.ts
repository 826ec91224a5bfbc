import { FILTER_OPERATORS, type FilterOperator } from "./ast.ts";

export const FIELD_NAME_PATTERN = /^[a-z_][a-z0-9_]*$/;

export function isFilterOperator(text: string): text is FilterOperator {
  return (FILTER_OPERATORS as readonly string[]).includes(text);
}

/**
 * Splits `company__name__icontains` into field `company__name` and operator `icontains`. The last `__` segment
 * is an operator only when it names one and something precedes it; otherwise the whole text is the field
 * (a relation such as `author__last_name`) and the operator is `exact`.
 */
export function splitFieldAndOperator(fieldText: string): { field: string; op: FilterOperator } {
  const separatorAt = fieldText.lastIndexOf("__");
  const suffix = fieldText.slice(separatorAt + 2);
  if (separatorAt > 0 && isFilterOperator(suffix)) {
    return { field: fieldText.slice(0, separatorAt), op: suffix };
  }
  return { field: fieldText, op: "exact" };
}
