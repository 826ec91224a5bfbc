import "./grid.css";
import useMediaQuery from "@mui/material/useMediaQuery";
import {
  type ExpandedState,
  getCoreRowModel,
  getExpandedRowModel,
  getFilteredRowModel,
  getGroupedRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type Updater,
  useReactTable,
} from "@tanstack/react-table";
import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { DataGridProps } from "./data-grid-props";
import { formatCell } from "./format";
import { GridActions } from "./grid-actions";
import { GridBody, type GridBodyOptions, type LeadColumn, loadGridEditors } from "./grid-body";
import { toTableColumns } from "./grid-columns";
import { GridEditContext } from "./grid-edit-session";
import { columnOrderOf, GridHead } from "./grid-head";
import { GridIcon } from "./grid-icons";
import { cellShortcut, focusCell, keepOneCellTabbable, moveByKey } from "./grid-keyboard";
import { useGridLocale } from "./grid-locale";
import { GridPager } from "./grid-pager";
import { useRowDeletion } from "./grid-row-actions";
import { GridBanner, GridToolbar } from "./grid-toolbar";
import { useGridVars } from "./grid-vars";
import { moveColumn, phoneLayoutOf } from "./layout";
import { requestedFields } from "./list-query";
import { DEFAULT_PAGE_SIZE, DEFAULT_PAGE_SIZE_OPTIONS } from "./list-request";
import { lastPageIfPastTheEnd, pageRangeText } from "./pager";
import { rowActionsColumn } from "./row-actions-column";
import { isDataRow, isGroupRow, isMoreRow } from "./server-groups";
import type { GridRow } from "./types";
import { useGridEditing } from "./use-grid-editing";
import { useGridRows } from "./use-grid-rows";
import { useGridState } from "./use-grid-state";
import { useRowSelection } from "./use-row-selection";

