import "dayjs/locale/ru";
import useMediaQuery from "@mui/material/useMediaQuery";
import { AdapterDayjs } from "@mui/x-date-pickers/AdapterDayjs";
import { LocalizationProvider } from "@mui/x-date-pickers/LocalizationProvider";
import type { FilterNode } from "@portal/domain";
import {
  createRow,
  MaterialReactTable,
  type MRT_RowData,
  type MRT_TableInstance,
  useMaterialReactTable,
} from "material-react-table";
import { lazy, type ReactNode, Suspense, useMemo, useRef } from "react";
import { formatCell } from "./format";
import { GridActions } from "./grid-actions";
import { toMrtColumns, useColumnOrder } from "./grid-columns";
import { GridEditContext } from "./grid-edit-cell";
import { useGridLocale } from "./grid-locale";
import { RowActions, type RowRemoval, useRowDeletion } from "./grid-row-actions";
import {
  editorCellSx,
  filterTextFieldProps,
  groupCellStyle,
  headCellProps,
  phoneHeadCellProps,
} from "./grid-styles";
import { GridBottomToolbar, GridToolbar } from "./grid-toolbar";
import { phoneLayoutOf } from "./layout";
import { DEFAULT_PAGE_SIZE, DEFAULT_PAGE_SIZE_OPTIONS } from "./list-request";
import { isDataRow, isGroupRow, isMoreRow } from "./server-groups";
import type { GridColumn, GridRowAction, GridSort } from "./types";
import { useGridEditing } from "./use-grid-editing";
import { useGridRows } from "./use-grid-rows";
import { useGridState } from "./use-grid-state";
import { useRowSelection } from "./use-row-selection";

/** What custom toolbar actions get to work with. */
export interface GridToolbarContext<T> {
  /** Selected rows (those loaded in this session of the grid). */
  selectedRows: T[];
  /** Reloads the current page. */
  refetch: () => void;
}

