import CheckIcon from "@mui/icons-material/Check";
import Box from "@mui/material/Box";
import type { MRT_ColumnDef, MRT_Row, MRT_RowData } from "material-react-table";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { columnValue, type FormatLabels, formatCell, groupLabel } from "./format";
import { GridEditCell } from "./grid-edit-cell";
import { filterKindOf } from "./list-query";
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
): MRT_ColumnDef<T>[] {
  return columns.map((column) => {
    const kind = filterKindOf(column);
    const choices =
      kind === "boolean"
        ? [
            { value: "true", label: labels.yes },
            { value: "false", label: labels.no },
          ]
        : column.options?.map((option) => ({ value: String(option.value), label: option.label }));
    return {
      id: column.field,
      header: column.header,
      accessorFn: (row: T) => formatCell(column, row, labels),
      size: column.size ?? defaultSize(column),
      enableSorting: column.sortable !== false,
      enableColumnFilter: kind !== null,
      filterVariant: kind ? FILTER_VARIANTS[kind] : undefined,
      filterSelectOptions: choices,
      enableGrouping: column.groupable !== false,
      enableEditing: Boolean(canSave && column.edit),
      // biome-ignore lint/correctness/noComponentHookFactories: MRT calls Cell as a render function, not as a component
      Cell: ({ row }: { row: MRT_Row<T> }) => renderCell(column, row.original, labels),
      // MRT shows a group of empty values as a bare "(3)": name it
      // biome-ignore lint/correctness/noComponentHookFactories: MRT calls GroupedCell as a render function
      GroupedCell: ({ row }: { row: MRT_Row<T> }) =>
        groupLabel(formatCell(column, row.original, labels), row.subRows?.length ?? 0, emptyGroup),
      Edit: column.edit ? ({ row }: { row: MRT_Row<T> }) => renderEditor(column, row.original) : undefined,
      muiFilterTextFieldProps:
        kind === "number" || kind === "number-range"
          ? { slotProps: { htmlInput: { inputMode: "numeric" } } }
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
      return 140;
    case "date":
    case "datetime":
      return 170;
    default:
      return 180;
  }
}

function renderCell<T>(column: GridColumn<T>, row: T, labels: FormatLabels): ReactNode {
  if (column.render) return column.render(row);
  if (column.type === "boolean") return <BooleanMark value={Boolean(columnValue(column, row))} />;
  const text = formatCell(column, row, labels);
  // A cell too narrow for its text ends in "…" and shows the whole text on hover
  return (
    <span title={text} style={ELLIPSIS}>
      {text}
    </span>
  );
}

// A plain style, not `sx`: every cell of every render would have emotion serialize the same rules again
const ELLIPSIS = { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", minWidth: 0 } as const;

function renderEditor<T>(column: GridColumn<T>, row: T): ReactNode {
  return <GridEditCell column={column} row={row} />;
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
