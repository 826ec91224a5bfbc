/**
 * Keyboard navigation of the grid's cells, as the WAI-ARIA grid pattern has it: one cell of the grid is in the tab
 * order at a time (roving tabindex) and the keys move it. Row 0 is the header row, so a header (its sort, its
 * menu) is reached by the same keys as the cells; rows 1..rowCount-1 are the body's rows as drawn.
 */

/** A cell of the grid by its drawn row (0 = the header row) and column (0 = the first column shown). */
export interface GridCell {
  row: number;
  column: number;
}

/** The grid's drawn size and how many rows a PageUp/PageDown moves. */
export interface GridBounds {
  /** Rows drawn, the header row included. */
  rowCount: number;
  columnCount: number;
  /** Rows a PageUp/PageDown moves: the rows that fit the grid's height. */
  pageRows: number;
}

/** The keys of a `KeyboardEvent` that this function reads. */
export interface GridKey {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
}

const clamp = (value: number, last: number) => Math.min(Math.max(value, 0), last);

/**
 * The cell a key moves the focus to from `from`, or null when the key is not a navigation key (the cell's own
 * handling then runs: Enter opens or edits, Escape cancels). Moves stop at the grid's edges, they do not wrap:
 * a wrapping focus would jump from the last column to the next row's first, which the pattern does not do.
 */
export function cellAfterKey(from: GridCell, key: GridKey, bounds: GridBounds): GridCell | null {
  if (bounds.rowCount <= 0 || bounds.columnCount <= 0) return null;
  const lastRow = bounds.rowCount - 1;
  const lastColumn = bounds.columnCount - 1;
  const isWholeGrid = key.ctrlKey === true || key.metaKey === true;
  const at = (row: number, column: number): GridCell => ({
    row: clamp(row, lastRow),
    column: clamp(column, lastColumn),
  });
  switch (key.key) {
    case "ArrowUp":
      return at(from.row - 1, from.column);
    case "ArrowDown":
      return at(from.row + 1, from.column);
    case "ArrowLeft":
      return at(from.row, from.column - 1);
    case "ArrowRight":
      return at(from.row, from.column + 1);
    case "Home":
      return isWholeGrid ? at(0, 0) : at(from.row, 0);
    case "End":
      return isWholeGrid ? at(lastRow, lastColumn) : at(from.row, lastColumn);
    case "PageUp":
      return at(from.row - Math.max(1, bounds.pageRows), from.column);
    case "PageDown":
      return at(from.row + Math.max(1, bounds.pageRows), from.column);
    default:
      return null;
  }
}

/** What Enter or Escape does on a body cell; null for other keys or the header row. */
export type GridCellIntent = "open" | "edit" | "cancel";

/**
 * What Enter or Escape means on a body cell: Escape cancels an edit under way; Enter starts editing where the
 * grid edits inline, otherwise opens the row (the page's row-open, as a double click does). Keys inside an
 * editor other than Escape belong to the editor, so they mean nothing here.
 */
export function cellIntent(
  key: string,
  cell: { isHeader: boolean; isEditing: boolean; canEdit: boolean; canOpen: boolean },
): GridCellIntent | null {
  if (cell.isHeader) return null;
  if (cell.isEditing) return key === "Escape" ? "cancel" : null;
  if (key !== "Enter") return null;
  if (cell.canEdit) return "edit";
  return cell.canOpen ? "open" : null;
}

/** The grid's cells as drawn: the header row, then the body's rows (a group's line has fewer, wider cells). */
function drawnCells(table: HTMLTableElement): HTMLTableCellElement[][] {
  const head = table.tHead?.rows[0];
  const body = [...(table.tBodies[0]?.rows ?? [])];
  return [...(head ? [head] : []), ...body].map((row) => [...row.cells]);
}

/** Makes `cell` the one cell of the table in the tab order, and focuses it. */
export function focusCell(table: HTMLTableElement, cell: HTMLTableCellElement): void {
  for (const other of table.querySelectorAll<HTMLElement>("th[tabindex='0'], td[tabindex='0']"))
    if (other !== cell) other.tabIndex = -1;
  cell.tabIndex = 0;
  cell.focus();
}

/**
 * Puts the first body cell in the tab order when no cell is (the grid's first rows, or the cell that was is gone with
 * its page): Tab then reaches the rows once, and the arrows move among them.
 */
export function keepOneCellTabbable(table: HTMLTableElement): void {
  if (table.querySelector("th[tabindex='0'], td[tabindex='0']")) return;
  const first = table.tBodies[0]?.rows[0]?.cells[0];
  if (first) first.tabIndex = 0;
}

/** Moves the focus between the cells by the navigation keys (`cellAfterKey`); answers whether the key moved it. */
export function moveByKey(
  table: HTMLTableElement,
  event: { target: EventTarget | null } & GridKey,
  pageRows: number,
): boolean {
  const cell = event.target;
  if (!(cell instanceof HTMLTableCellElement)) return false;
  const grid = drawnCells(table);
  const row = grid.findIndex((cells) => cells.includes(cell));
  if (row < 0) return false;
  const next = cellAfterKey({ row, column: grid[row]?.indexOf(cell) ?? 0 }, event, {
    rowCount: grid.length,
    columnCount: Math.max(...grid.map((cells) => cells.length)),
    pageRows,
  });
  if (!next) return false;
  const cells = grid[next.row] ?? [];
  const target = cells[Math.min(next.column, cells.length - 1)];
  if (!target) return false;
  focusCell(table, target);
  return true;
}

/**
 * A focused cell's own keys: Space ticks the selection box it holds; Ctrl+C (Cmd+C on a Mac) copies its text when
 * nothing is selected on the page (the key's place, not its letter: a Russian layout types "с" there). Answers
 * whether the key was the cell's.
 */
export function cellShortcut(event: {
  target: EventTarget | null;
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
}): boolean {
  const cell = event.target;
  if (!(cell instanceof HTMLTableCellElement)) return false;
  if (event.key === " ") {
    const box = cell.querySelector<HTMLInputElement>("input[type=checkbox], input[type=radio]");
    if (!box || box.disabled) return false;
    box.click();
    return true;
  }
  if ((event.ctrlKey || event.metaKey) && event.code === "KeyC" && !window.getSelection()?.toString()) {
    void navigator.clipboard?.writeText((cell.textContent ?? "").trim());
    return true;
  }
  return false;
}
