import type { FilterNode, FilterOperator } from "./ast.ts";

type MaybeNode = FilterNode | null | undefined;

/** A single condition: `field__op=value`. */
export function cond(field: string, op: FilterOperator, value: string): FilterNode {
  return { kind: "cond", field, op, value };
}

/** All of the given filters; skips null and undefined (unset grid filters), returns null if none remain. */
export function and(...nodes: MaybeNode[]): FilterNode | null {
  return group("and", nodes);
}

/** Any of the given filters; skips null and undefined, returns null if none remain. */
export function or(...nodes: MaybeNode[]): FilterNode | null {
  return group("or", nodes);
}

/** The negation of a filter: `~node`; null stays null, so `not(and(...))` needs no check. */
export function not(node: FilterNode): FilterNode;
export function not(node: MaybeNode): FilterNode | null;
export function not(node: MaybeNode): FilterNode | null {
  return node == null ? null : { kind: "not", item: node };
}

// Flattens like the parser does, so a tree built here equals the one parsed from its printed text.
function group(kind: "and" | "or", nodes: MaybeNode[]): FilterNode | null {
  const items = nodes
    .filter((node): node is FilterNode => node != null)
    .flatMap((node) => (node.kind === kind ? node.items : [node]));
  if (items.length <= 1) return items[0] ?? null;
  return { kind, items };
}
