/**
 * The text fields `names` of a row as a form holds them: each its value, "" where the row has none (a new row, a
 * user who never gave a phone).
 */
export function textsOf<K extends string>(row: object | null, names: readonly K[]): Record<K, string> {
  const values = (row ?? {}) as Partial<Record<K, unknown>>;
  return Object.fromEntries(names.map((name) => [name, values[name] ?? ""])) as Record<K, string>;
}
