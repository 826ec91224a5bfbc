import CloseIcon from "@mui/icons-material/Close";
import SaveIcon from "@mui/icons-material/Save";
import IconButton from "@mui/material/IconButton";
import type { Row } from "@tanstack/react-table";
import { lazy, type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import type { LeadColumn } from "./grid-body";
import { RowActions, type RowRemoval } from "./grid-row-actions";
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
   * Rows are edited or added in place (row edit mode): while one is, its cell holds the Cancel and Save buttons,
   * which the column must hold as well as the row's own.
   */
  hasRowEditors: boolean;
  canEditRow: (row: T) => boolean;
  canDeleteRow: (row: T) => boolean;
  /** A row is being edited or added: the edit buttons wait. */
  isEditingRow: boolean;
  /** The id of the row being edited (its cell holds Cancel and Save). */
  editingRowId: string | null;
  onEdit: (row: Row<T>) => void;
  /** Saves the row being edited (`null`: the row being added); Cancel leaves it. */
  onSave: (row: Row<T> | null) => void;
  onCancel: (row: Row<T> | null) => void;
  isSaving: boolean;
  /** The grid deletes rows (some of them): a row without its delete button keeps the button's place. */
  hasDeleteSlot: boolean;
  onDelete: (row: T) => void;
  removal?: RowRemoval;
  rowActions?: (row: T) => readonly (GridRowAction | null)[];
  renderRowActions?: (row: T) => ReactNode;
}

/** The row actions column: its width and title, and what each data row shows in it (the buttons, or on a phone
 * one menu of them; Cancel and Save in the row being edited or added). */
export function rowActionsColumn<T>(options: RowActionsColumnOptions<T>): LeadColumn<T> {
  const phoneMenu = options.isPhone && !options.renderRowActions;
  const width = phoneMenu ? PHONE_ACTIONS_WIDTH : (options.width ?? 96);
  // A phone's one menu button widens only while a row is edited; wider screens keep the room, so that nothing
  // moves when an edit begins
  const holdsEditors = options.hasRowEditors && (!phoneMenu || options.isEditingRow);
  return {
    id: "grid-actions",
    width: holdsEditors ? Math.max(width, ROW_EDITOR_ACTIONS_WIDTH) : width,
    // A phone's one menu button has no room for the column's title: said, not shown
    header: options.isPhone ? <span className="dg-hidden">{options.title}</span> : options.title,
    cell: (row) => {
      if (row === null || row.id === options.editingRowId)
        return (
          <RowEditorButtons
            isSaving={options.isSaving}
            onSave={() => options.onSave(row)}
            onCancel={() => options.onCancel(row)}
          />
        );
      if (!isDataRow(row.original)) return null;
      // A phone: the row's actions in one menu, so its width goes to the values
      const Actions = options.isPhone ? RowActionsMenu : RowActions;
      return (
        <Suspense fallback={null}>
          <Actions
            onEdit={
              options.isRowEdit && options.canEditRow(row.original) ? () => options.onEdit(row) : undefined
            }
            isEditBusy={options.isEditingRow}
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

/** Cancel and Save of a row edited or added in place. */
function RowEditorButtons(props: { isSaving: boolean; onSave: () => void; onCancel: () => void }) {
  const { t } = useTranslation("grid");
  return (
    <span className="dg-row-editor-buttons">
      <IconButton
        aria-label={t("table.cancel")}
        title={t("table.cancel")}
        onClick={props.onCancel}
        disabled={props.isSaving}
      >
        <CloseIcon />
      </IconButton>
      <IconButton
        aria-label={t("table.save")}
        title={t("table.save")}
        color="info"
        onClick={props.onSave}
        disabled={props.isSaving}
      >
        <SaveIcon />
      </IconButton>
    </span>
  );
}

/** The row's actions as one menu, on a phone only: wider screens do not load it. */
const RowActionsMenu = lazy(() =>
  import("./row-actions-menu").then((module) => ({ default: module.RowActionsMenu })),
);

/** The row actions' column on a phone: its one menu button. */
const PHONE_ACTIONS_WIDTH = 40;
/**
 * What the Cancel and Save buttons of a row being edited or added take: two 40 px icon buttons, the 12 px between
 * them and the cell's 8 px on each side (a narrower column hid Save under the next one).
 */
export const ROW_EDITOR_ACTIONS_WIDTH = 108;
