/**
 * A user's layout of one grid, kept in localStorage under `grid-layout:<userId>:<gridId>`: what they
 * arranged, not what they searched for (filters and search live in the URL). Pure.
 */
import type { GridSort } from "./types";

export type GridDensity = "comfortable" | "compact" | "spacious";

export interface GridLayout {
  columnVisibility: Record<string, boolean>;
  /** Data columns only; the grid places its own (selection, actions, group expander) around them. */
  columnOrder: string[];
  columnSizing: Record<string, number>;
  density: GridDensity;
  grouping: string[];
  pageSize: number;
  sorting: GridSort[];
}

/** Every saved layout starts with this, so the shell's "reset layout" can remove them all. */
export const LAYOUT_KEY_PREFIX = "grid-layout:";

export function layoutStorageKey(userId: string | number, gridId: string): string {
  return `${LAYOUT_KEY_PREFIX}${userId}:${gridId}`;
}

/** What the grid needs to validate a stored layout against its current columns. */
export interface LayoutColumns {
  field: string;
  hidden?: boolean;
  sortable?: boolean;
  groupable?: boolean;
}

/** The layout of a grid nobody has arranged yet. */
export function defaultLayout(
  columns: readonly LayoutColumns[],
  options: { pageSize: number; sorting?: readonly GridSort[] },
): GridLayout {
  return {
    columnVisibility: Object.fromEntries(
      columns.filter((column) => column.hidden).map((column) => [column.field, false]),
    ),
    columnOrder: columns.map((column) => column.field),
    columnSizing: {},
    density: "compact",
    grouping: [],
    pageSize: options.pageSize,
    sorting: [...(options.sorting ?? [])],
  };
}

/**
 * A stored layout, checked against the grid as it is now: columns removed since are dropped, new ones
 * appended (hidden when they are hidden by default), and values of the wrong shape replaced by defaults.
 */
export function parseLayout(
  text: string | null,
  columns: readonly LayoutColumns[],
  options: { pageSize: number; pageSizeOptions: readonly number[]; sorting?: readonly GridSort[] },
): GridLayout {
  const defaults = defaultLayout(columns, options);
  if (!text) return defaults;
  let stored: Partial<Record<keyof GridLayout, unknown>>;
  try {
    stored = JSON.parse(text);
  } catch {
    return defaults;
  }
  if (!stored || typeof stored !== "object") return defaults;
  const fields = new Set(columns.map((column) => column.field));
  const sortable = new Set(
    columns.filter((column) => column.sortable !== false).map((column) => column.field),
  );
  const groupable = new Set(
    columns.filter((column) => column.groupable !== false).map((column) => column.field),
  );

  const visibility = { ...defaults.columnVisibility };
  if (isRecord(stored.columnVisibility)) {
    for (const [field, visible] of Object.entries(stored.columnVisibility)) {
      if (fields.has(field) && typeof visible === "boolean") visibility[field] = visible;
    }
  }
  const storedOrder = Array.isArray(stored.columnOrder)
    ? stored.columnOrder.filter((field): field is string => typeof field === "string" && fields.has(field))
    : [];
  const columnOrder = [...new Set([...storedOrder, ...defaults.columnOrder])];
  const columnSizing: Record<string, number> = {};
  if (isRecord(stored.columnSizing)) {
    for (const [field, size] of Object.entries(stored.columnSizing)) {
      if (fields.has(field) && typeof size === "number" && size >= 20 && size <= 2000)
        columnSizing[field] = size;
    }
  }
  const density = ["comfortable", "compact", "spacious"].includes(stored.density as string)
    ? (stored.density as GridDensity)
    : defaults.density;
  const grouping = Array.isArray(stored.grouping)
    ? stored.grouping.filter((field): field is string => typeof field === "string" && groupable.has(field))
    : [];
  const pageSize = options.pageSizeOptions.includes(stored.pageSize as number)
    ? (stored.pageSize as number)
    : defaults.pageSize;
  const sorting = Array.isArray(stored.sorting)
    ? stored.sorting.filter(
        (sort): sort is GridSort =>
          isRecord(sort) &&
          typeof sort.id === "string" &&
          sortable.has(sort.id) &&
          typeof sort.desc === "boolean",
      )
    : defaults.sorting;
  return { columnVisibility: visibility, columnOrder, columnSizing, density, grouping, pageSize, sorting };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** What a phone shows of a grid: the columns declared for it, at their phone widths. */
export interface PhoneLayout {
  columnVisibility: Record<string, boolean>;
  columnSizing: Record<string, number>;
}

/**
 * The phone's columns of a grid (those with a `phoneSize`), every other one hidden; null when the grid declares
 * none, and a phone shows the user's layout.
 */
export function phoneLayoutOf(columns: readonly { field: string; phoneSize?: number }[]): PhoneLayout | null {
  const shown = columns.filter((column) => column.phoneSize !== undefined);
  if (shown.length === 0) return null;
  return {
    columnVisibility: Object.fromEntries(
      columns.map((column) => [column.field, column.phoneSize !== undefined]),
    ),
    columnSizing: Object.fromEntries(shown.map((column) => [column.field, column.phoneSize as number])),
  };
}

/**
 * The column order after moving `field` one place left (-1) or right (+1) from its column menu: it passes the next
 * column shown, so that hidden columns in between do not swallow the move. The order is unchanged when the column
 * is already first or last of those shown, or is not in it.
 */
export function moveColumn(
  order: readonly string[],
  visibility: Readonly<Record<string, boolean>>,
  field: string,
  direction: -1 | 1,
): string[] {
  const from = order.indexOf(field);
  if (from < 0) return [...order];
  let to = from + direction;
  while (to >= 0 && to < order.length && visibility[order[to] ?? ""] === false) to += direction;
  if (to < 0 || to >= order.length) return [...order];
  const moved = order.filter((name) => name !== field);
  // Removing the column shifts the later ones left by one, so a move right lands at `to` itself.
  moved.splice(to, 0, field);
  return moved;
}

/**
 * The column order after the user drops column `field` on column `target`: it takes the target's place, and the
 * target and the columns between move one place towards where it came from.
 */
export function placeColumn(order: readonly string[], field: string, target: string): string[] {
  const from = order.indexOf(field);
  const to = order.indexOf(target);
  if (from < 0 || to < 0 || from === to) return [...order];
  const moved = order.filter((name) => name !== field);
  moved.splice(to, 0, field);
  return moved;
}
