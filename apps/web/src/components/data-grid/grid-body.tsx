import type { Cell, Row, Table } from "@tanstack/react-table";
import { type KeyboardEvent, lazy, type MouseEvent, type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { type FormatLabels, groupLabel } from "./format";
import { renderCell } from "./grid-columns";
import type { GridEditCell as GridEditCellComponent } from "./grid-edit-cell";
import { cellIntent } from "./grid-keyboard";
import { groupText, isDataRow, isGroupRow, isMoreRow, type MoreRow } from "./server-groups";
import type { GridColumn } from "./types";

/**
 * A column of the grid's own before the data columns: the group's chevron, the selection box, the row's actions. Its
 * cell is drawn for every line (`row` null: the row being added), and says nothing where it has nothing to say.
 */
export interface LeadColumn<T> {
  id: string;
  width: number;
  header: ReactNode;
  cell: (row: Row<T> | null) => ReactNode;
}

/** How the body draws and answers: its editing, its lines' words, and what a row's opening does. */
export interface GridBodyOptions<T> {
  leads: readonly LeadColumn<T>[];
  labels: FormatLabels;
  emptyGroup: string;
  noRecords: string;
  /** The first page is loading: no rows (the grid draws a band of loading rows under the header). */
  isLoading: boolean;
  editMode: "cell" | "row";
  canSave: boolean;
  canEditRow: (row: T) => boolean;
  editingRowId: string | null;
  editingCellId: string | null;
  /** The values of the row being added, drawn first with its editors; null when none is. */
  creating: Partial<T> | null;
  onEditCell: (cell: Cell<T, unknown>) => void;
  /** Enter in a row being edited or added saves it, Escape leaves it. */
  onSaveRow: (row: T) => void;
  onCancelRow: () => void;
  onCreate: () => void;
  onCancelCreate: () => void;
  /** Double-click, or Enter on a cell that does not edit: the page opens the row. */
  onOpen?: (row: T) => void;
  onLoadMore: (groupId: string) => void;
}

/** The grid's body: the rows of the page (group lines and "show more" lines among them), or why there are none. */
export function GridBody<T>({ table, options }: { table: Table<T>; options: GridBodyOptions<T> }) {
  const columnCount = options.leads.length + table.getVisibleLeafColumns().length;
  if (options.isLoading) return <tbody aria-busy="true" />;
  const rows = table.getRowModel().rows;
  return (
    <tbody>
      {options.creating && <NewRow table={table} options={options} values={options.creating} />}
      {rows.length === 0 && !options.creating ? (
        <tr>
          <td colSpan={columnCount} className="dg-empty">
            {options.noRecords}
          </td>
        </tr>
      ) : (
        rows.map((row) =>
          isDataRow(row.original) && !row.getIsGrouped() ? (
            <DataRow key={row.id} row={row} options={options} />
          ) : (
            <LineRow key={row.id} row={row} table={table} options={options} />
          ),
        )
      )}
    </tbody>
  );
}

function DataRow<T>({ row, options }: { row: Row<T>; options: GridBodyOptions<T> }) {
  const isEditing = options.editingRowId === row.id;
  const canEdit = options.canSave && options.canEditRow(row.original);
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (!isEditing) return;
    editorKeys(event, () => options.onSaveRow(row.original), options.onCancelRow);
  };
  const onDoubleClick = (event: MouseEvent) => {
    if (!options.onOpen || isEditing) return;
    // In cell edit mode a double-click on an editable cell edits it instead
    if ((event.target as HTMLElement).closest("td[data-editable]")) return;
    options.onOpen(row.original);
  };
  return (
    <tr
      className={[options.onOpen && "dg-openable", row.getIsSelected() && "dg-selected"]
        .filter(Boolean)
        .join(" ")}
      aria-selected={row.getCanSelect() ? row.getIsSelected() : undefined}
      onKeyDown={onKeyDown}
      onDoubleClick={onDoubleClick}
    >
      {options.leads.map((lead) => (
        <td key={lead.id} className="dg-lead" tabIndex={-1}>
          {lead.cell(row)}
        </td>
      ))}
      {row.getVisibleCells().map((cell) => {
        const column = cell.column.columnDef.meta?.grid as GridColumn<T>;
        const isEditableCell = options.editMode === "cell" && canEdit && Boolean(column.edit);
        const showsEditor =
          (isEditing && Boolean(column.edit)) ||
          (options.editingCellId !== null && options.editingCellId === cell.id);
        return (
          <td
            key={cell.id}
            tabIndex={-1}
            className={column.type === "money" ? "dg-num" : undefined}
            data-editable={isEditableCell ? "" : undefined}
            data-editing={showsEditor ? "" : undefined}
            onDoubleClick={isEditableCell && !showsEditor ? () => options.onEditCell(cell) : undefined}
            onKeyDown={(event) => {
              // Enter on a focused cell: edit it (cell mode) or open the row, like a double-click
              if (event.target !== event.currentTarget) return;
              const intent = cellIntent(event.key, {
                isHeader: false,
                isEditing: showsEditor,
                canEdit: isEditableCell,
                canOpen: Boolean(options.onOpen),
              });
              if (intent === "edit") options.onEditCell(cell);
              else if (intent === "open") options.onOpen?.(row.original);
            }}
          >
            {showsEditor ? (
              <Suspense fallback={null}>
                <GridEditCell column={column} row={row.original} isNew={false} />
              </Suspense>
            ) : (
              renderCell(column, row.original, options.labels)
            )}
          </td>
        );
      })}
    </tr>
  );
}

