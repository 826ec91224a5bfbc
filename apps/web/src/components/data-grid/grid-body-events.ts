import type { MRT_Row, MRT_RowData, MRT_TableOptions } from "material-react-table";
import { editorCellSx, groupCellStyle, phoneCellSx } from "./grid-styles";
import { isDataRow, isGroupRow } from "./server-groups";
import type { GridColumn } from "./types";

// How the grid's body answers the keyboard and the mouse: Enter and Escape in a row being edited or added, a
// double-click or Enter that opens a row, Enter on a cell that edits it.

interface BodyEventOptions<T extends MRT_RowData> {
  editMode: "cell" | "row";
  /** The grid saves edits (or adds rows). */
  canSave: boolean;
  columnsByField: ReadonlyMap<string, GridColumn<T>>;
  canEditRow: (row: T) => boolean;
  /** The row being edited in row edit mode. */
  editingRow: MRT_Row<T> | null;
  /** Save the edited row, add the new one; each resolves to whether it is done. */
  save: (row: T) => Promise<boolean>;
  create: (row: T) => Promise<boolean>;
  resetEdit: () => void;
  onRowDoubleClick?: (row: T) => void;
  /** A phone's narrow columns (their cells' padding halved, grid-styles.ts). */
  isPhone: boolean;
}

/** MRT's props of the body's rows and cells, with their key and mouse handlers. */
export function bodyEvents<T extends MRT_RowData>(
  options: BodyEventOptions<T>,
): Pick<MRT_TableOptions<T>, "muiTableBodyRowProps" | "muiTableBodyCellProps"> {
  const { editingRow, onRowDoubleClick } = options;
  return {
    muiTableBodyRowProps: ({ row, table }) => ({
      // A row being edited or added: Enter in one of its editors saves the row, Escape leaves it, as its buttons
      // do. An editor that takes the key itself (a list's choice) has marked it handled.
      onKeyDown: (event) => {
        if (event.defaultPrevented || !(event.target instanceof HTMLInputElement)) return;
        const isCreating = table.getState().creatingRow?.id === row.id;
        const isEditing = editingRow?.id === row.id;
        if (!isCreating && !isEditing) return;
        if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
          event.preventDefault();
          if (isCreating)
            void options.create(row.original).then((done) => done && table.setCreatingRow(null));
          else void options.save(row.original).then((done) => done && table.setEditingRow(null));
        } else if (event.key === "Escape") {
          // The row's edit, not the popup the grid is in
          event.preventDefault();
          event.stopPropagation();
          options.resetEdit();
          if (isCreating) table.setCreatingRow(null);
          else table.setEditingRow(null);
        }
      },
      onDoubleClick: (event) => {
        if (!onRowDoubleClick || !isDataRow(row.original) || row.getIsGrouped()) return;
        if (editingRow?.id === row.id) return;
        // In cell edit mode a double-click on an editable cell edits it instead
        if ((event.target as HTMLElement).closest("td[data-editable]")) return;
        onRowDoubleClick(row.original);
      },
      sx: onRowDoubleClick ? { cursor: "pointer" } : undefined,
    }),
    muiTableBodyCellProps: ({ cell, row, table }) => {
      const isEditableCell =
        options.editMode === "cell" &&
        options.canSave &&
        Boolean(options.columnsByField.get(cell.column.id)?.edit);
      return {
        "data-editable": isEditableCell && options.canEditRow(row.original) ? "" : undefined,
        style: isGroupRow(row.original) ? groupCellStyle : undefined,
        sx: options.isPhone ? phoneCellSx : editorCellSx,
        onKeyDown: (event) => {
          // Enter on a focused cell: edit it (cell mode) or open the row, like a double-click
          if (event.key !== "Enter" || event.target !== event.currentTarget) return;
          if (row.getIsGrouped() || !isDataRow(row.original)) return;
          if (isEditableCell && options.canEditRow(row.original)) table.setEditingCell(cell);
          else onRowDoubleClick?.(row.original);
        },
      };
    },
  };
}
