import type { RowSelectionState, Updater } from "@tanstack/react-table";
import { useRef, useState } from "react";
import { isDataRow } from "./server-groups";

/**
 * Selected rows by id. Selection survives paging: every row seen is remembered, so selected ids map back to
 * rows on other pages.
 */
export function useRowSelection<T>(
  rows: readonly T[],
  getRowId: (row: T) => string,
  onSelectionChange?: (rows: T[]) => void,
) {
  const seenRows = useRef(new Map<string, T>());
  for (const row of rows) if (isDataRow(row)) seenRows.current.set(getRowId(row), row);
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const rowsOf = (selection: RowSelectionState) =>
    Object.keys(selection)
      .filter((id) => selection[id])
      .flatMap((id) => seenRows.current.get(id) ?? []);
  const onRowSelectionChange = (updater: Updater<RowSelectionState>) => {
    const next = typeof updater === "function" ? updater(rowSelection) : updater;
    setRowSelection(next);
    onSelectionChange?.(rowsOf(next));
  };
  return { rowSelection, onRowSelectionChange, selectedRows: () => rowsOf(rowSelection) };
}
