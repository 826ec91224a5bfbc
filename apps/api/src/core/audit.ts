import type { Fields } from "@portal/domain";

/** One field's change, both values as the history keeps them (text; null for no value). */
export interface FieldChange {
  field: string;
  old_value: string | null;
  new_value: string | null;
}

/** A value as text for the history: lists of ids as "1, 2, 3", nothing as null. */
export function auditText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.join(", ");
  return String(value);
}

/** Whether two values of a field are the same: lists of ids by their members, whatever their order. */
export function isSameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    const sorted = (list: unknown[]) => [...new Set(list.map(String))].sort().join(",");
    return sorted(a) === sorted(b);
  }
  return (a ?? null) === (b ?? null);
}

/** The body's values that differ from the stored row's (lists of ids as sets): what a change alters. */
export function alteredValues(
  values: Record<string, unknown>,
  stored: Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([field, value]) => value !== undefined && !isSameValue(value, stored[field]),
    ),
  );
}

/**
 * The writable fields whose values differ between two versions of a row (as the API answers it), in the order of
 * the definitions: what a history of field changes records. Read-only fields (ids, names of related rows,
 * timestamps, `version`) follow from the others and are left out, as are the fields named in `except`.
 */
export function fieldChanges(
  fields: Fields,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  except: readonly string[] = [],
): FieldChange[] {
  return Object.entries(fields)
    .filter(([name, field]) => !field.readOnly && field.kind !== "id" && !except.includes(name))
    .filter(([name]) => !isSameValue(before[name], after[name]))
    .map(([name]) => ({
      field: name,
      old_value: auditText(before[name]),
      new_value: auditText(after[name]),
    }));
}
