import type { MRT_RowData, MRT_TableOptions } from "material-react-table";
import { lazy, type ReactNode, Suspense } from "react";
import { RowActions, type RowRemoval } from "./grid-row-actions";
import { VISUALLY_HIDDEN } from "./grid-styles";
import { isDataRow } from "./server-groups";
import type { GridRowAction } from "./types";

// The grid's row actions column: its width and title, and what each data row shows in it (the buttons, or on a
// phone one menu of them).

interface RowActionsColumnOptions<T> {
  /** A phone: one menu button instead of the buttons. */
  isPhone: boolean;
  /** The localized title of the column. */
  title: string;
  /** Width in pixels away from a phone (or when the page draws its own buttons); default 96. */
  width?: number;
  /** Whether the grid edits whole rows, so each row has its edit button (or, where it may not, its place). */
  isRowEdit: boolean;
  /**
   * Rows are edited or added in place (row edit mode): while one is, its cell holds MRT's Cancel and Save buttons,
   * which the column must hold as well as the row's own.
   */
  hasRowEditors: boolean;
  canEditRow: (row: T) => boolean;
  canDeleteRow: (row: T) => boolean;
  /** A row is being edited: the edit buttons wait (as they do while a row is being added). */
  isEditingRow: boolean;
  /** The grid deletes rows (some of them): a row without its delete button keeps the button's place. */
  hasDeleteSlot: boolean;
  onDelete: (row: T) => void;
  removal?: RowRemoval;
  rowActions?: (row: T) => readonly (GridRowAction | null)[];
  renderRowActions?: (row: T) => ReactNode;
}

/** MRT's options of the row actions column: the column's size and title, and the cell of each row. */
export function rowActionsColumn<T extends MRT_RowData>(
  options: RowActionsColumnOptions<T>,
): Pick<MRT_TableOptions<T>, "renderRowActions"> & {
  column: NonNullable<MRT_TableOptions<T>["displayColumnDefOptions"]>["mrt-row-actions"];
} {
  const phoneMenu = options.isPhone && !options.renderRowActions;
  const width = phoneMenu ? PHONE_ACTIONS_WIDTH : (options.width ?? 96);
  // A phone's one menu button widens only while a row is edited; wider screens keep the room, so that nothing
  // moves when an edit begins
  const holdsEditors = options.hasRowEditors && (!phoneMenu || options.isEditingRow);
  return {
    column: {
      size: holdsEditors ? Math.max(width, ROW_EDITOR_ACTIONS_WIDTH) : width,
      grow: false,
      // A phone's one menu button has no room for the column's title: said, not shown
      ...(options.isPhone && {
        Header: <span style={VISUALLY_HIDDEN}>{options.title}</span>,
      }),
    },
    renderRowActions: ({ row, table }) => {
      if (!isDataRow(row.original)) return null;
      // A phone: the row's actions in one menu, so its width goes to the values
      const Actions = options.isPhone ? RowActionsMenu : RowActions;
      return (
        <Suspense fallback={null}>
          <Actions
            onEdit={
              options.isRowEdit && options.canEditRow(row.original)
                ? () => table.setEditingRow(row)
                : undefined
            }
            isEditBusy={options.isEditingRow || table.getState().creatingRow !== null}
            hasEditSlot={options.isRowEdit}
            hasDeleteSlot={options.hasDeleteSlot}
            removal={options.removal}
            onDelete={options.canDeleteRow(row.original) ? () => options.onDelete(row.original) : undefined}
            actions={options.rowActions?.(row.original)}
          >
            {options.renderRowActions?.(row.original)}
          </Actions>
        </Suspense>
      );
    },
  };
}

/** The row's actions as one menu, on a phone only: wider screens do not load it. */
const RowActionsMenu = lazy(() =>
  import("./row-actions-menu").then((module) => ({ default: module.RowActionsMenu })),
);

/** The row actions' column on a phone: its one menu button. */
const PHONE_ACTIONS_WIDTH = 40;
/**
 * What MRT's Cancel and Save buttons of a row being edited or added take: two 40 px icon buttons, the 12 px between
 * them and the cell's 8 px on each side (a narrower column hid Save under the next one).
 */
export const ROW_EDITOR_ACTIONS_WIDTH = 108;
