import type { FilterNode } from "@portal/domain";
import type { ReactNode } from "react";
import type { RowRemoval } from "./grid-row-actions";
import type { GridColumn, GridRow, GridRowAction, GridSort } from "./types";

// What a page gives the one DataGrid: its rows or resource, its columns, and which of the grid's selection,
// editing, deletion, toolbar and export it uses.

/** What custom toolbar actions get to work with. */
export interface GridToolbarContext<T> {
  /** Selected rows (those loaded in this session of the grid). */
  selectedRows: T[];
  /** Reloads the current page. */
  refetch: () => void;
}

export interface DataGridProps<T extends GridRow> {
  /** Stable id of the grid: names its saved layout (`grid-layout:<userId>:<gridId>`) and prefixes its URL parameters. */
  gridId: string;
  /** List endpoint of the list pattern (`{results, count}`), e.g. `/profile/api/users/`; or give `rows`. */
  resource?: string;
  /** The rows, when the page has them (a grid inside a form): paged, sorted, filtered and grouped here. */
  rows?: readonly T[];
  /** Where page, sorting, filters and search live: the page URL (default), or the grid alone (popups, forms). */
  stateIn?: "url" | "memory";
  /** Columns, in their default order; build them in `useMemo` (headers translated). */
  columns: readonly GridColumn<T>[];
  /** Row id for selection and editing; default `String(row.id)`. */
  getRowId?: (row: T) => string;
  /**
   * What the page reads of a row beyond its visible columns (its row actions', edit rules' and columns' values
   * of other fields: an order's status for who may edit it). Given, the grid asks the list for its visible
   * columns and these only (`fields`); without it, for whole rows.
   */
  rowFields?: readonly string[];
  /** A filter always ANDed to the user's (e.g. one company's rows); not shown and not in the URL. */
  fixedFilter?: FilterNode | null;
  /** Sorting until the user (or the URL) chooses one. */
  defaultSorting?: readonly GridSort[];
  /** Initial page size; default 20. */
  pageSize?: number;
  /** Page size choices; default 10, 15, 20, 50. */
  pageSizeOptions?: readonly number[];
  /** Row selection with checkboxes (multi) or radio buttons (single); default none. */
  selection?: "none" | "single" | "multi";
  /** Called with the selected rows whenever the selection changes. */
  onSelectionChange?: (rows: T[]) => void;
  /** Double-click (or Enter on a focused cell) on a data row. */
  onRowDoubleClick?: (row: T) => void;
  /**
   * The row's own actions (open, copy, …), after the grid's edit and delete: icon buttons, on a phone entries of
   * the row's menu. A null keeps the place of an action this row lacks, so the others stay in their columns.
   */
  rowActions?: (row: T) => readonly (GridRowAction | null)[];
  /** Buttons of the page's own making at the start of each row, after `rowActions` (not collapsed on a phone). */
  renderRowActions?: (row: T) => ReactNode;
  /** Width of the row actions column in pixels; default fits the header and two buttons. */
  rowActionsWidth?: number;
  /** Extra toolbar content after refresh, clear filters and export (e.g. a "New …" button). */
  toolbarActions?: ReactNode | ((context: GridToolbarContext<T>) => ReactNode);
  /** Inline editing: one cell at a time (saved on Enter or leaving the cell) or a whole row (save/cancel buttons). */
  editMode?: "cell" | "row";
  /** Whether a row may be edited; default every row (when `onSave` is set). */
  canEdit?: (row: T) => boolean;
  /**
   * Saves an inline edit. `changes` holds the edited fields (by their edit field) and extras. Reject with the
   * `ApiError` of the call: 400 `{field: [messages]}` puts the messages on the cells and keeps the edit open;
   * 409 tells the user that someone else changed the row and reloads it. Throw `GridValidationError` to refuse
   * a change before calling the server.
   */
  onSave?: (row: T, changes: Record<string, unknown>) => Promise<unknown>;
  /** Adds a row (an "Add" button, then a row of editors); rejected like `onSave`. */
  onCreate?: (values: Record<string, unknown>) => Promise<unknown>;
  /** Adds a row with the page's own form (a dialog) instead of a row of editors: the "Add" button calls it. */
  onAdd?: () => void;
  /** The text of the "Add" button (of `onCreate` or `onAdd`); default "Add". */
  addLabel?: string;
  /** The values a new row starts with; default none. */
  newRow?: () => Partial<T>;
  /** Deletes a row after the user confirms it; the server's 400 message is shown as it is worded. */
  onDelete?: (row: T) => Promise<unknown>;
  /** Whether a row may be deleted (its delete button); default every row (when `onDelete` is set). */
  canDelete?: (row: T) => boolean;
  /** The words and icon of `onDelete` when it does not delete the row (an employee is deactivated). */
  removal?: RowRemoval;
  /** The row's name in the deletion question; default its first column's value. */
  rowLabel?: (row: T) => string;
  /** Show the export button (CSV/XLSX of all filtered rows); default true. */
  enableExport?: boolean;
  /** Export file name without extension and date; default the grid id. */
  exportFileName?: string;
  /** Height limit of the whole grid (toolbars included; the body scrolls and the header sticks); default
   * fills the window below the app header and a page title. */
  maxHeight?: string;
}
