// A form's save refused because someone else saved the record first (409): what each side changed since the
// version the user started from, and the user's edits put on top of the new version. Pure functions, tested alone.

/** The values the user started from, the user's own, and the record as it is stored now. */
export interface FormConflict<V> {
  base: V;
  mine: V;
  theirs: V;
}

/** A field that differs from the version the user started from, on one side or on both. */
export interface ConflictRow {
  field: string;
  base: unknown;
  mine: unknown;
  theirs: unknown;
  /** Someone else changed it. */
  isTheirs: boolean;
  /** The user changed it. */
  isMine: boolean;
}

/** Whether two values of a field are the same (lists of ids as lists; nothing as null). */
export function isSameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return JSON.stringify(a ?? []) === JSON.stringify(b ?? []);
  return (a ?? null) === (b ?? null);
}

/** The record's `version` is never a user's edit: it only says which version each side is. */
const VERSION = "version";

/** The fields either side changed, in the order of `fields`. */
export function conflictRows<V extends object>(
  conflict: FormConflict<V>,
  fields: readonly string[],
): ConflictRow[] {
  const at = (values: V, field: string) => (values as Record<string, unknown>)[field];
  return fields.flatMap((field) => {
    if (field === VERSION) return [];
    const base = at(conflict.base, field);
    const mine = at(conflict.mine, field);
    const theirs = at(conflict.theirs, field);
    const isTheirs = !isSameValue(base, theirs);
    const isMine = !isSameValue(base, mine);
    return isTheirs || isMine ? [{ field, base, mine, theirs, isTheirs, isMine }] : [];
  });
}

/** The fields the user changed: kept on top of the new version when the user chooses so. */
export function myEdits<V extends object>(conflict: FormConflict<V>, fields: readonly string[]): string[] {
  return conflictRows(conflict, fields)
    .filter((row) => row.isMine)
    .map((row) => row.field);
}
