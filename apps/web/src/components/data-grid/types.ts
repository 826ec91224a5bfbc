import type { ReactNode } from "react";

/** A row of a grid: an object of the list's fields (`id` unless the grid is given `getRowId`). */
// biome-ignore lint/suspicious/noExplicitAny: rows are the pages' own types, read by field names
export type GridRow = Record<string, any>;

/** How a column's values are shown, filtered and exported. */
export type GridValueType = "text" | "number" | "money" | "date" | "datetime" | "boolean" | "select";

/**
 * The filter editor of a column and the `filters` condition it produces:
 * - `text`: `field__icontains=value`
 * - `number`: `field=value` (digits only; anything else is ignored, not sent)
 * - `number-range`: `field__gte=min&field__lte=max`
 * - `date`: a day, `field=yyyy-MM-dd`
 * - `date-range`: `field__gte=from&field__lte=to` (`yyyy-MM-dd`; the API compares timestamps by their
 *   calendar day in the reader's zone, `tz`, so both bounds count whole)
 * - `boolean`, `select`: `field=value`
 * - `multi-select`: `field__in=a,b`
 */
export type GridFilterKind =
  | "text"
  | "number"
  | "number-range"
  | "date"
  | "date-range"
  | "boolean"
  | "select"
  | "multi-select";

/** One choice of a `select` column (filter, cell label and editor). */
export interface GridOption {
  value: string | number;
  label: string;
}

/** What the pure query and URL helpers need to know about a column. */
export interface GridColumnSpec {
  /** Wire name: the column id, the `ordering` field and the `filters` field (relations as `company__name`). */
  field: string;
  /** The `ordering` field when it is not `field`: a status filtered by its id sorts by its name. */
  sortField?: string;
  /** Value type; default `text`. */
  type?: GridValueType;
  /** Filter editor; default by type (text → text, number → number-range, date/datetime → date-range,
   * boolean → boolean, select → select). `false`: the column cannot be filtered. */
  filter?: GridFilterKind | false;
}

/** A sort criterion: the column's `field` and its direction. */
export interface GridSort {
  id: string;
  desc: boolean;
}

/** Props a custom editor ({@link GridColumnEdit.render}) receives. */
export interface GridEditorProps<T> {
  row: T;
  /** The value being edited (the draft, else the row's current value). */
  value: unknown;
  setValue: (value: unknown) => void;
  /** Adds a field to the changes sent on save that no column shows (e.g. `change_company_warning`). */
  setExtra: (field: string, value: unknown) => void;
  /** Server (or client) message for this cell, if any. */
  error?: string;
  /** Cell edit mode: saves the value (call on blur or Enter); a no-op in row mode. */
  commit: () => void;
  /** Cell edit mode: leaves the cell without saving. */
  cancel: () => void;
}

/** Inline editing of one column. */
export interface GridColumnEdit<T> {
  /** Field sent in the changes and matched against 400 errors; default the column's `field`. */
  field?: string;
  /** Editor; default by the column type (`select` for select columns, a checkbox for boolean). `money`: rubles
   * typed as the user writes them (`1 234,50` or `1234.50`). */
  variant?: "text" | "number" | "money" | "date" | "select" | "multi-select" | "boolean";
  /** Longest text the text editor takes (the field's limit). */
  maxLength?: number;
  /** Choices of a select editor; default the column's `options`. */
  options?: readonly GridOption[];
  /** Offer an empty choice that saves `null`. */
  nullable?: boolean;
  /** The value the editor starts with; default the column's value. */
  value?: (row: T) => unknown;
  /** Further error fields shown on this cell (e.g. `change_company_warning` on the company cell). */
  errorFields?: readonly string[];
  /** A custom editor instead of the built-in ones. */
  render?: (props: GridEditorProps<T>) => ReactNode;
}

/** A column of {@link DataGrid}. */
export interface GridColumn<T> extends GridColumnSpec {
  /** Header text, already translated. */
  header: string;
  /** The value shown, grouped by and exported; default `row[field]`. */
  value?: (row: T) => unknown;
  /** Labels of a `select` column (also its filter choices). */
  options?: readonly GridOption[];
  /** Server-side sorting by `field`; default true. */
  sortable?: boolean;
  /** Can be dragged into the group panel; default true. */
  groupable?: boolean;
  /** Hidden until the user shows it in the column chooser. */
  hidden?: boolean;
  /** Initial width in pixels. */
  size?: number;
  /**
   * Shown on a phone (below 600 px), at least this wide (the columns so marked share the width): a grid with
   * such columns shows only them there, its row buttons in one menu, without selection boxes, resizing and the
   * column chooser; the user's layout is kept for wider screens. Without any, a phone shows the layout as is.
   */
  phoneSize?: number;
  /** A `money` column's currency in a row (an ISO 4217 code: the row's currency field); default rubles. */
  currency?: (row: T) => string | null | undefined;
  /** Custom cell content; default the formatted value. */
  render?: (row: T) => ReactNode;
  /** Text for CSV/XLSX; default the formatted value (dates and numbers keep their type in XLSX). */
  exportValue?: (row: T) => string | number | boolean | Date | null;
  /** Editable inline (needs `onSave` or `onCreate` on the grid). */
  edit?: GridColumnEdit<T>;
  /**
   * The message for an edited value the server would refuse (required, limit, format), checked before saving;
   * `row` is the row being edited (a rule that depends on another of its values), or the new row's values.
   */
  validate?: (value: unknown, row: T) => string | undefined;
}

/** The page of a list resource: `{results, count}`; `count_capped` when more rows match than `count` says. */
export type { ListPage } from "@portal/domain";

/**
 * A row's own action (open, copy, …), besides the grid's edit and delete: an icon button in its place, on a phone
 * an entry of the row's menu.
 */
export interface GridRowAction {
  /** The action's key among the row's. */
  id: string;
  /** The button's name and tooltip, the menu entry's text; already translated. */
  label: string;
  icon: ReactNode;
  /** An address in the app: the action is a link (so it opens in a new tab too); else `onClick`. */
  to?: string;
  onClick?: () => void;
}