export interface DataGridProps<T extends MRT_RowData> {
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

/** The one grid of the portal: server-side paging, sorting, filters and search over a list resource. */
export function DataGrid<T extends MRT_RowData>(props: DataGridProps<T>) {
  const {
    gridId,
    resource,
    columns,
    fixedFilter,
    pageSizeOptions = DEFAULT_PAGE_SIZE_OPTIONS,
    selection = "none",
    editMode = "row",
    onSave,
    canEdit,
  } = props;
  const { t, labels, localization, pickerLocale, isEnglish } = useGridLocale();
  const getRowId = props.getRowId ?? defaultRowId;
  // A phone shows the columns the grid declares for it, if any (read at once: the first render decides the
  // filter row's initial state)
  const isPhone = useMediaQuery(PHONE_QUERY, { noSsr: true });
  const phoneColumns = useMemo(() => phoneLayoutOf(columns), [columns]);
  const phone = isPhone ? phoneColumns : null;

  const grid = useGridState({
    gridId,
    stateIn: props.stateIn ?? "url",
    columns,
    defaultSorting: props.defaultSorting,
    pageSize: props.pageSize ?? DEFAULT_PAGE_SIZE,
    pageSizeOptions,
  });
  const { pagination, sorting, columnFilters, search } = grid.query;

  const listState = useMemo(
    () => ({ ...pagination, sorting, columnFilters, search }),
    [pagination, sorting, columnFilters, search],
  );
  const isServer = !props.rows;
  // Server-side grouping takes one column: the group panel's chip
  const groupField = isServer ? (grid.tableState.grouping[0] ?? null) : null;
  const source = useGridRows({
    gridId,
    resource,
    rows: props.rows,
    state: listState,
    columns,
    fixedFilter,
    groupField,
  });
  const rows = source.data;
  const { refetch } = source;

  const selected = useRowSelection(rows, getRowId, props.onSelectionChange);

  const editing = useGridEditing({ columns, editMode, onSave, onCreate: props.onCreate, refetch });
  const { editingRow, editingCell, isSaving, save, resetEdit, onEditingRowChange, onEditingCellChange } =
    editing;
  const deletion = useRowDeletion({
    onDelete: props.onDelete,
    describe: props.rowLabel ?? ((row) => (columns[0] ? formatCell(columns[0], row, labels) : "")),
    refetch,
    removal: props.removal,
  });
  const onLoadMore = useRef(source.grouped?.loadMore);
  onLoadMore.current = source.grouped?.loadMore;

  // ---- columns ----
  const canSave = Boolean(onSave || props.onCreate);
  const columnsByField = useMemo(() => new Map(columns.map((column) => [column.field, column])), [columns]);
  const mrtColumns = useMemo(
    () =>
      toMrtColumns(columns, labels, canSave, t("emptyGroup"), (id) => onLoadMore.current?.(id), {
        isPhone: phone !== null,
        notANumber: t("notANumber"),
      }),
    [columns, labels, canSave, t, phone],
  );

  const canEditRow = (row: T) => Boolean(onSave) && isDataRow(row) && (canEdit ? canEdit(row) : true);
  const canDeleteRow = (row: T) => Boolean(deletion.ask) && (props.canDelete?.(row) ?? true);
  const hasRowActions =
    Boolean(props.rowActions || props.renderRowActions || props.onCreate || deletion.ask) ||
    (Boolean(onSave) && editMode === "row");

  // The options that decide MRT's own columns (row actions, selection, the grouping's expand column)
  const displayColumnOptions = useMemo(
    () =>
      ({
        enableGrouping: true,
        // A phone's few columns are for reading: no selection boxes there
        enableRowSelection: selection !== "none" && phone === null,
        enableRowActions: hasRowActions,
        editDisplayMode: editMode,
        positionActionsColumn: "first",
        positionExpandColumn: "first",
      }) as const,
    [selection, hasRowActions, editMode, phone],
  );
  const columnOrder = useColumnOrder<T>(displayColumnOptions, grid.tableState);

  const table: MRT_TableInstance<T> = useMaterialReactTable<T>({
    ...displayColumnOptions,
    columns: mrtColumns,
    data: rows,
    getRowId: (row) =>
      isGroupRow(row) ? row.gridGroup.id : isMoreRow(row) ? `${row.gridMore.groupId}:more` : getRowId(row),
    // A searched list counts only so far: "1–20 of more than 1,020"
    localization: source.countCapped ? { ...localization, of: t("ofMoreThan") } : localization,
    manualPagination: isServer,
    manualSorting: isServer,
    manualFiltering: isServer,
    // Server-side groups: a line per group, its rows loaded when opened (server-groups.ts)
    manualGrouping: isServer,
    // The grouped column stays where it is; the group's line is written in the first data column
    groupedColumnMode: isServer ? false : "reorder",
    enableExpanding: Boolean(source.grouped),
    enableExpandAll: false,
    getSubRows: (row) => (isGroupRow<T>(row) ? (row.subRows as T[]) : undefined),
    getRowCanExpand: (row) => isGroupRow(row.original),
    muiExpandButtonProps: ({ row }) => (isGroupRow(row.original) ? {} : { sx: { display: "none" } }),
    enablePagination: !source.grouped,
    rowCount: isServer ? source.count : undefined,
    enableColumnFilterModes: false,
    enableFacetedValues: false,
    enableGlobalFilterModes: false,
    positionGlobalFilter: "left",
    // The phone's columns are the grid's choice, not the user's layout (kept for wider screens)
    enableColumnOrdering: phone === null,
    enableColumnDragging: phone === null,
    enableColumnResizing: phone === null,
    enableHiding: phone === null,
    enableDensityToggle: true,
    enableFullScreenToggle: true,
    enableStickyHeader: true,
    // Columns take at least their size and share the rest of the width, so a wide window has no empty strip
    layoutMode: "grid",
    enableKeyboardShortcuts: true,
    enableMultiRowSelection: selection === "multi",
    enableSelectAll: selection === "multi",
    enableEditing: canSave ? (row) => canEditRow(row.original) || row.id === NEW_ROW_ID : false,
    enableRowSelection: selection !== "none" && phone === null && ((row) => isDataRow(row.original)),
    createDisplayMode: "row",
    onCreatingRowSave: async ({ row, exitCreatingMode }) => {
      if (await editing.create(row.original)) exitCreatingMode();
    },
    onCreatingRowCancel: () => resetEdit(),
    displayColumnDefOptions: {
      // A checkbox needs no more (MRT gives it 60 px): the width goes to the values
      "mrt-row-select": { size: 44, grow: false },
      "mrt-row-actions": {
        size: phone && !props.renderRowActions ? PHONE_ACTIONS_WIDTH : (props.rowActionsWidth ?? 96),
        grow: false,
        // A phone's one menu button has no room for the column's title: said, not shown
        ...(phone && {
          Header: <span style={VISUALLY_HIDDEN}>{localization.actions}</span>,
        }),
      },
    },
    renderRowActions: hasRowActions
      ? ({ row, table: instance }) => {
          if (!isDataRow(row.original)) return null;
          // A phone: the row's actions in one menu, so its width goes to the values
          const Actions = phone ? RowActionsMenu : RowActions;
          return (
            <Suspense fallback={null}>
              <Actions
                onEdit={
                  editMode === "row" && canEditRow(row.original)
                    ? () => instance.setEditingRow(row)
                    : undefined
                }
                isEditBusy={editingRow !== null || instance.getState().creatingRow !== null}
                hasDeleteSlot={Boolean(deletion.ask)}
                removal={props.removal}
                onDelete={canDeleteRow(row.original) ? () => deletion.ask?.(row.original) : undefined}
                actions={props.rowActions?.(row.original)}
              >
                {props.renderRowActions?.(row.original)}
              </Actions>
            </Suspense>
          );
        }
      : undefined,
    onEditingRowSave: async ({ row, exitEditingMode }) => {
      if (await save(row.original)) exitEditingMode();
    },
    onEditingRowCancel: () => resetEdit(),
    // A phone's narrow columns cannot hold their filters: the filter row waits for its button there
    initialState: { showColumnFilters: phone === null, showGlobalFilter: true },
    state: {
      ...grid.tableState,
      columnOrder,
      // Groups of given rows are always open: their chevrons would only hide rows. Server-side groups open
      // on a click, which loads their rows.
      expanded: source.grouped?.expanded ?? true,
      columnVisibility: {
        ...grid.tableState.columnVisibility,
        ...phone?.columnVisibility,
        "mrt-row-expand": Boolean(source.grouped),
      },
      columnSizing: phone?.columnSizing ?? grid.tableState.columnSizing,
      rowSelection: selected.rowSelection,
      editingRow,
      editingCell,
      isSaving,
      isLoading: source.isLoading,
      showProgressBars: source.isFetching,
      showAlertBanner: Boolean(source.error),
    },
    ...grid.handlers,
    onRowSelectionChange: selected.onRowSelectionChange,
    onEditingRowChange,
    onEditingCellChange,
    onExpandedChange: (updater) => {
      const expanded = source.grouped?.expanded ?? {};
      const next = typeof updater === "function" ? updater(expanded) : updater;
      if (next !== true) source.grouped?.setExpanded(next);
    },
    // Server-side grouping takes one column: a new chip replaces the old
    onGroupingChange: (updater) =>
      grid.handlers.onGroupingChange((old) => {
        const next = typeof updater === "function" ? updater(old) : updater;
        return isServer ? next.slice(-1) : next;
      }),
    muiSearchTextFieldProps: {
      value: grid.tableState.globalFilter,
      onChange: (event) => grid.setSearchInput(event.target.value),
      inputProps: { autoComplete: "off", "aria-label": t("search") },
    },
    muiTableHeadCellProps: phone ? phoneHeadCellProps : headCellProps,
    muiColumnDragHandleProps: { tabIndex: -1 },
    muiFilterTextFieldProps: filterTextFieldProps,
    muiToolbarAlertBannerProps: source.error
      ? { color: "error", children: t("loadFailed", { message: source.error.message }) }
      : undefined,
    muiPaginationProps: {
      rowsPerPageOptions: [...pageSizeOptions],
      showFirstButton: true,
      showLastButton: true,
    },
    // The paper fits the window (or the screen, full screen) and the body scrolls inside it, so the header
    // sticks and the pager stays in view whatever the toolbar holds (group chips, selection banner)
    muiTablePaperProps: ({ table: instance }) => ({
      elevation: 0,
      variant: "outlined",
      sx: {
        display: "flex",
        flexDirection: "column",
        maxHeight: instance.getState().isFullScreen ? undefined : (props.maxHeight ?? "calc(100vh - 112px)"),
      },
    }),
    muiTableContainerProps: { sx: { flex: "1 1 auto", minHeight: 0 } },
    muiTableBodyRowProps: ({ row, table: instance }) => ({
      // A row being edited or added: Enter in one of its editors saves the row, Escape leaves it, as its buttons
      // do. An editor that takes the key itself (a list's choice) has marked it handled.
      onKeyDown: (event) => {
        if (event.defaultPrevented || !(event.target instanceof HTMLInputElement)) return;
        const isCreating = instance.getState().creatingRow?.id === row.id;
        const isEditing = editingRow?.id === row.id;
        if (!isCreating && !isEditing) return;
        if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
          event.preventDefault();
          if (isCreating)
            void editing.create(row.original).then((done) => done && instance.setCreatingRow(null));
          else void save(row.original).then((done) => done && instance.setEditingRow(null));
        } else if (event.key === "Escape") {
          // The row's edit, not the popup the grid is in
          event.preventDefault();
          event.stopPropagation();
          resetEdit();
          if (isCreating) instance.setCreatingRow(null);
          else instance.setEditingRow(null);
        }
      },
      onDoubleClick: (event) => {
        if (!props.onRowDoubleClick || !isDataRow(row.original) || row.getIsGrouped()) return;
        if (editingRow?.id === row.id) return;
        // In cell edit mode a double-click on an editable cell edits it instead
        if ((event.target as HTMLElement).closest("td[data-editable]")) return;
        props.onRowDoubleClick(row.original);
      },
      sx: props.onRowDoubleClick ? { cursor: "pointer" } : undefined,
    }),
    muiTableBodyCellProps: ({ cell, row, table: instance }) => {
      const isEditableCell =
        editMode === "cell" && canSave && Boolean(columnsByField.get(cell.column.id)?.edit);
      return {
        "data-editable": isEditableCell && canEditRow(row.original) ? "" : undefined,
        style: isGroupRow(row.original) ? groupCellStyle : undefined,
        sx: editorCellSx,
        onKeyDown: (event) => {
          // Enter on a focused cell: edit it (cell mode) or open the row, like a double-click
          if (event.key !== "Enter" || event.target !== event.currentTarget) return;
          if (row.getIsGrouped() || !isDataRow(row.original)) return;
          if (isEditableCell && canEditRow(row.original)) instance.setEditingCell(cell);
          else props.onRowDoubleClick?.(row.original);
        },
      };
    },
    renderBottomToolbar: ({ table: instance }) => (
      <GridBottomToolbar
        table={instance}
        summary={source.grouped ? t("groups.count", { count: source.count }) : undefined}
      />
    ),
    renderTopToolbar: ({ table: instance }) => (
      <GridToolbar table={instance}>
        <GridActions
          table={instance}
          onRefresh={refetch}
          onClearFilters={grid.clearFilters}
          hasFilters={grid.hasFilters}
          onAdd={
            props.onAdd ??
            (props.onCreate &&
              (() => {
                resetEdit();
                instance.setCreatingRow(createRow(instance, (props.newRow?.() ?? {}) as T));
              }))
          }
          addLabel={props.addLabel}
          canAdd={editingRow === null}
          exportTo={
            props.enableExport !== false && resource
              ? {
                  resource,
                  params: source.params,
                  fileName: props.exportFileName ?? gridId,
                  columnsByField,
                }
              : undefined
          }
        />
        {typeof props.toolbarActions === "function"
          ? props.toolbarActions({ selectedRows: selected.selectedRows(), refetch })
          : props.toolbarActions}
      </GridToolbar>
    ),
  });

  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={isEnglish ? "en" : "ru"}
      localeText={pickerLocale}
    >
      <GridEditContext.Provider value={editing.session}>
        <MaterialReactTable table={table} />
      </GridEditContext.Provider>
      {deletion.dialog}
    </LocalizationProvider>
  );
}

/** The row's actions as one menu, on a phone only: wider screens do not load it. */
const RowActionsMenu = lazy(() =>
  import("./row-actions-menu").then((module) => ({ default: module.RowActionsMenu })),
);

/** Phones: below MUI's `sm` breakpoint. */
const PHONE_QUERY = "(max-width:599.95px)";
/** Read by a screen reader, not shown. */
const VISUALLY_HIDDEN = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clipPath: "inset(50%)",
  whiteSpace: "nowrap",
} as const;
/** The row actions' column on a phone: its one menu button. */
const PHONE_ACTIONS_WIDTH = 40;

/** The id material-react-table gives the row being added. */
const NEW_ROW_ID = "mrt-row-create";

function defaultRowId(row: MRT_RowData): string {
  return String(row.id);
}
