import type { Cell, Row, Updater } from "@tanstack/react-table";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { enqueueSnackbar } from "../../app/toasts";
import { checkValues, collectChanges, editFieldOf, newRowValues } from "./edit-changes";
import { loadFieldChecks } from "./field-columns";
import type { GridEditSession } from "./grid-edit-session";
import { readSaveError } from "./save-errors";
import type { GridColumn, GridRow } from "./types";

interface GridEditingOptions<T> {
  columns: readonly GridColumn<T>[];
  editMode: "cell" | "row";
  onSave?: (row: T, changes: Record<string, unknown>) => Promise<unknown>;
  onCreate?: (values: Record<string, unknown>) => Promise<unknown>;
  /** Reloads the rows after a save or a conflict. */
  refetch: () => void;
}

/**
 * Inline editing of a grid: the row or cell being edited, the draft of changed values, the server's field
 * errors shown on the cells, and saving (a 409 warns and reloads; a 400 keeps the editor open with the errors).
 */
export function useGridEditing<T extends GridRow>({
  columns,
  editMode,
  onSave,
  onCreate,
  refetch,
}: GridEditingOptions<T>) {
  const { t } = useTranslation("grid");
  // The checks of edited values load when a grid first shows (field-columns.ts)
  useEffect(() => void loadFieldChecks(), []);
  const [editingRow, setEditingRow] = useState<Row<T> | null>(null);
  const [editingCell, setEditingCell] = useState<Cell<T, unknown> | null>(null);
  const [editErrors, setEditErrors] = useState<Record<string, string>>({});
  const [isSaving, setIsSaving] = useState(false);
  const savingRef = useRef(false);
  const draft = useRef<Record<string, unknown>>({});
  const extras = useRef<Record<string, unknown>>({});
  // Cleared in place: editors already rendered hold these objects through the edit context
  const resetEdit = () => {
    for (const store of [draft.current, extras.current])
      for (const key of Object.keys(store)) delete store[key];
    setEditErrors({});
  };
  const onEditingRowChange = (updater: Updater<Row<T> | null>) => {
    const next = typeof updater === "function" ? updater(editingRow) : updater;
    if (next?.id !== editingRow?.id) resetEdit();
    setEditingRow(next);
  };
  const onEditingCellChange = (updater: Updater<Cell<T, unknown> | null>) => {
    const next = typeof updater === "function" ? updater(editingCell) : updater;
    if (next?.id !== editingCell?.id) resetEdit();
    setEditingCell(next);
  };

  // Error fields a cell shows → that cell's edit field
  const cellFields = useMemo(() => {
    const map = new Map<string, string>();
    for (const column of columns) {
      if (!column.edit) continue;
      const field = editFieldOf(column);
      map.set(field, field);
      for (const extra of column.edit.errorFields ?? []) map.set(extra, field);
    }
    return map;
  }, [columns]);

  /**
   * Checks `values` by the columns' rules and sends them; true when the editor may close. A 400 keeps it open
   * with the messages on the cells; a 409 warns and reloads.
   */
  const submit = async (
    row: T,
    values: Record<string, unknown>,
    send: () => Promise<unknown>,
  ): Promise<boolean> => {
    if (savingRef.current) return false;
    const problems = checkValues(columns, values, row);
    if (Object.keys(problems).length > 0) {
      setEditErrors(problems);
      return false;
    }
    savingRef.current = true;
    setIsSaving(true);
    try {
      await send();
      // The row leaves edit mode and may move away after the reload: say that the change was stored
      enqueueSnackbar(t("edit.saved"), { variant: "success", autoHideDuration: 4_000 });
      refetch();
      return true;
    } catch (error) {
      const failure = readSaveError(error, cellFields);
      if (failure.kind === "conflict") {
        enqueueSnackbar(t("edit.conflict"), { variant: "warning", autoHideDuration: 20_000 });
        refetch();
        return true;
      }
      setEditErrors(failure.fieldErrors);
      const messages = failure.messages.length
        ? failure.messages
        : Object.keys(failure.fieldErrors).length
          ? []
          : [t("edit.failed")];
      for (const message of messages)
        enqueueSnackbar(message, { variant: "error", autoHideDuration: 20_000 });
      return false;
    } finally {
      savingRef.current = false;
      setIsSaving(false);
    }
  };

  /**
   * The row as it was when its edit began: live updates refresh the rows under an open editor, and the save must be
   * based on the version the user saw, so that a change someone made meanwhile answers 409 instead of being lost.
   */
  const startedFrom = (row: T): T => {
    const started = editingCell?.row.original ?? editingRow?.original;
    return started !== undefined && started.id === row.id ? started : row;
  };

  /** Saves the draft of `row` (as it was when its edit began); true when the edit may close. */
  const save = (current: T): Promise<boolean> => {
    const row = startedFrom(current);
    const changes = collectChanges(columns, row, { draft: draft.current, extras: extras.current });
    if (!onSave) return Promise.resolve(false);
    if (Object.keys(changes).length === 0) return Promise.resolve(true);
    return submit(row, changes, () => onSave(row, changes));
  };

  /** Adds the row being created (its defaults with the edits); true when the new row may close. */
  const create = (row: T): Promise<boolean> => {
    const values = newRowValues(columns, row, { draft: draft.current, extras: extras.current });
    if (!onCreate) return Promise.resolve(false);
    return submit(values as T, values, () => onCreate(values));
  };

  const session: GridEditSession = {
    mode: editMode,
    draft: draft.current,
    extras: extras.current,
    errors: editErrors,
    clearError: (field) =>
      setEditErrors((old) => {
        const { [field]: _cleared, ...rest } = old;
        return rest;
      }),
    isSaving,
    commit: (row) => {
      void save(row as T).then((done) => {
        if (done) onEditingCellChange(null);
      });
    },
    cancel: () => onEditingCellChange(null),
  };

  return {
    editingRow,
    editingCell,
    isSaving,
    save,
    create,
    resetEdit,
    onEditingRowChange,
    onEditingCellChange,
    session,
  };
}
