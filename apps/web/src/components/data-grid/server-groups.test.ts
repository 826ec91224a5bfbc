import { printFilter } from "@portal/domain";
import { describe, expect, it } from "vitest";
import {
  groupedData,
  groupRowId,
  groupRowsFilter,
  groupText,
  isDataRow,
  isGroupRow,
  isMoreRow,
} from "./server-groups";
import type { GridColumn } from "./types";

const labels = { yes: "Yes", no: "No" };

describe("server-side groups", () => {
  it("filters a group's rows by its value, or by an empty value, beside the grid's own filter", () => {
    expect(printFilter(groupRowsFilter(null, "state", "pending"))).toBe("state=pending");
    expect(printFilter(groupRowsFilter(null, "company__name", null))).toBe("company__name__isnull=true");
    const own = groupRowsFilter(null, "is_active", true);
    expect(printFilter(groupRowsFilter(own, "state", "new"))).toBe("is_active=true&state=new");
  });

  it("gives every group a line, with the loaded rows of opened groups and a 'more' line while rows remain", () => {
    const field = "state";
    const groups = [
      { key: "new", count: 3 },
      { key: "active", count: 2 },
      { key: null, count: 1 },
    ];
    const loaded = new Map([
      [groupRowId(field, "new"), [{ id: 1 }, { id: 2 }]],
      [groupRowId(field, "active"), [{ id: 3 }, { id: 4 }]],
    ]);
    const data = groupedData(field, groups, loaded);
    expect(data.map((row) => row.gridGroup.count)).toEqual([3, 2, 1]);
    const [opened, complete, closed] = data;
    expect(opened?.subRows).toEqual([
      { id: 1 },
      { id: 2 },
      { gridMore: { groupId: groupRowId(field, "new"), shown: 2, count: 3 } },
    ]);
    expect(complete?.subRows).toEqual([{ id: 3 }, { id: 4 }]);
    expect(closed?.subRows).toEqual([]);
    expect(isGroupRow(opened)).toBe(true);
    expect(isMoreRow(opened?.subRows[2])).toBe(true);
    expect(isDataRow(opened?.subRows[0])).toBe(true);
    expect(isDataRow(opened)).toBe(false);
  });

  it("keeps the ids of a null key and the text 'null' apart", () => {
    expect(groupRowId("name", null)).not.toBe(groupRowId("name", "null"));
  });

  it("names a group as its column shows the value, whatever the column's accessor", () => {
    const column: GridColumn<{ company: { name: string } | null }> = {
      field: "company__name",
      header: "Company",
      value: (row) => row.company?.name,
    };
    expect(groupText(column, { key: "ООО Лес", count: 4 }, labels, "(empty)")).toBe("ООО Лес (4)");
    expect(groupText(column, { key: null, count: 2 }, labels, "(empty)")).toBe("(empty) (2)");
    const flag: GridColumn<{ is_active: boolean }> = {
      field: "is_active",
      header: "Active",
      type: "boolean",
    };
    expect(groupText(flag, { key: false, count: 7 }, labels, "(empty)")).toBe("No (7)");
  });
});
