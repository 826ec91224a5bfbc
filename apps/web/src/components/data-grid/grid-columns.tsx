import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import type { ColumnDef, FilterFn, RowData } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { columnValue, type FormatLabels, formatCell } from "./format";
import { GridIcon } from "./grid-icons";
import { buildColumnFilter, filterKindOf, plainFilterValue } from "./list-query";
import { isDataRow } from "./server-groups";
import type { GridColumn, GridFilterKind, GridOption } from "./types";

declare module "@tanstack/react-table" {
  // The grid's own column, its filter editor and choices, carried by the table's column
  interface ColumnMeta<TData extends RowData, TValue> {
    grid: GridColumn<TData>;
    kind: GridFilterKind | null;
    choices?: readonly GridOption[];
    /** Unused: the table's column types name it. */
    value?: TValue;
  }
}

/**
 * The table's column definitions of the grid's columns: the formatted value (sorted, grouped and searched by in a
 * grid of given rows), size, sorting, filtering, grouping, and the grid column itself with its filter's choices.
 */
export function toTableColumns<T>(
  columns: readonly GridColumn<T>[],
  labels: FormatLabels,
  /** A phone's narrow columns are their own width: no least width of a day's filter there. */
  isPhone: boolean,
): ColumnDef<T>[] {
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
      // A day's filter needs room for "yyyy-mm-dd"; a phone's columns are the widths the grid gives them
      minSize: isPhone ? PHONE_MIN_SIZE : kind === "date-range" ? DATE_FIELD_MIN_SIZE : MIN_SIZE,
      maxSize: 2000,
      enableSorting: column.sortable !== false,
      enableColumnFilter: kind !== null,
      enableGrouping: column.groupable !== false,
      filterFn: givenRowsFilter(column, kind),
      meta: { grid: column as GridColumn<unknown>, kind, choices },
    } satisfies ColumnDef<T>;
  });
}

/**
 * The filter of a column of given rows (a grid inside a form): the condition the server would apply, applied to the
 * row's own value. Text matches by part, in any case; numbers and days by range; choices by value. A filter that
 * cannot be sent (letters in a number) filters nothing, as on the server.
 */
export function givenRowsFilter<T>(column: GridColumn<T>, kind: GridFilterKind | null): FilterFn<T> {
  return (row, columnId, filterValue) => {
    const plain = kind && plainFilterValue(kind, filterValue);
    if (!plain || !buildColumnFilter(column, filterValue)) return true;
    const value = columnValue(column, row.original);
    const text = value == null ? "" : String(value);
    switch (kind) {
      case "text":
        return String(row.getValue(columnId)).toLowerCase().includes(String(plain).toLowerCase());
      case "number":
        return Number(value) === Number(plain);
      case "number-range":
        return inRange(Number(value), plain as readonly [string, string], Number);
      case "date-range":
        return inRange(text.slice(0, 10), plain as readonly [string, string], String);
      case "date":
        return text.slice(0, 10) === plain;
      case "multi-select":
        return (plain as readonly string[]).includes(text);
      default:
        return text === plain;
    }
  };
}

/** Whether `value` lies within a from–to pair, either bound open (""), both bounds counted. */
function inRange<V extends number | string>(
  value: V,
  [from, to]: readonly [string, string],
  read: (bound: string) => V,
): boolean {
  return (from === "" || value >= read(from)) && (to === "" || value <= read(to));
}

/** The narrowest a date column gets on a wide screen: a typed day and its calendar button (the pair stacks). */
const DATE_FIELD_MIN_SIZE = 130;
/** The narrowest any column gets by resizing: its title's first letters and its menu. */
const MIN_SIZE = 60;
/** A phone's columns take their `phoneSize`, a number's as narrow as 36 px. */
const PHONE_MIN_SIZE = 20;

function defaultSize<T>(column: GridColumn<T>): number {
  const kind = filterKindOf(column);
  if (kind === "date-range" || kind === "number-range") return kind === "date-range" ? 240 : 180;
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

/** A data cell's content: the page's own, a yes/no mark, or the formatted value ("…" when cut, whole on hover). */
export function renderCell<T>(column: GridColumn<T>, row: T, labels: FormatLabels): ReactNode {
  if (!isDataRow(row)) return null;
  if (column.render) return column.render(row);
  if (column.type === "boolean") return <BooleanMark value={Boolean(columnValue(column, row))} />;
  const text = formatCell(column, row, labels);
  return (
    <span className="dg-text" title={text}>
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

function BooleanMark({ value }: { value: boolean }) {
  const { t } = useTranslation("grid");
  return value ? (
    <span className="dg-yes" role="img" aria-label={t("yes")}>
      <GridIcon name="check" small />
    </span>
  ) : (
    <span className="dg-no" role="img" aria-label={t("no")}>
      —
    </span>
  );
}
