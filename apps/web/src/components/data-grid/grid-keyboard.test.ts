import { describe, expect, it } from "vitest";
import { cellAfterKey, cellIntent } from "./grid-keyboard";

/** A grid of a header row and 20 body rows, 5 columns, 10 rows to a page. */
const bounds = { rowCount: 21, columnCount: 5, pageRows: 10 };

describe("cellAfterKey", () => {
  it.each([
    ["ArrowUp", { row: 4, column: 2 }],
    ["ArrowDown", { row: 6, column: 2 }],
    ["ArrowLeft", { row: 5, column: 1 }],
    ["ArrowRight", { row: 5, column: 3 }],
    ["Home", { row: 5, column: 0 }],
    ["End", { row: 5, column: 4 }],
    ["PageUp", { row: 0, column: 2 }],
    ["PageDown", { row: 15, column: 2 }],
  ])("moves %s from a middle cell", (key, expected) => {
    expect(cellAfterKey({ row: 5, column: 2 }, { key }, bounds)).toEqual(expected);
  });

  it("goes to the grid's first and last cells with Ctrl or Cmd and Home/End", () => {
    expect(cellAfterKey({ row: 5, column: 2 }, { key: "Home", ctrlKey: true }, bounds)).toEqual({
      row: 0,
      column: 0,
    });
    expect(cellAfterKey({ row: 5, column: 2 }, { key: "End", metaKey: true }, bounds)).toEqual({
      row: 20,
      column: 4,
    });
  });

  it("stops at the edges instead of wrapping", () => {
    expect(cellAfterKey({ row: 0, column: 0 }, { key: "ArrowUp" }, bounds)).toEqual({ row: 0, column: 0 });
    expect(cellAfterKey({ row: 0, column: 0 }, { key: "ArrowLeft" }, bounds)).toEqual({ row: 0, column: 0 });
    expect(cellAfterKey({ row: 20, column: 4 }, { key: "ArrowDown" }, bounds)).toEqual({
      row: 20,
      column: 4,
    });
    expect(cellAfterKey({ row: 3, column: 4 }, { key: "ArrowRight" }, bounds)).toEqual({ row: 3, column: 4 });
    expect(cellAfterKey({ row: 18, column: 1 }, { key: "PageDown" }, bounds)).toEqual({ row: 20, column: 1 });
  });

  it("moves a page by one row at least when no row fits", () => {
    expect(cellAfterKey({ row: 5, column: 0 }, { key: "PageDown" }, { ...bounds, pageRows: 0 })).toEqual({
      row: 6,
      column: 0,
    });
  });

  it("leaves other keys and an empty grid to the cell", () => {
    expect(cellAfterKey({ row: 5, column: 2 }, { key: "Enter" }, bounds)).toBeNull();
    expect(cellAfterKey({ row: 5, column: 2 }, { key: "a" }, bounds)).toBeNull();
    expect(
      cellAfterKey({ row: 0, column: 0 }, { key: "ArrowDown" }, { ...bounds, columnCount: 0 }),
    ).toBeNull();
  });
});

describe("cellIntent", () => {
  const body = { isHeader: false, isEditing: false, canEdit: false, canOpen: true };

  it("opens the row on Enter where the grid does not edit inline", () => {
    expect(cellIntent("Enter", body)).toBe("open");
  });

  it("starts editing on Enter where the grid edits inline", () => {
    expect(cellIntent("Enter", { ...body, canEdit: true })).toBe("edit");
  });

  it("cancels an edit on Escape and leaves the editor's other keys alone", () => {
    const editing = { ...body, canEdit: true, isEditing: true };
    expect(cellIntent("Escape", editing)).toBe("cancel");
    expect(cellIntent("Enter", editing)).toBeNull();
    expect(cellIntent("ArrowDown", editing)).toBeNull();
  });

  it("does nothing on a header, on Escape outside an edit, or on Enter in a row that neither opens nor edits", () => {
    expect(cellIntent("Enter", { ...body, isHeader: true })).toBeNull();
    expect(cellIntent("Escape", body)).toBeNull();
    expect(cellIntent("Enter", { ...body, canOpen: false })).toBeNull();
  });
});
