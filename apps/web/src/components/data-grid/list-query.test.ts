import { printFilter } from "@portal/domain";
import dayjs from "dayjs";
import { describe, expect, it, vi } from "vitest";
import {
  buildColumnFilter,
  buildFilters,
  buildOrdering,
  filterKindOf,
  isNumberText,
  listUrl,
  requestedFields,
  toIsoDate,
  toListParams,
} from "./list-query";
import type { GridColumnSpec } from "./types";

// The browser's zone, whatever the machine running the tests is set to
vi.mock("../../app/time-zone", () => ({ readerTimeZone: () => "Asia/Vladivostok" }));

const columns: GridColumnSpec[] = [
  { field: "id", type: "number", filter: "number" },
  { field: "username" },
  { field: "company__name", type: "text" },
  { field: "container_count", type: "number" },
  { field: "state", type: "select" },
  { field: "is_active", type: "boolean" },
  { field: "create_date", type: "date", filter: "date" },
  { field: "date_joined", type: "datetime" },
  { field: "shipping_date", type: "date" },
  { field: "status", type: "select", filter: "multi-select" },
  { field: "roles", filter: false },
];
const column = (field: string) => columns.find((item) => item.field === field) as GridColumnSpec;
const printed = (field: string, value: unknown) => buildFilters([{ id: field, value }], columns);

describe("filterKindOf", () => {
  it("defaults the filter editor by value type", () => {
    expect(filterKindOf({ field: "a" })).toBe("text");
    expect(filterKindOf({ field: "a", type: "number" })).toBe("number-range");
    expect(filterKindOf({ field: "a", type: "date" })).toBe("date-range");
    expect(filterKindOf({ field: "a", type: "datetime" })).toBe("date-range");
    expect(filterKindOf({ field: "a", type: "boolean" })).toBe("boolean");
    expect(filterKindOf({ field: "a", type: "select" })).toBe("select");
  });

  it("honours an explicit editor and `false`", () => {
    expect(filterKindOf({ field: "a", type: "number", filter: "number" })).toBe("number");
    expect(filterKindOf({ field: "a", filter: false })).toBeNull();
  });
});

describe("buildOrdering", () => {
  it("joins sort columns with commas and marks descending ones with '-'", () => {
    expect(
      buildOrdering([
        { id: "date_joined", desc: true },
        { id: "username", desc: false },
      ]),
    ).toBe("-date_joined,username");
  });

  it("leaves ordering out when unsorted", () => {
    expect(buildOrdering([])).toBeUndefined();
  });

  it("sorts a column by its sortField when it has one", () => {
    const columns = [{ field: "status", sortField: "status_name_en" }, { field: "id" }];
    expect(
      buildOrdering(
        [
          { id: "status", desc: true },
          { id: "id", desc: false },
        ],
        columns,
      ),
    ).toBe("-status_name_en,id");
  });
});

