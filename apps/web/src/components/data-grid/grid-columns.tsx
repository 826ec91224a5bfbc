import CheckIcon from "@mui/icons-material/Check";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import {
  getLeadingDisplayColumnIds,
  getTrailingDisplayColumnIds,
  type MRT_ColumnDef,
  type MRT_Row,
  type MRT_RowData,
  type MRT_StatefulTableOptions,
  type MRT_TableInstance,
} from "material-react-table";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { columnValue, type FormatLabels, formatCell, groupLabel } from "./format";
import { GridEditCell } from "./grid-edit-cell";
import { VISUALLY_HIDDEN } from "./grid-styles";
import { filterKindOf, isNumberText } from "./list-query";
import { groupText, isDataRow, isGroupRow, isMoreRow, type MoreRow } from "./server-groups";
import type { GridColumn, GridFilterKind } from "./types";

/**
 * The table library's column definitions of the grid's columns: value, size, sorting, filter editor and its
 * choices, grouping, the cell (ellipsis, yes/no marks), the editor, and the named empty group.
 */
export function toMrtColumns<T extends MRT_RowData>(
  columns: readonly GridColumn<T>[],
  labels: FormatLabels,
  canSave: boolean,
  emptyGroup: string,
  /** Loads the next page of an opened server-side group. */
  onLoadMore: (groupId: string) => void,
  /**
   * `isPhone`: a phone's few narrow columns, whose values run on over lines instead of ending in "…" and whose
   * widths are their own;
   * `notANumber`: the message of a number filter given something else;
   * `language`: the interface's, whose way of writing numbers the number filters read (`1,500` or `1 500`);
   * `editableMark`: in a grid that edits its cells, what the mark on an editable column's title says (read by a
   * screen reader), so that the user sees which cells open before double-clicking the others in vain.
   */
  options: { isPhone?: boolean; notANumber?: string; language?: string; editableMark?: string } = {},
): MRT_ColumnDef<T>[] {
  const textStyle = options.isPhone ? WRAP : ELLIPSIS;
  return columns.map((column) => {
    const kind = filterKindOf(column);
    const choices =
      kind === "boolean"
        ? [
            { value: "true", label: labels.yes },
            { value: "false", label: labels.no },
          ]
        : column.options?.map((option) => ({ value: String(option.value), label: option.label }));
    const isEditable = Boolean(canSave && column.edit);
    return {
      id: column.field,
      header: column.header,
      Header:
        isEditable && options.editableMark ? (
          <>
            <EditableMark />
            {column.header}
            <span style={VISUALLY_HIDDEN}>{`, ${options.editableMark}`}</span>
          </>
        ) : undefined,
      // The grid column itself, for the lines of server-side groups (their value is shown as this column would)
      meta: column,
      accessorFn: (row: T) => formatCell(column, row, labels),
      size: column.size ?? defaultSize(column),
      // A day's filter needs room for "YYYY-MM-DD" and its calendar button (a narrower pair stacks: grid-styles.ts);
      // a phone's columns are their own, their filters start hidden
      minSize: kind === "date-range" && !options.isPhone ? DATE_FIELD_MIN_SIZE : undefined,
      enableSorting: column.sortable !== false,
      enableColumnFilter: kind !== null,
      filterVariant: kind ? FILTER_VARIANTS[kind] : undefined,
      filterSelectOptions: choices,
      enableGrouping: column.groupable !== false,
      enableEditing: isEditable,
      // biome-ignore lint/correctness/noComponentHookFactories: MRT calls Cell as a render function, not as a component
      Cell: ({ row, column: cell, table }: CellProps<T>) =>
        isDataRow(row.original)
          ? renderCell(column, row.original, labels, textStyle)
          : renderGroupLine(row.original, cell.id, table, { labels, emptyGroup, onLoadMore }),
      // Server-side grouping leaves the grouped column's cells empty: the group's line names the value
      // biome-ignore lint/correctness/noComponentHookFactories: MRT calls PlaceholderCell as a render function
      PlaceholderCell: ({ row, column: cell, table }: CellProps<T>) =>
        renderGroupLine(row.original, cell.id, table, { labels, emptyGroup, onLoadMore }),
      // MRT shows a group of empty values as a bare "(3)": name it
      // biome-ignore lint/correctness/noComponentHookFactories: MRT calls GroupedCell as a render function
      GroupedCell: ({ row }: { row: MRT_Row<T> }) =>
        groupLabel(formatCell(column, row.original, labels), row.subRows?.length ?? 0, emptyGroup),
      Edit: column.edit
        ? ({ row, table }: { row: MRT_Row<T>; table: MRT_TableInstance<T> }) =>
            renderEditor(column, row.original, table.getState().creatingRow?.id === row.id)
        : undefined,
      // Amounts line up on their last digit, as on paper
      muiTableBodyCellProps: column.type === "money" ? MONEY_CELL : undefined,
      // A number filter given letters says so rather than leaving every row shown without a word
      muiFilterTextFieldProps:
        kind === "number" || kind === "number-range"
          ? ({ column: filtered, rangeFilterIndex: index }) => {
              const value = filtered.getFilterValue();
              const isValid = isNumberText(
                index === undefined ? value : (value as unknown[] | undefined)?.[index],
                options.language ?? "ru",
              );
              return {
                error: !isValid,
                helperText: isValid ? null : options.notANumber,
                slotProps: NUMERIC_INPUT,
              };
            }
          : undefined,
      // MRT gives each date field 160px, so a from–to pair overflows its column. The pickers take the
      // day in the format the cells show (spec: yyyy-MM-dd), not the locale's.
      muiFilterDatePickerProps:
        kind === "date-range"
          ? {
              format: DAY_FORMAT,
              slotProps: {
                textField: { sx: { minWidth: 0, width: "100%" } },
                openPickerButton: { size: "small", sx: { p: 0.25 } },
                openPickerIcon: { fontSize: "small" },
              },
            }
          : kind === "date"
            ? { format: DAY_FORMAT }
            : undefined,
    } satisfies MRT_ColumnDef<T>;
  });
}

