import "dayjs/locale/ru";
import EditIcon from "@mui/icons-material/Edit";
import FilterAltOffIcon from "@mui/icons-material/FilterAltOff";
import RefreshIcon from "@mui/icons-material/Refresh";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import { AdapterDayjs } from "@mui/x-date-pickers/AdapterDayjs";
import { LocalizationProvider } from "@mui/x-date-pickers/LocalizationProvider";
import { enUS as pickersEn, ruRU as pickersRu } from "@mui/x-date-pickers/locales";
import type { FilterNode } from "@portal/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import {
  getLeadingDisplayColumnIds,
  getTrailingDisplayColumnIds,
  MaterialReactTable,
  type MRT_RowData,
  type MRT_RowSelectionState,
  type MRT_StatefulTableOptions,
  type MRT_TableInstance,
  type MRT_Updater,
  useMaterialReactTable,
} from "material-react-table";
import { MRT_Localization_EN } from "material-react-table/locales/en";
import { MRT_Localization_RU } from "material-react-table/locales/ru";
import { type ReactNode, useCallback, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiFetch } from "../../app/api-client";
import { ExportMenu } from "./export-menu";
import type { FormatLabels } from "./format";
import { toMrtColumns } from "./grid-columns";
import { GridEditContext } from "./grid-edit-cell";
import { filterTextFieldProps, headCellProps } from "./grid-styles";
import { GridBottomToolbar, GridToolbar } from "./grid-toolbar";
import { listUrl, toListParams } from "./list-query";
import { DEFAULT_PAGE_SIZE, DEFAULT_PAGE_SIZE_OPTIONS, listQueryKey } from "./list-request";
import type { GridColumn, GridSort, ListPage } from "./types";
import { useGridEditing } from "./use-grid-editing";
import { useGridState } from "./use-grid-state";

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
  /** List endpoint of the list pattern (`{results, count}`), e.g. `/profile/api/users/`. */
  resource: string;
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
  /** Buttons at the start of each row (delete, copy, …). */
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
  const { t, i18n } = useTranslation("grid");
  const isEnglish = i18n.language === "en";
  const getRowId = props.getRowId ?? defaultRowId;
  const labels: FormatLabels = useMemo(() => ({ yes: t("yes"), no: t("no") }), [t]);
  const localization = useMemo(() => {
    // Our catalog corrects MRT's wording where it reads badly (`mrt` in grid.json, Russian mostly)
    const fixes = t("mrt", { returnObjects: true, defaultValue: {} });
    return {
      ...(isEnglish ? MRT_Localization_EN : MRT_Localization_RU),
      ...(typeof fixes === "object" ? fixes : {}),
      // The header names the column already: "Filter by {column}" only gets cut off
      filterByColumn: t("filterPlaceholder"),
    };
  }, [isEnglish, t]);

  const grid = useGridState({
    gridId,
    columns,
    defaultSorting: props.defaultSorting,
    pageSize: props.pageSize ?? DEFAULT_PAGE_SIZE,
    pageSizeOptions,
  });
  const { pagination, sorting, columnFilters, search } = grid.query;

  const params = useMemo(
    () => toListParams({ ...pagination, sorting, columnFilters, search }, columns, fixedFilter),
    [pagination, sorting, columnFilters, search, columns, fixedFilter],
  );
  const query = useQuery({
    queryKey: listQueryKey(gridId, resource, params),
    queryFn: ({ signal }) => apiFetch<ListPage<T>>(listUrl(resource, params), { signal, silent: true }),
    placeholderData: keepPreviousData,
    // A page its route prefetched while the grid's code loaded (list-request.ts) is not fetched again on mount
    staleTime: 5_000,
  });
  const rows = query.data?.results ?? EMPTY;
  const refetch = useCallback(() => void query.refetch(), [query.refetch]);

  // Selection survives paging: remember every row seen so selected ids map back to rows
  const seenRows = useRef(new Map<string, T>());
  for (const row of rows) seenRows.current.set(getRowId(row), row);
  const [rowSelection, setRowSelection] = useState<MRT_RowSelectionState>({});
  const selectedRows = () =>
    Object.keys(rowSelection)
      .filter((id) => rowSelection[id])
      .flatMap((id) => seenRows.current.get(id) ?? []);
  const onRowSelectionChange = (updater: MRT_Updater<MRT_RowSelectionState>) => {
    const next = typeof updater === "function" ? updater(rowSelection) : updater;
    setRowSelection(next);
    props.onSelectionChange?.(
      Object.keys(next)
        .filter((id) => next[id])
        .flatMap((id) => seenRows.current.get(id) ?? []),
    );
  };

  const editing = useGridEditing({ columns, editMode, onSave, refetch: () => void query.refetch() });
  const { editingRow, editingCell, isSaving, save, resetEdit, onEditingRowChange, onEditingCellChange } =
    editing;

  // ---- columns ----
  const canSave = Boolean(onSave);
  const columnsByField = useMemo(() => new Map(columns.map((column) => [column.field, column])), [columns]);
  const mrtColumns = useMemo(
    () => toMrtColumns(columns, labels, canSave, t("emptyGroup")),
    [columns, labels, canSave, t],
  );

  const canEditRow = (row: T) => Boolean(onSave) && (canEdit ? canEdit(row) : true);
  const hasRowActions = Boolean(props.renderRowActions) || (Boolean(onSave) && editMode === "row");

  // The options that decide MRT's own columns (row actions, selection, the grouping's expand column)
  const displayColumnOptions = useMemo(
    () =>
      ({
        enableGrouping: true,
        enableRowSelection: selection !== "none",
        enableRowActions: hasRowActions,
        editDisplayMode: editMode,
        positionActionsColumn: "first",
        positionExpandColumn: "first",
      }) as const,
    [selection, hasRowActions, editMode],
  );
  // The saved order holds the data columns; MRT's own go around them where MRT puts them. Given only the data
  // columns, MRT completes the order after mounting, and the whole table renders again before its first rows
  // can show (~200 ms on /profiles).
  const { columnOrder: savedOrder, grouping } = grid.tableState;
  const columnOrder = useMemo(() => {
    const options = {
      ...displayColumnOptions,
      state: { grouping },
    } as unknown as MRT_StatefulTableOptions<T>;
    return [
      ...getLeadingDisplayColumnIds(options),
      ...savedOrder.filter((id) => !id.startsWith("mrt-")),
      ...getTrailingDisplayColumnIds(options),
    ];
  }, [displayColumnOptions, savedOrder, grouping]);

  const table: MRT_TableInstance<T> = useMaterialReactTable<T>({
    ...displayColumnOptions,
    columns: mrtColumns,
    data: rows as T[],
    getRowId: (row) => getRowId(row),
    // A searched list counts only so far: "1–20 of more than 1,020"
    localization: query.data?.count_capped ? { ...localization, of: t("ofMoreThan") } : localization,
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: query.data?.count ?? 0,
    enableColumnFilterModes: false,
    enableFacetedValues: false,
    enableGlobalFilterModes: false,
    positionGlobalFilter: "left",
    enableColumnOrdering: true,
    enableColumnDragging: true,
    enableColumnResizing: true,
    enableHiding: true,
    enableDensityToggle: true,
    enableFullScreenToggle: true,
    enableStickyHeader: true,
    // Columns take at least their size and share the rest of the width, so a wide window has no empty strip
    layoutMode: "grid",
    enableKeyboardShortcuts: true,
    enableMultiRowSelection: selection === "multi",
    enableSelectAll: selection === "multi",
    enableEditing: onSave ? (row) => canEditRow(row.original) : false,
    displayColumnDefOptions: { "mrt-row-actions": { size: props.rowActionsWidth ?? 96, grow: false } },
    renderRowActions: hasRowActions
      ? ({ row, table: instance }) => (
          <Box sx={{ display: "flex", flexWrap: "nowrap", gap: 0.25 }}>
            {onSave && editMode === "row" && canEditRow(row.original) && (
              <Tooltip title={t("edit.start")}>
                <IconButton
                  aria-label={t("edit.start")}
                  disabled={editingRow !== null}
                  onClick={(event) => {
                    event.stopPropagation();
                    instance.setEditingRow(row);
                  }}
                >
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            {props.renderRowActions?.(row.original)}
          </Box>
        )
      : undefined,
    onEditingRowSave: async ({ row, exitEditingMode }) => {
      if (await save(row.original)) exitEditingMode();
    },
    onEditingRowCancel: () => resetEdit(),
    initialState: { showColumnFilters: true, showGlobalFilter: true, expanded: true },
    state: {
      ...grid.tableState,
      columnOrder,
      // Groups are always open (initialState): their expand chevrons would only hide rows
      columnVisibility: { ...grid.tableState.columnVisibility, "mrt-row-expand": false },
      rowSelection,
      editingRow,
      editingCell,
      isSaving,
      isLoading: query.isLoading,
      showProgressBars: query.isFetching,
      showAlertBanner: query.isError,
    },
    ...grid.handlers,
    onRowSelectionChange,
    onEditingRowChange,
    onEditingCellChange,
    muiSearchTextFieldProps: {
      value: grid.tableState.globalFilter,
      onChange: (event) => grid.setSearchInput(event.target.value),
      inputProps: { autoComplete: "off", "aria-label": t("search") },
    },
    muiTableHeadCellProps: headCellProps,
    muiColumnDragHandleProps: { tabIndex: -1 },
    muiFilterTextFieldProps: filterTextFieldProps,
    muiToolbarAlertBannerProps: query.isError
      ? { color: "error", children: t("loadFailed", { message: query.error?.message ?? "" }) }
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
    muiTableBodyRowProps: ({ row }) => ({
      onDoubleClick: (event) => {
        if (!props.onRowDoubleClick || row.getIsGrouped() || editingRow?.id === row.id) return;
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
        onKeyDown: (event) => {
          // Enter on a focused cell: edit it (cell mode) or open the row, like a double-click
          if (event.key !== "Enter" || event.target !== event.currentTarget || row.getIsGrouped()) return;
          if (isEditableCell && canEditRow(row.original)) instance.setEditingCell(cell);
          else props.onRowDoubleClick?.(row.original);
        },
      };
    },
    renderBottomToolbar: ({ table: instance }) => <GridBottomToolbar table={instance} />,
    renderTopToolbar: ({ table: instance }) => (
      <GridToolbar table={instance}>
        <Tooltip title={t("refresh")}>
          <IconButton aria-label={t("refresh")} onClick={refetch}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={t("clearFilters")}>
          <span>
            <IconButton
              aria-label={t("clearFilters")}
              onClick={grid.clearFilters}
              disabled={!grid.hasFilters}
            >
              <FilterAltOffIcon />
            </IconButton>
          </span>
        </Tooltip>
        {props.enableExport !== false && (
          <ExportMenu
            resource={resource}
            params={params}
            fileName={props.exportFileName ?? gridId}
            getColumns={() =>
              instance
                .getVisibleLeafColumns()
                .flatMap((leaf) => columnsByField.get(leaf.id) ?? [])
                .map((column) => ({
                  ...column,
                  size: instance.getColumn(column.field)?.getSize() ?? column.size,
                }))
            }
          />
        )}
        {typeof props.toolbarActions === "function"
          ? props.toolbarActions({ selectedRows: selectedRows(), refetch })
          : props.toolbarActions}
      </GridToolbar>
    ),
  });

  const pickerLocale = (isEnglish ? pickersEn : pickersRu).components.MuiLocalizationProvider.defaultProps
    .localeText;
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={isEnglish ? "en" : "ru"}
      localeText={pickerLocale}
    >
      <GridEditContext.Provider value={editing.session}>
        <MaterialReactTable table={table} />
      </GridEditContext.Provider>
    </LocalizationProvider>
  );
}

const EMPTY: never[] = [];

function defaultRowId(row: MRT_RowData): string {
  return String(row.id);
}