describe("column filters → filters", () => {
  it("text columns match case-insensitively anywhere (icontains), trimmed", () => {
    expect(printed("username", "  ivan ")).toBe("username__icontains=ivan");
    expect(printed("company__name", 'ООО "Ромашка"')).toBe('company__name__icontains="ООО \\"Ромашка\\""');
  });

  it("quotes values that contain the language's operators", () => {
    expect(printed("username", "a&b|c")).toBe('username__icontains="a&b|c"');
  });

  it("exact number columns send digits and ignore anything else", () => {
    expect(printed("id", "42")).toBe("id=42");
    expect(printed("id", 42)).toBe("id=42");
    expect(printed("id", "4x")).toBeUndefined();
    expect(printed("id", Number.NaN)).toBeUndefined();
  });

  it("number ranges give gte/lte for the bounds that are set", () => {
    expect(printed("container_count", ["2", "10"])).toBe("container_count__gte=2&container_count__lte=10");
    expect(printed("container_count", ["2", ""])).toBe("container_count__gte=2");
    expect(printed("container_count", [undefined, "10"])).toBe("container_count__lte=10");
    expect(printed("container_count", ["", ""])).toBeUndefined();
  });

  it("select and boolean columns match exactly", () => {
    expect(printed("state", "pending")).toBe("state=pending");
    expect(printed("is_active", "false")).toBe("is_active=false");
    expect(printed("is_active", true)).toBe("is_active=true");
  });

  it("multi-select columns use `in` with a comma list", () => {
    expect(printed("status", ["1", "2"])).toBe("status__in=1,2");
    expect(printed("status", [])).toBeUndefined();
  });

  it("a day on a date column matches exactly, from dayjs, Date or text", () => {
    expect(printed("create_date", dayjs("2026-03-05"))).toBe("create_date=2026-03-05");
    expect(printed("create_date", new Date(2026, 2, 5))).toBe("create_date=2026-03-05");
    expect(printed("create_date", "2026-03-05")).toBe("create_date=2026-03-05");
    expect(printed("create_date", dayjs("not a date"))).toBeUndefined();
  });

  it("a day on a timestamp column is sent as the day (the API compares timestamps by day)", () => {
    const node = buildColumnFilter(
      { field: "date_joined", type: "datetime", filter: "date" },
      dayjs("2026-12-31"),
    );
    expect(node).toEqual({ kind: "cond", field: "date_joined", op: "exact", value: "2026-12-31" });
  });

  it("date ranges give gte/lte as yyyy-MM-dd", () => {
    expect(printed("shipping_date", [dayjs("2026-01-01"), dayjs("2026-01-31")])).toBe(
      "shipping_date__gte=2026-01-01&shipping_date__lte=2026-01-31",
    );
    expect(printed("shipping_date", [undefined, dayjs("2026-01-31")])).toBe("shipping_date__lte=2026-01-31");
    expect(printed("shipping_date", [null, null])).toBeUndefined();
  });

  it("timestamp ranges use the same days", () => {
    expect(printed("date_joined", [dayjs("2026-01-01"), dayjs("2026-01-31")])).toBe(
      "date_joined__gte=2026-01-01&date_joined__lte=2026-01-31",
    );
  });

  it("skips empty values, unknown columns and columns that cannot be filtered", () => {
    expect(printed("username", "   ")).toBeUndefined();
    expect(printed("nope", "x")).toBeUndefined();
    expect(printed("roles", "Manager")).toBeUndefined();
    expect(buildColumnFilter(column("roles"), "Manager")).toBeNull();
  });

  it("combines several columns with & and adds the fixed filter first", () => {
    expect(
      buildFilters(
        [
          { id: "username", value: "ivan" },
          { id: "state", value: "approved" },
          { id: "container_count", value: ["1", "3"] },
        ],
        columns,
        { kind: "cond", field: "company_id", op: "exact", value: "7" },
      ),
    ).toBe(
      "company_id=7&username__icontains=ivan&state=approved&container_count__gte=1&container_count__lte=3",
    );
  });
});

describe("isNumberText", () => {
  it.each([
    ["abc", "ru", false],
    ["12a", "ru", false],
    ["1,5", "ru", true],
    ["1,5", "en", false],
    ["1,500", "en", true],
    ["612,000.50", "en", true],
    ["612,000.50", "ru", false],
    ["1 500,5", "ru", true],
    ["1".repeat(25), "ru", false],
    ["", "en", true],
    [" 42 ", "ru", true],
    ["-1.5", "en", true],
    [7, "ru", true],
    [undefined, "ru", true],
  ] as const)("%j in %s: %s", (text, language, valid) => {
    expect(isNumberText(text, language)).toBe(valid);
  });
});

describe("a number filter in the interface's language", () => {
  const cost = { field: "cost", type: "money" } as const;
  it.each([
    ["en", ["1,500", "612,000.50"], "cost__gte=1500&cost__lte=612000.5"],
    ["ru", ["1 500", "612 000,50"], "cost__gte=1500&cost__lte=612000.5"],
    ["ru", ["1,5", ""], "cost__gte=1.5"],
    ["en", ["1,5", "25,000"], "cost__lte=25000"],
  ])("in %s reads %j as %s", (language, range, expected) => {
    const node = buildColumnFilter(cost, range, language);
    expect(node && printFilter(node)).toBe(expected);
  });
});

