import { describe, expect, it, vi } from "vitest";
import { writeItem } from "../../app/storage";
import { layoutStorageKey } from "./layout";
import { type GridSource, initialListRequest } from "./list-request";

vi.mock("../../app/time-zone", () => ({ readerTimeZone: () => "America/New_York" }));

const source: GridSource = {
  gridId: "users",
  resource: "/profile/api/users/",
  columns: [
    { field: "username" },
    { field: "state", type: "select" },
    { field: "date_joined", type: "datetime" },
    { field: "roles", filter: false, sortable: false },
  ],
  defaultSorting: [{ id: "date_joined", desc: true }],
  pageSize: 20,
  pageSizeOptions: [10, 20, 50],
};

describe("initialListRequest", () => {
  it("asks for the first page in the default sorting when the URL and the layout say nothing", () => {
    const request = initialListRequest(source, new URLSearchParams(), 1);
    expect(request.url).toBe("/profile/api/users/?ordering=-date_joined&skip=0&take=20");
    expect(request.queryKey).toEqual([
      "grid",
      "users",
      "/profile/api/users/",
      { ordering: "-date_joined", skip: 0, take: 20 },
    ]);
  });

  it("takes page, sorting, filters and search from the URL and the page size from the user's layout", () => {
    writeItem(layoutStorageKey(2, "users"), JSON.stringify({ pageSize: 50, sorting: [] }));
    const search = new URLSearchParams(
      "users.page=2&users.sort=username&users.q=ivan&users.f.state=pending&users.f.date_joined=2026-01-01..",
    );
    const { url } = initialListRequest(source, search, 2);
    const params = new URL(url, "http://portal").searchParams;
    expect(Object.fromEntries(params)).toEqual({
      ordering: "username",
      skip: "50",
      take: "50",
      filters: expect.stringContaining("state"),
      search: "ivan",
      tz: "America/New_York",
    });
    expect(params.get("filters")).toContain("date_joined");
  });

  it("follows the sorting the user left in the layout when the URL names none", () => {
    writeItem(layoutStorageKey(3, "users"), JSON.stringify({ sorting: [{ id: "username", desc: true }] }));
    expect(initialListRequest(source, new URLSearchParams(), 3).url).toBe(
      "/profile/api/users/?ordering=-username&skip=0&take=20",
    );
  });
});
