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

/** What an edit holds: the edited values by edit field, and extras no column shows. */
interface EditDraft {
  draft: Record<string, unknown>;
  extras: Record<string, unknown>;
}

/** Each editable column's field, its edited value (if any) and the value it started from. */
function editedFields<T>(columns: readonly GridColumn<T>[], row: T, { draft }: EditDraft) {
  return columns.flatMap((column) => {
    if (!column.edit) return [];
    const field = editFieldOf(column);
    return [{ field, isEdited: field in draft, value: draft[field], initial: initialEditValue(column, row) }];
  });
}

/**
 * The changes of an edit: every drafted field whose value differs from the row's, plus the extras.
 * Empty when nothing changed (the grid then just leaves edit mode).
 */
export function collectChanges<T>(columns: readonly GridColumn<T>[], row: T, edit: EditDraft) {
  const changes: Record<string, unknown> = {};
  for (const { field, isEdited, value, initial } of editedFields(columns, row, edit)) {
    if (isEdited && !sameValue(value, initial)) changes[field] = value;
  }
  return Object.keys(changes).length === 0 ? changes : { ...changes, ...edit.extras };
}

/** The values of a row being added: every editable column's value (edited, else the new row's), plus the extras. */
export function newRowValues<T>(columns: readonly GridColumn<T>[], row: T, edit: EditDraft) {
  const values: Record<string, unknown> = {};
  for (const { field, isEdited, value, initial } of editedFields(columns, row, edit)) {
    values[field] = isEdited ? value : initial;
  }
  return { ...values, ...edit.extras };
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item) => b.includes(item));
  }
  return (a ?? null) === (b ?? null);
}

/**
 * The columns' own checks of the values about to be sent: a message per field the server would refuse. `row` is
 * the edited row (or the new row's values), for checks that depend on it.
 */
export function checkValues<T>(
  columns: readonly GridColumn<T>[],
  values: Record<string, unknown>,
  row: T,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const column of columns) {
    if (!column.edit || !column.validate) continue;
    const field = editFieldOf(column);
    if (!(field in values)) continue;
    const message = column.validate(values[field], row);
    if (message) problems[field] = message;
  }
  return problems;
}