/** Enter in an editor saves, Escape cancels; an editor that takes the key itself (a list's choice) has marked it. */
function editorKeys(event: KeyboardEvent, save: () => void, cancel: () => void) {
  if (event.defaultPrevented || !(event.target instanceof HTMLInputElement)) return;
  if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
    event.preventDefault();
    save();
  } else if (event.key === "Escape") {
    // The row's edit, not the popup the grid is in
    event.preventDefault();
    event.stopPropagation();
    cancel();
  }
}

function NewRow<T>({
  table,
  options,
  values,
}: {
  table: Table<T>;
  options: GridBodyOptions<T>;
  values: Partial<T>;
}) {
  return (
    <tr
      className="dg-new-row"
      onKeyDown={(event) => editorKeys(event, options.onCreate, options.onCancelCreate)}
    >
      {options.leads.map((lead) => (
        <td key={lead.id} className="dg-lead">
          {lead.cell(null)}
        </td>
      ))}
      {table.getVisibleLeafColumns().map((leaf) => {
        const column = leaf.columnDef.meta?.grid as GridColumn<T>;
        return (
          <td key={leaf.id} data-editing={column.edit ? "" : undefined}>
            {column.edit && (
              <Suspense fallback={null}>
                <GridEditCell column={column} row={values as T} isNew />
              </Suspense>
            )}
          </td>
        );
      })}
    </tr>
  );
}

/**
 * A group's line (its value and count, the chevron that opens it) or the "show more" line under an opened group: the
 * line runs across the data columns.
 */
function LineRow<T>({ row, table, options }: { row: Row<T>; table: Table<T>; options: GridBodyOptions<T> }) {
  const line = row.original;
  let content: ReactNode = null;
  if (row.getIsGrouped()) {
    // Grouped here, among given rows: the value as the column shows it
    content = (
      <strong>{groupLabel(String(row.groupingValue ?? ""), row.subRows.length, options.emptyGroup)}</strong>
    );
  } else if (isGroupRow(line)) {
    const grid = table.getColumn(line.gridGroup.field)?.columnDef.meta?.grid;
    const column = { field: line.gridGroup.field, header: "", ...grid } as GridColumn<T>;
    content = <strong>{groupText(column, line.gridGroup, options.labels, options.emptyGroup)}</strong>;
  } else if (isMoreRow(line)) {
    content = <MoreButton {...line.gridMore} onLoadMore={options.onLoadMore} />;
  }
  return (
    <tr className="dg-line">
      {options.leads.map((lead) => (
        <td key={lead.id} className="dg-lead" tabIndex={-1}>
          {lead.cell(row)}
        </td>
      ))}
      <td colSpan={table.getVisibleLeafColumns().length} tabIndex={-1}>
        {content}
      </td>
    </tr>
  );
}

function MoreButton(props: MoreRow["gridMore"] & { onLoadMore: (groupId: string) => void }) {
  const { t } = useTranslation("grid");
  return (
    <button type="button" className="dg-text-button" onClick={() => props.onLoadMore(props.groupId)}>
      {t("groups.more", { shown: props.shown, count: props.count })}
    </button>
  );
}

/** The cells' editors (MUI's fields) load once a grid that edits is shown (`loadGridEditors`), not with its rows. */
export const loadGridEditors = () => import("./grid-edit-cell");
const GridEditCell = lazy(() =>
  loadGridEditors().then((module) => ({ default: module.GridEditCell })),
) as unknown as typeof GridEditCellComponent;
