import "dayjs/locale/ru";
import useMediaQuery from "@mui/material/useMediaQuery";
import { AdapterDayjs } from "@mui/x-date-pickers/AdapterDayjs";
import { LocalizationProvider } from "@mui/x-date-pickers/LocalizationProvider";
import {
  createRow,
  MaterialReactTable,
  type MRT_RowData,
  type MRT_TableInstance,
  useMaterialReactTable,
} from "material-react-table";
import { useEffect, useMemo, useRef } from "react";
import type { DataGridProps } from "./data-grid-props";
import { formatCell } from "./format";
import { GridActions } from "./grid-actions";
import { bodyEvents } from "./grid-body-events";
import { toMrtColumns, useColumnOrder } from "./grid-columns";
import { GridEditContext } from "./grid-edit-cell";
import { useGridLocale } from "./grid-locale";
import { useRowDeletion } from "./grid-row-actions";
import {
  filterTextFieldProps,
  headCellProps,
  loadingBodyProps,
  phoneHeadCellProps,
  VISUALLY_HIDDEN,
} from "./grid-styles";
import { GridBottomToolbar, GridToolbar } from "./grid-toolbar";
import { phoneLayoutOf } from "./layout";
import { requestedFields } from "./list-query";
import { DEFAULT_PAGE_SIZE, DEFAULT_PAGE_SIZE_OPTIONS } from "./list-request";
import { lastPageIfPastTheEnd, pagerWords } from "./pager";
import { rowActionsColumn } from "./row-actions-column";
import { isDataRow, isGroupRow, isMoreRow } from "./server-groups";
import { useGridEditing } from "./use-grid-editing";
import { useGridRows } from "./use-grid-rows";
import { useGridState } from "./use-grid-state";
import { useRowSelection } from "./use-row-selection";

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
    fields: requestedFields(columns, grid.tableState.columnVisibility, props.rowFields),
  });
  const rows = source.data;
  const { refetch } = source;

  // An empty page past the list's end goes to the last page (pager.ts)
  const onPaginationChange = grid.handlers.onPaginationChange;
  const lastPage =
    isServer && !source.isFetching && !source.grouped
      ? lastPageIfPastTheEnd({
          pageIndex: pagination.pageIndex,
          pageSize: pagination.pageSize,
          rowsOnPage: rows.length,
          count: source.count,
          isCountExact: !source.countCapped && !source.countEstimated,
        })
      : null;
  useEffect(() => {
    if (lastPage !== null) onPaginationChange((old) => ({ ...old, pageIndex: lastPage }));
  }, [lastPage, onPaginationChange]);

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
        language: isEnglish ? "en" : "ru",
        editableMark: editMode === "cell" ? t("edit.editableColumn") : undefined,
      }),
    [columns, labels, canSave, t, phone, isEnglish, editMode],
  );

  const canEditRow = (row: T) => Boolean(onSave) && isDataRow(row) && (canEdit ? canEdit(row) : true);
  const canDeleteRow = (row: T) => Boolean(deletion.ask) && (props.canDelete?.(row) ?? true);
  const hasRowActions =
    Boolean(props.rowActions || props.renderRowActions || props.onCreate || deletion.ask) ||
    (Boolean(onSave) && editMode === "row");

  const actionsColumn = rowActionsColumn<T>({
    isPhone: phone !== null,
    title: localization.actions,
    width: props.rowActionsWidth,
    isRowEdit: editMode === "row" && Boolean(onSave),
    hasRowEditors: canSave && editMode === "row",
    canEditRow,
    canDeleteRow,
    isEditingRow: editingRow !== null,
    hasDeleteSlot: Boolean(deletion.ask),
    onDelete: (row) => deletion.ask?.(row),
    removal: props.removal,
    rowActions: props.rowActions,
    renderRowActions: props.renderRowActions,
  });

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
    // A list filtered by text counts only so far ("1–20 of more than 1,020"), a large one estimates ("of about")
    localization: pagerWords(
      localization,
      { isCapped: source.countCapped, isEstimated: source.countEstimated },
      { ofMoreThan: t("ofMoreThan"), ofAbout: t("ofAbout") },
    ),
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
      // A checkbox needs no more (MRT gives it 60 px): the width goes to the values. A single choice has no "select
      // all" box in its header but MRT's title, which 44 px cut to "Выбр": said, not shown
      "mrt-row-select": {
        size: 44,
        grow: false,
        ...(selection === "single" && {
          Header: <span style={VISUALLY_HIDDEN}>{localization.select}</span>,
        }),
      },
      "mrt-row-actions": actionsColumn.column,
    },
    renderRowActions: hasRowActions ? actionsColumn.renderRowActions : undefined,
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
      // The body shows the loading rows (loadingBodyProps) and the toolbar its progress bar: no spinner over them
      showLoadingOverlay: false,
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
    muiTableBodyProps: source.isLoading
      ? loadingBodyProps(grid.tableState.density, Math.min(pagination.pageSize, MAX_LOADING_ROWS))
      : undefined,
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
    ...bodyEvents({
      editMode,
      canSave,
      columnsByField,
      canEditRow,
      editingRow,
      save,
      create: editing.create,
      resetEdit,
      onRowDoubleClick: props.onRowDoubleClick,
      isPhone: phone !== null,
    }),
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

/** Phones: below MUI's `sm` breakpoint. */
const PHONE_QUERY = "(max-width:599.95px)";

/** The most rows the body draws while it loads, as many as fill a screen. */
const MAX_LOADING_ROWS = 20;

/** The id material-react-table gives the row being added. */
const NEW_ROW_ID = "mrt-row-create";

function defaultRowId(row: MRT_RowData): string {
  return String(row.id);
}
