/** What an inline edit changed. Pure. */
import { columnValue } from "./format";
import type { GridColumn, GridColumnEdit } from "./types";

/** The field a column's edits are sent as. */
export function editFieldOf<T>(column: GridColumn<T>): string {
  return column.edit?.field ?? column.field;
}

/** The value an editor of `column` starts from for `row`. */
export function initialEditValue<T>(column: GridColumn<T>, row: T): unknown {
  const edit = column.edit as GridColumnEdit<T>;
  return edit.value ? edit.value(row) : columnValue(column, row);
}

/**
 * The changes of an edit: every drafted field whose value differs from the row's, plus the extras.
 * Empty when nothing changed (the grid then just leaves edit mode).
 */
export function collectChanges<T>(
  columns: readonly GridColumn<T>[],
  row: T,
  session: { draft: Record<string, unknown>; extras: Record<string, unknown> },
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const column of columns) {
    if (!column.edit) continue;
    const field = editFieldOf(column);
    if (!(field in session.draft)) continue;
    const value = session.draft[field];
    if (!sameValue(value, initialEditValue(column, row))) changes[field] = value;
  }
  if (Object.keys(changes).length === 0) return changes;
  return { ...changes, ...session.extras };
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item) => b.includes(item));
  }
  return (a ?? null) === (b ?? null);
}

/** The values of a row being added: every editable column's value (edited, else the new row's), plus the extras. */
export function newRowValues<T>(
  columns: readonly GridColumn<T>[],
  row: T,
  session: { draft: Record<string, unknown>; extras: Record<string, unknown> },
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const column of columns) {
    if (!column.edit) continue;
    const field = editFieldOf(column);
    values[field] = field in session.draft ? session.draft[field] : initialEditValue(column, row);
  }
  return { ...values, ...session.extras };
}

/** The columns' own checks of the values about to be sent: a message per field the server would refuse. */
export function checkValues<T>(
  columns: readonly GridColumn<T>[],
  values: Record<string, unknown>,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const column of columns) {
    if (!column.edit || !column.validate) continue;
    const field = editFieldOf(column);
    if (!(field in values)) continue;
    const message = column.validate(values[field]);
    if (message) problems[field] = message;
  }
  return problems;
}