/**
 * The column order for MRT: the saved order holds the data columns, and MRT's own (row actions, selection, the
 * grouping's expand column) go around them where MRT puts them. Given only the data columns, MRT completes the
 * order after mounting, and the whole table renders again before its first rows can show (~200 ms on /profiles).
 */
export function useColumnOrder<T extends MRT_RowData>(
  displayColumnOptions: object,
  { columnOrder, grouping }: { columnOrder: readonly string[]; grouping: readonly string[] },
): string[] {
  return useMemo(() => {
    const options = {
      ...displayColumnOptions,
      state: { grouping },
    } as unknown as MRT_StatefulTableOptions<T>;
    return [
      ...getLeadingDisplayColumnIds(options),
      ...columnOrder.filter((id) => !id.startsWith("mrt-")),
      ...getTrailingDisplayColumnIds(options),
    ];
  }, [displayColumnOptions, columnOrder, grouping]);
}

const MONEY_CELL = { align: "right" } as const;

/** The narrowest a date column gets on a wide screen: one day of yyyy-MM-dd and its calendar button. */
const DATE_FIELD_MIN_SIZE = 160;
const NUMERIC_INPUT = { htmlInput: { inputMode: "numeric" } } as const;

/** Day format of the date filters: the cells' (spec: yyyy-MM-dd), in dayjs tokens. */
const DAY_FORMAT = "YYYY-MM-DD";

const FILTER_VARIANTS = {
  text: "text",
  number: "text",
  "number-range": "range",
  date: "date",
  "date-range": "date-range",
  boolean: "select",
  select: "select",
  "multi-select": "multi-select",
} as const satisfies Record<GridFilterKind, MRT_ColumnDef<MRT_RowData>["filterVariant"]>;