/** The one grid of the portal: server-side paging, sorting, filters and search over a list resource. */
export function DataGrid<T extends GridRow>(props: DataGridProps<T>) {
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
  const { t, labels, isEnglish } = useGridLocale();
  const language = isEnglish ? "en" : "ru";
  const getRowId = props.getRowId ?? defaultRowId;
  // A phone shows the columns the grid declares for it, if any (read at once: the first render decides the
  // filters' initial state)
  const isPhone = useMediaQuery(PHONE_QUERY, { noSsr: true });
  const phoneColumns = useMemo(() => phoneLayoutOf(columns), [columns]);
  const phone = isPhone ? phoneColumns : null;
  const canArrange = phone === null;

  const grid = useGridState({
    gridId,
    stateIn: props.stateIn ?? "url",
    columns,
    defaultSorting: props.defaultSorting,
    pageSize: props.pageSize ?? DEFAULT_PAGE_SIZE,
    pageSizeOptions,
  });
  const { pagination, sorting, columnFilters, search } = grid.query;
  const { density } = grid.tableState;

  const listState = useMemo(
    () => ({ ...pagination, sorting, columnFilters, search }),
    [pagination, sorting, columnFilters, search],
  );
  const isServer = !props.rows;
  // Server-side grouping takes one column: the last one chosen
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
  const [creating, setCreating] = useState<Partial<T> | null>(null);
  const deletion = useRowDeletion({
    onDelete: props.onDelete,
    describe: props.rowLabel ?? ((row) => (columns[0] ? formatCell(columns[0], row, labels) : "")),
    refetch,
    removal: props.removal,
  });

  const [showFilters, setShowFilters] = useState(phone === null);
  const [isFullScreen, setIsFullScreen] = useState(false);
  const [menu, setMenu] = useState<{ field: string; anchor: HTMLElement } | null>(null);

  // ---- the table ----
  const canSave = Boolean(onSave || props.onCreate);
  // A grid that edits has its editors ready by the time a row is opened, without holding back its first rows
  useEffect(() => {
    if (canSave) void loadGridEditors();
  }, [canSave]);
  const tableColumns = useMemo(
    () => toTableColumns(columns, labels, phone !== null),
    [columns, labels, phone],
  );
  const canEditRow = (row: T) => Boolean(onSave) && isDataRow(row) && (canEdit ? canEdit(row) : true);
  const canDeleteRow = (row: T) => Boolean(deletion.ask) && (props.canDelete?.(row) ?? true);
  const hasRowActions =
    Boolean(props.rowActions || props.renderRowActions || props.onCreate || deletion.ask) ||
    (Boolean(onSave) && editMode === "row");
  const canSelect = selection !== "none" && phone === null;

  const table = useReactTable<T>({
    data: rows,
    columns: tableColumns,
    getRowId: (row) =>
      isGroupRow(row) ? row.gridGroup.id : isMoreRow(row) ? `${row.gridMore.groupId}:more` : getRowId(row),
    getSubRows: (row) => (isGroupRow<T>(row) ? (row.subRows as T[]) : undefined),
    getRowCanExpand: (row) => isGroupRow(row.original),
    getCoreRowModel: getCoreRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
    // Given rows are sorted, filtered, searched, grouped and paged here; a list's rows come so from the server
    ...(isServer
      ? {}
      : {
          getSortedRowModel: getSortedRowModel(),
          getFilteredRowModel: getFilteredRowModel(),
          getGroupedRowModel: getGroupedRowModel(),
          getPaginationRowModel: getPaginationRowModel(),
        }),
    manualPagination: isServer,
    manualSorting: isServer,
    manualFiltering: isServer,
    manualGrouping: isServer,
    rowCount: isServer ? source.count : undefined,
    globalFilterFn: "includesString",
    groupedColumnMode: false,
    enableGrouping: true,
    enableMultiSort: true,
    columnResizeMode: "onChange",
    enableColumnResizing: canArrange,
    enableHiding: canArrange,
    enableRowSelection: canSelect ? (row) => isDataRow(row.original) : false,
    enableMultiRowSelection: selection === "multi",
    state: {
      sorting,
      columnFilters,
      pagination,
      grouping: grid.tableState.grouping,
      globalFilter: isServer ? undefined : search,
      columnOrder: grid.tableState.columnOrder,
      columnVisibility: { ...grid.tableState.columnVisibility, ...phone?.columnVisibility },
      columnSizing: phone?.columnSizing ?? grid.tableState.columnSizing,
      rowSelection: selected.rowSelection,
      // Groups of given rows are always open: their chevrons would only hide rows. Server-side groups open on a
      // click, which loads their rows.
      expanded: source.grouped?.expanded ?? (true as ExpandedState),
    },
    onSortingChange: grid.handlers.onSortingChange,
    onColumnFiltersChange: grid.handlers.onColumnFiltersChange,
    onPaginationChange,
    onColumnOrderChange: grid.handlers.onColumnOrderChange,
    onColumnVisibilityChange: grid.handlers.onColumnVisibilityChange,
    onColumnSizingChange: grid.handlers.onColumnSizingChange,
    onRowSelectionChange: selected.onRowSelectionChange,
    onExpandedChange: (updater: Updater<ExpandedState>) => {
      const expanded = source.grouped?.expanded ?? {};
      const next = typeof updater === "function" ? updater(expanded) : updater;
      if (next !== true) source.grouped?.setExpanded(next);
    },
    // Server-side grouping takes one column: a new one replaces the old
    onGroupingChange: (updater) =>
      grid.handlers.onGroupingChange((old) => {
        const next = typeof updater === "function" ? updater(old) : updater;
        return isServer ? next.slice(-1) : next;
      }),
  });

  // ---- the grid's own columns: the row's actions, a group's chevron, the selection box ----
  const stopEditing = () => {
    resetEdit();
    onEditingRowChange(null);
  };
  const stopCreating = () => {
    resetEdit();
    setCreating(null);
  };
  /** Saves the row being edited, or adds the row being added; each closes once done. */
  const saveRow = (row: T) => void save(row).then((done) => done && onEditingRowChange(null));
  const addRow = () => void editing.create(creating as T).then((done) => done && setCreating(null));
  const leads: LeadColumn<T>[] = [];
  if (hasRowActions)
    leads.push(
      rowActionsColumn<T>({
        isPhone: phone !== null,
        title: t("table.actions"),
        width: props.rowActionsWidth,
        isRowEdit: editMode === "row" && Boolean(onSave),
        hasRowEditors: canSave && editMode === "row",
        canEditRow,
        canDeleteRow,
        isEditingRow: editingRow !== null || creating !== null,
        editingRowId: editingRow?.id ?? null,
        onEdit: (row) => onEditingRowChange(row),
        onSave: (row) => (row === null ? addRow() : saveRow(row.original)),
        onCancel: (row) => (row === null ? stopCreating() : stopEditing()),
        isSaving,
        hasDeleteSlot: Boolean(deletion.ask),
        onDelete: (row) => deletion.ask?.(row),
        removal: props.removal,
        rowActions: props.rowActions,
        renderRowActions: props.renderRowActions,
      }),
    );
  if (source.grouped)
    leads.push({
      id: "grid-expand",
      width: 44,
      header: <span className="dg-hidden">{t("table.expand")}</span>,
      cell: (row) =>
        row && isGroupRow(row.original) ? (
          <button
            type="button"
            className="dg-icon-button"
            aria-label={row.getIsExpanded() ? t("table.collapse") : t("table.expand")}
            aria-expanded={row.getIsExpanded()}
            onClick={row.getToggleExpandedHandler()}
          >
            <GridIcon name={row.getIsExpanded() ? "expandMore" : "chevronRight"} />
          </button>
        ) : null,
    });
  if (canSelect)
    leads.push({
      id: "grid-select",
      width: 44,
      header:
        selection === "multi" ? (
          <SelectAllBox
            checked={table.getIsAllPageRowsSelected()}
            indeterminate={table.getIsSomePageRowsSelected()}
            onChange={table.getToggleAllPageRowsSelectedHandler()}
            label={t("table.toggleSelectAll")}
          />
        ) : (
          // A single choice has no box in its header, only the column's name, said
          <span className="dg-hidden">{t("table.select")}</span>
        ),
      cell: (row) =>
        row?.getCanSelect() ? (
          <input
            type={selection === "multi" ? "checkbox" : "radio"}
            name={selection === "single" ? `${gridId}-select` : undefined}
            className="dg-box"
            checked={row.getIsSelected()}
            onChange={row.getToggleSelectedHandler()}
            aria-label={t("table.toggleSelectRow")}
          />
        ) : null,
    });

  // ---- keyboard: one cell in the tab order, the arrows move it ----
  const tableRef = useRef<HTMLTableElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (tableRef.current) keepOneCellTabbable(tableRef.current);
  });
  const rowHeight = ROW_HEIGHTS[density];
  const onTableKeyDown = (event: React.KeyboardEvent<HTMLTableElement>) => {
    if (!tableRef.current) return;
    const pageRows = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 0) / rowHeight) - 1);
    if (
      moveByKey(tableRef.current, { ...event, target: event.target, key: event.key }, pageRows) ||
      cellShortcut({ ...event, target: event.target, key: event.key, code: event.code })
    )
      event.preventDefault();
  };
  const onTableFocus = (event: React.FocusEvent<HTMLTableElement>) => {
    const cell = event.target;
    if (tableRef.current && cell instanceof HTMLTableCellElement && cell.tabIndex !== 0)
      focusCell(tableRef.current, cell);
  };
  const skipToRows = () => {
    const body = tableRef.current?.tBodies[0];
    const target = body?.querySelector<HTMLTableCellElement>("td[tabindex='0']") ?? body?.rows[0]?.cells[0];
    if (tableRef.current && target) focusCell(tableRef.current, target);
  };

  // ---- what the parts are told ----
  const bodyOptions: GridBodyOptions<T> = {
    leads,
    labels,
    emptyGroup: t("emptyGroup"),
    noRecords: t("table.noRecords"),
    isLoading: source.isLoading,
    editMode,
    canSave,
    canEditRow,
    editingRowId: editingRow?.id ?? null,
    editingCellId: editingCell?.id ?? null,
    creating,
    onEditCell: (cell) => onEditingCellChange(cell),
    onSaveRow: saveRow,
    onCancelRow: stopEditing,
    onCreate: addRow,
    onCancelCreate: stopCreating,
    onOpen: props.onRowDoubleClick,
    onLoadMore: (id) => source.grouped?.loadMore(id),
  };
  const width =
    leads.reduce((sum, lead) => sum + lead.width, 0) +
    table.getVisibleLeafColumns().reduce((sum, column) => sum + column.getSize(), 0);
  const frameStyle = useGridVars();
  const pageCount = isServer
    ? Math.max(1, Math.ceil(source.count / pagination.pageSize))
    : Math.max(1, table.getPageCount());
  const count = isServer ? source.count : table.getPrePaginationRowModel().rows.length;
  const menuColumn = menu ? table.getColumn(menu.field) : undefined;

  return (
    <GridEditContext.Provider value={editing.session}>
      <div
        className={`dg dg-${density}${isFullScreen ? " dg-full" : ""}${phone ? " dg-phone" : ""}`}
        style={{
          ...frameStyle,
          maxHeight: isFullScreen ? undefined : (props.maxHeight ?? "calc(100vh - 112px)"),
        }}
      >
        <GridToolbar
          table={table}
          search={grid.tableState.globalFilter}
          onSearch={grid.setSearchInput}
          onSkipToRows={skipToRows}
          showFilters={showFilters}
          onToggleFilters={() => setShowFilters((shown) => !shown)}
          canArrange={canArrange}
          onToggleDensity={() => grid.handlers.onDensityChange(NEXT_DENSITY[density])}
          isFullScreen={isFullScreen}
          onToggleFullScreen={() => setIsFullScreen((full) => !full)}
        >
          <GridActions
            table={table}
            onRefresh={refetch}
            onClearFilters={grid.clearFilters}
            hasFilters={grid.hasFilters}
            onAdd={
              props.onAdd ??
              (props.onCreate &&
                (() => {
                  resetEdit();
                  setCreating(props.newRow?.() ?? {});
                }))
            }
            addLabel={props.addLabel}
            canAdd={editingRow === null && creating === null}
            exportTo={
              props.enableExport !== false && resource
                ? {
                    resource,
                    params: source.params,
                    fileName: props.exportFileName ?? gridId,
                    columnsByField: new Map(columns.map((column) => [column.field, column])),
                  }
                : undefined
            }
          />
          {typeof props.toolbarActions === "function"
            ? props.toolbarActions({ selectedRows: selected.selectedRows(), refetch })
            : props.toolbarActions}
        </GridToolbar>
        <GridBanner
          error={source.error ? t("loadFailed", { message: source.error.message }) : undefined}
          selected={Object.values(selected.rowSelection).filter(Boolean).length}
          count={count}
          onClearSelection={() => table.resetRowSelection(true)}
          grouping={grid.tableState.grouping.map((field) => ({
            field,
            header: columns.find((column) => column.field === field)?.header ?? field,
          }))}
          onUngroup={(field) =>
            grid.handlers.onGroupingChange((old) => old.filter((grouped) => grouped !== field))
          }
        />
        <div className="dg-scroll" ref={scrollRef}>
          {source.isFetching && (
            <div className="dg-progress" role="progressbar" aria-label={t("table.loading")} />
          )}
          <table
            ref={tableRef}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a grid: the arrows move among its cells
            role="grid"
            aria-rowcount={isServer && !source.grouped ? source.count + 1 : undefined}
            aria-multiselectable={selection === "multi" ? true : undefined}
            style={{ minWidth: width }}
            onKeyDown={onTableKeyDown}
            onFocus={onTableFocus}
          >
            <colgroup>
              {leads.map((lead) => (
                <col key={lead.id} style={{ width: lead.width }} />
              ))}
              {table.getVisibleLeafColumns().map((column) => (
                <col key={column.id} style={{ width: column.getSize() }} />
              ))}
            </colgroup>
            <GridHead
              table={table}
              options={{
                leads,
                showFilters,
                canArrange,
                editableMark: editMode === "cell" && canSave ? t("edit.editableColumn") : undefined,
                language,
              }}
              onMenu={(field, anchor) => setMenu({ field, anchor })}
            />
            <GridBody table={table} options={bodyOptions} />
          </table>
          {source.isLoading && (
            // The rows to come drawn as one background with a wave passing over them, as many as fill a screen: not
            // rows, so that nothing reads them as rows (docs/decisions.md, "A grid's loading rows")
            <div
              className="dg-loading"
              style={{ height: Math.min(pagination.pageSize, MAX_LOADING_ROWS) * rowHeight }}
            />
          )}
        </div>
        <GridPager
          summary={source.grouped ? t("groups.count", { count: source.count }) : undefined}
          range={pageRangeText(
            { pageIndex: pagination.pageIndex, pageSize: pagination.pageSize, count },
            { isCapped: source.countCapped, isEstimated: source.countEstimated },
            { of: t("table.of"), ofMoreThan: t("ofMoreThan"), ofAbout: t("ofAbout") },
            language,
          )}
          pageIndex={pagination.pageIndex}
          pageCount={pageCount}
          pageSize={pagination.pageSize}
          pageSizeOptions={pageSizeOptions}
          onPage={(pageIndex) => onPaginationChange((old) => ({ ...old, pageIndex }))}
          onPageSize={(pageSize) => onPaginationChange((old) => ({ ...old, pageSize, pageIndex: 0 }))}
        />
      </div>
      {menu && menuColumn && (
        <Suspense fallback={null}>
          <ColumnMenu
            column={menuColumn}
            table={table}
            anchor={menu.anchor}
            onClose={() => setMenu(null)}
            canArrange={canArrange}
            onMove={(direction) =>
              table.setColumnOrder(
                moveColumn(columnOrderOf(table), table.getState().columnVisibility, menu.field, direction),
              )
            }
          />
        </Suspense>
      )}
      {deletion.dialog}
    </GridEditContext.Provider>
  );
}

/** The header's box that selects (or clears) every row of the page. */
function SelectAllBox(props: {
  checked: boolean;
  indeterminate: boolean;
  onChange: (event: unknown) => void;
  label: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = props.indeterminate;
  }, [props.indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="dg-box"
      checked={props.checked}
      onChange={props.onChange}
      aria-label={props.label}
    />
  );
}

const ColumnMenu = lazy(() =>
  import("./grid-menus").then((module) => ({ default: module.ColumnMenu })),
) as unknown as typeof import("./grid-menus").ColumnMenu;

/** Phones: below MUI's `sm` breakpoint. */
const PHONE_QUERY = "(max-width:599.95px)";

/** The most rows the body draws while it loads, as many as fill a screen. */
const MAX_LOADING_ROWS = 20;

/** A row's height in each density (a line of text and the row's buttons), as grid.css draws them. */
const ROW_HEIGHTS = { compact: 37, comfortable: 53, spacious: 69 } as const;
const NEXT_DENSITY = { compact: "comfortable", comfortable: "spacious", spacious: "compact" } as const;

function defaultRowId(row: GridRow): string {
  return String(row.id);
}
