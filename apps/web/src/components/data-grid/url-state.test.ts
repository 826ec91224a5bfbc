import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import type { GridColumnSpec } from "./types";
import { clearUrlState, readUrlState, writeUrlState } from "./url-state";

const columns: (GridColumnSpec & { sortable?: boolean })[] = [
  { field: "username" },
  { field: "state", type: "select" },
  { field: "date_joined", type: "datetime" },
  { field: "count", type: "number" },
  { field: "status", filter: "multi-select" },
  { field: "roles", filter: false, sortable: false },
];

describe("readUrlState", () => {
  it("reads page (1-based in the URL), sorting, search and filters of its own grid only", () => {
    const params = new URLSearchParams(
      "users.page=3&users.sort=-date_joined,username&users.q=ivan&users.f.state=pending" +
        "&users.f.date_joined=2026-01-01..2026-01-31&users.f.count=..5&users.f.status=1&users.f.status=2" +
        "&orders.page=9&orders.f.state=x",
    );
    expect(readUrlState(params, "users", columns)).toEqual({
      pageIndex: 2,
      sorting: [
        { id: "date_joined", desc: true },
        { id: "username", desc: false },
      ],
      search: "ivan",
      filters: [
        { id: "state", value: "pending" },
        { id: "date_joined", value: ["2026-01-01", "2026-01-31"] },
        { id: "count", value: ["", "5"] },
        { id: "status", value: ["1", "2"] },
      ],
    });
  });

  it("tells an absent sort (fall back to the layout) from an empty one (unsorted)", () => {
    expect(readUrlState(new URLSearchParams(""), "users", columns).sorting).toBeUndefined();
    expect(readUrlState(new URLSearchParams("users.sort="), "users", columns).sorting).toEqual([]);
  });

  it("ignores unknown or unsortable columns, bad pages, bad dates and unfilterable columns", () => {
    const params = new URLSearchParams(
      "users.page=-4&users.sort=nope,-roles,state&users.f.roles=x&users.f.date_joined=yesterday..&users.f.nope=1",
    );
    expect(readUrlState(params, "users", columns)).toEqual({
      pageIndex: 0,
      sorting: [{ id: "state", desc: false }],
      search: "",
      filters: [],
    });
  });
});

describe("writeUrlState", () => {
  it("writes filters in the grid's own parameters and keeps other parameters", () => {
    const next = writeUrlState(new URLSearchParams("tab=2&users.page=4"), "users", columns, {
      filters: [
        { id: "username", value: " ivan " },
        { id: "date_joined", value: [dayjs("2026-01-01"), undefined] },
        { id: "count", value: ["", ""] },
        { id: "status", value: ["1", "3"] },
      ],
    });
    expect(next.toString()).toBe(
      "tab=2&users.f.username=ivan&users.f.date_joined=2026-01-01..&users.f.status=1&users.f.status=3",
    );
  });

  it("goes back to the first page when sorting, filters or search change", () => {
    const start = new URLSearchParams("users.page=4&users.f.state=new");
    expect(
      writeUrlState(start, "users", columns, { sorting: [{ id: "username", desc: true }] }).toString(),
    ).toBe("users.f.state=new&users.sort=-username");
    expect(writeUrlState(start, "users", columns, { search: "x" }).get("users.page")).toBeNull();
    expect(writeUrlState(start, "users", columns, { filters: [] }).toString()).toBe("");
  });

  it("keeps other filters' parameters when only the page changes", () => {
    const start = new URLSearchParams("users.f.state=new");
    expect(writeUrlState(start, "users", columns, { pageIndex: 1 }).toString()).toBe(
      "users.f.state=new&users.page=2",
    );
    expect(writeUrlState(start, "users", columns, { pageIndex: 0 }).toString()).toBe("users.f.state=new");
  });

  it("round-trips through readUrlState", () => {
    const written = writeUrlState(new URLSearchParams(), "users", columns, {
      sorting: [{ id: "state", desc: true }],
      filters: [{ id: "date_joined", value: ["2026-02-01", "2026-02-10"] }],
      search: "a b",
    });
    const read = readUrlState(written, "users", columns);
    expect(read.sorting).toEqual([{ id: "state", desc: true }]);
    expect(read.filters).toEqual([{ id: "date_joined", value: ["2026-02-01", "2026-02-10"] }]);
    expect(read.search).toBe("a b");
  });
});

describe("clearUrlState", () => {
  it("removes only the grid's parameters", () => {
    expect(
      clearUrlState(new URLSearchParams("a=1&users.q=x&users.f.state=new&usersx=2"), "users").toString(),
    ).toBe("a=1&usersx=2");
  });
});
