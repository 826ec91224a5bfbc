/**
 * Roles in the order the interface lists them: staff by rank, then customers (the stored order is by id, which
 * reads as random once the names are translated). Pure.
 */
export const ROLE_ORDER: readonly string[] = [
  "Head",
  "Manager",
  "RWManager",
  "RegisteredCustomer",
  "Customer",
];

/** Role names in {@link ROLE_ORDER}; roles it does not know come last, by name. */
export function orderRoles(names: readonly string[]): string[] {
  const rank = (name: string) => {
    const index = ROLE_ORDER.indexOf(name);
    return index === -1 ? ROLE_ORDER.length : index;
  };
  return [...names].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
