import { describe, expect, it } from "vitest";
import {
  defaultLayout,
  layoutStorageKey,
  moveColumn,
  parseLayout,
  phoneLayoutOf,
  placeColumn,
} from "./layout";

const columns = [
  { field: "id", hidden: true },
  { field: "username" },
  { field: "roles", sortable: false, groupable: false },
];
const options = {
  pageSize: 20,
  pageSizeOptions: [10, 15, 20, 50],
  sorting: [{ id: "username", desc: false }],
};

describe("grid layout", () => {
  it("is stored per user and grid", () => {
    expect(layoutStorageKey(7, "profiles")).toBe("grid-layout:7:profiles");
  });

  it("defaults to compact, hidden-by-default columns hidden, the default sorting and page size", () => {
    expect(parseLayout(null, columns, options)).toEqual({
      columnVisibility: { id: false },
      columnOrder: ["id", "username", "roles"],
      columnSizing: {},
      density: "compact",
      grouping: [],
      pageSize: 20,
      sorting: [{ id: "username", desc: false }],
    });
  });

  it("restores a saved layout", () => {
    const saved = {
      columnVisibility: { id: true, username: false },
      columnOrder: ["roles", "username", "id"],
      columnSizing: { username: 240 },
      density: "comfortable",
      grouping: ["username"],
      pageSize: 50,
      sorting: [{ id: "id", desc: true }],
    };
    expect(parseLayout(JSON.stringify(saved), columns, options)).toEqual(saved);
  });

  it("drops what no longer fits the columns and appends new columns", () => {
    const saved = {
      columnVisibility: { gone: false, username: "no" },
      columnOrder: ["gone", "username"],
      columnSizing: { username: -5, gone: 100 },
      density: "huge",
      grouping: ["roles", "gone"],
      pageSize: 33,
      sorting: [{ id: "roles", desc: true }, { id: "username" }],
    };
    expect(parseLayout(JSON.stringify(saved), columns, options)).toEqual({
      ...defaultLayout(columns, options),
      columnOrder: ["username", "id", "roles"],
      sorting: [],
    });
  });

  it("survives garbage", () => {
    expect(parseLayout("{not json", columns, options)).toEqual(defaultLayout(columns, options));
    expect(parseLayout("42", columns, options)).toEqual(defaultLayout(columns, options));
  });
});

describe("phoneLayoutOf", () => {
  it("shows on a phone only the columns declared for it, at their phone widths", () => {
    const declared = [
      { field: "id", phoneSize: 56 },
      { field: "company_name" },
      { field: "status", phoneSize: 96 },
      { field: "notes", hidden: true },
    ];
    expect(phoneLayoutOf(declared)).toEqual({
      columnVisibility: { id: true, company_name: false, status: true, notes: false },
      columnSizing: { id: 56, status: 96 },
    });
  });

  it("leaves a grid that declares no phone columns to the user's layout", () => {
    expect(phoneLayoutOf(columns)).toBeNull();
  });
});

describe("moveColumn", () => {
  const order = ["a", "b", "c", "d"];

  it("moves a column one place left or right", () => {
    expect(moveColumn(order, {}, "b", -1)).toEqual(["b", "a", "c", "d"]);
    expect(moveColumn(order, {}, "b", 1)).toEqual(["a", "c", "b", "d"]);
  });

  it("passes the hidden columns in between to the next one shown", () => {
    expect(moveColumn(order, { b: false, c: false }, "a", 1)).toEqual(["b", "c", "d", "a"]);
    expect(moveColumn(order, { b: false, c: false }, "d", -1)).toEqual(["d", "a", "b", "c"]);
  });

  it("leaves the order as it is at the edges of the columns shown, or for an unknown column", () => {
    expect(moveColumn(order, {}, "a", -1)).toEqual(order);
    expect(moveColumn(order, { d: false }, "c", 1)).toEqual(order);
    expect(moveColumn(order, {}, "z", 1)).toEqual(order);
  });
});

describe("placeColumn", () => {
  const order = ["a", "b", "c", "d"];
  it("puts a column dropped on another in the other's place, from either side", () => {
    expect(placeColumn(order, "a", "c")).toEqual(["b", "c", "a", "d"]);
    expect(placeColumn(order, "d", "b")).toEqual(["a", "d", "b", "c"]);
  });
  it("changes nothing for a column dropped on itself or on a column not in the order", () => {
    expect(placeColumn(order, "b", "b")).toEqual(order);
    expect(placeColumn(order, "b", "z")).toEqual(order);
    expect(placeColumn(order, "z", "b")).toEqual(order);
  });
});