describe("toListParams", () => {
  it("maps paging to skip/take and leaves empty parts out", () => {
    expect(
      toListParams({ pageIndex: 0, pageSize: 20, sorting: [], columnFilters: [], search: "" }, columns),
    ).toEqual({ skip: 0, take: 20 });
  });

  it("maps every part of the state", () => {
    expect(
      toListParams(
        {
          pageIndex: 2,
          pageSize: 15,
          sorting: [{ id: "username", desc: true }],
          columnFilters: [{ id: "is_active", value: "true" }],
          search: " иван ",
        },
        columns,
      ),
    ).toEqual({
      skip: 30,
      take: 15,
      ordering: "-username",
      filters: "is_active=true",
      search: "иван",
      tz: "Asia/Vladivostok",
    });
  });

  it("names the reader's time zone only with filters: their days are the reader's", () => {
    const state = { pageIndex: 0, pageSize: 20, sorting: [], columnFilters: [], search: "" };
    expect(toListParams(state, columns)).toEqual({ skip: 0, take: 20 });
    const filtered = toListParams(
      { ...state, columnFilters: [{ id: "date_joined", value: ["2026-11-27", "2026-11-27"] }] },
      [{ field: "date_joined", type: "datetime" }],
    );
    expect(filtered).toEqual({
      skip: 0,
      take: 20,
      filters: "date_joined__gte=2026-11-27&date_joined__lte=2026-11-27",
      tz: "Asia/Vladivostok",
    });
    expect(listUrl("/x/", filtered)).toContain("&tz=Asia%2FVladivostok");
  });
});

describe("listUrl", () => {
  it("appends the parameters in a stable order, encoded", () => {
    expect(
      listUrl("/profile/api/users/", {
        search: "a b",
        take: 20,
        skip: 40,
        ordering: "-id",
        filters: "username__icontains=x&state=new",
      }),
    ).toBe(
      "/profile/api/users/?ordering=-id&skip=40&take=20&filters=username__icontains%3Dx%26state%3Dnew&search=a+b",
    );
  });

  it("extends a resource that already has a query", () => {
    expect(listUrl("/x/?kind=1", { skip: 0, take: 10 })).toBe("/x/?kind=1&skip=0&take=10");
  });
});

describe("requestedFields", () => {
  it("asks for the visible columns and what the page reads of a row, each once, in the columns' order", () => {
    const visibility = { username: false, company__name: true, state: false };
    expect(requestedFields(columns.slice(0, 5), visibility, ["state", "version", "id"])).toBe(
      "id,company__name,container_count,state,version",
    );
    expect(requestedFields(columns.slice(0, 2), {}, [])).toBe("id,username");
  });

  it("asks for whole rows when the page has not said what it reads of a row", () => {
    expect(requestedFields(columns, {}, undefined)).toBeUndefined();
  });

  it("goes into the list call's URL, last", () => {
    const state = { pageIndex: 1, pageSize: 20, sorting: [], columnFilters: [], search: "" };
    const params = toListParams(state, columns, null, "id,status");
    expect(params).toEqual({ skip: 20, take: 20, fields: "id,status" });
    expect(listUrl("/x/", { ...params, ordering: "-id" })).toBe(
      "/x/?ordering=-id&skip=20&take=20&fields=id%2Cstatus",
    );
    expect(toListParams(state, columns)).not.toHaveProperty("fields");
  });
});

describe("dates", () => {
  it("reads days from text, Dates and dayjs", () => {
    expect(toIsoDate("2026-11-21T06:00:00.000Z")).toBe("2026-11-21");
    expect(toIsoDate(new Date(2026, 0, 9))).toBe("2026-01-09");
    expect(toIsoDate(dayjs("2026-02-28"))).toBe("2026-02-28");
    expect(toIsoDate("21.11.2026")).toBeNull();
    expect(toIsoDate(new Date("x"))).toBeNull();
    expect(toIsoDate(undefined)).toBeNull();
  });
});