function defaultSize<T>(column: GridColumn<T>): number {
  const kind = filterKindOf(column);
  if (kind === "date-range" || kind === "number-range") return kind === "date-range" ? 340 : 200;
  switch (column.type) {
    case "boolean":
    case "number":
    case "money":
      return 140;
    case "date":
    case "datetime":
      return 170;
    default:
      return 180;
  }
}

function renderCell<T>(
  column: GridColumn<T>,
  row: T,
  labels: FormatLabels,
  textStyle: typeof ELLIPSIS | typeof WRAP,
): ReactNode {
  if (column.render) return column.render(row);
  if (column.type === "boolean") return <BooleanMark value={Boolean(columnValue(column, row))} />;
  const text = formatCell(column, row, labels);
  // A cell too narrow for its text ends in "…" and shows the whole text on hover
  return (
    <span title={text} style={textStyle}>
      {text}
    </span>
  );
}

/**
 * The mark of a column whose cells a grid edits in place (cell edit mode): on its title, and in the page's hint that
 * explains it.
 */
export function EditableMark() {
  return <EditOutlinedIcon aria-hidden color="primary" sx={EDITABLE_MARK} />;
}

const EDITABLE_MARK = { fontSize: "1rem", verticalAlign: "-0.15em", mr: 0.5 } as const;

// A plain style, not `sx`: every cell of every render would have emotion serialize the same rules again
const ELLIPSIS = { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", minWidth: 0 } as const;
// A phone's value runs on over lines broken between words (and after hyphens) only: "Согласован/а" read as two words
// where the browser breaks a word without hyphenating it. A word longer than its column ends in "…" (its whole text
// on hover); the phone's columns are sized for their longest words
const WRAP = {
  whiteSpace: "normal",
  overflowWrap: "normal",
  overflow: "hidden",
  textOverflow: "ellipsis",
  minWidth: 0,
} as const;

function renderEditor<T>(column: GridColumn<T>, row: T, isNew: boolean): ReactNode {
  return <GridEditCell column={column} row={row} isNew={isNew} />;
}

type CellProps<T extends MRT_RowData> = {
  row: MRT_Row<T>;
  column: { id: string };
  table: MRT_TableInstance<T>;
};

/**
 * A server-side group's line (its value and count) or the "show more" line under an opened group, written in
 * the first data column whichever it is, and nothing in the others.
 */
function renderGroupLine<T extends MRT_RowData>(
  line: unknown,
  columnId: string,
  table: MRT_TableInstance<T>,
  texts: { labels: FormatLabels; emptyGroup: string; onLoadMore: (groupId: string) => void },
): ReactNode {
  const first = table.getVisibleLeafColumns().find((leaf) => !leaf.id.startsWith("mrt-"));
  if (first?.id !== columnId) return null;
  if (isGroupRow(line)) {
    const grouped = table.options.columns.find((def) => def.id === line.gridGroup.field);
    const column = { field: line.gridGroup.field, header: "", ...grouped?.meta } as GridColumn<T>;
    return (
      <strong style={GROUP_LINE}>{groupText(column, line.gridGroup, texts.labels, texts.emptyGroup)}</strong>
    );
  }
  if (isMoreRow(line)) return <MoreButton {...line.gridMore} onLoadMore={texts.onLoadMore} />;
  return null;
}

// The line runs on over the next cells: a group's value may be longer than the first column
const GROUP_LINE = { whiteSpace: "nowrap", overflow: "visible", position: "relative", zIndex: 1 } as const;

function MoreButton(props: MoreRow["gridMore"] & { onLoadMore: (groupId: string) => void }) {
  const { t } = useTranslation("grid");
  return (
    <Button size="small" onClick={() => props.onLoadMore(props.groupId)}>
      {t("groups.more", { shown: props.shown, count: props.count })}
    </Button>
  );
}

function BooleanMark({ value }: { value: boolean }) {
  const { t } = useTranslation("grid");
  return value ? (
    <CheckIcon fontSize="small" color="success" aria-label={t("yes")} />
  ) : (
    <Box component="span" sx={{ color: "text.disabled" }} aria-label={t("no")}>
      —
    </Box>
  );
}
