/**
 * The group panel over a list endpoint: the values of the grouped column with their counts over every filtered
 * row (`group=<field>`), and an opened group's rows loaded page by page with its value added to the filters.
 * Group rows and "show more" rows travel in the table's data beside the real rows; these helpers tell them
 * apart. Pure.
 */
import { and, cond, type FilterNode, type GroupList } from "@portal/domain";
import { type FormatLabels, formatCell, groupLabel } from "./format";
import type { GridColumn } from "./types";

/** A value of the grouped field and how many filtered rows have it (the API's `{groups: [{key, count}]}`). */
export type GroupKey = GroupList["groups"][number];

/** The API's answer to `group=<field>` (packages/domain). */
export type { GroupList };

/** A group's line in the table; its loaded rows hang under it. */
export interface GroupRow<T> {
  gridGroup: GroupKey & { id: string; field: string };
  subRows: (T | MoreRow)[];
}

/** The line under an opened group's loaded rows that loads its next page. */
export interface MoreRow {
  gridMore: { groupId: string; shown: number; count: number };
}

export function isGroupRow<T>(row: unknown): row is GroupRow<T> {
  return typeof row === "object" && row !== null && "gridGroup" in row;
}

export function isMoreRow(row: unknown): row is MoreRow {
  return typeof row === "object" && row !== null && "gridMore" in row;
}

/** A row of the data, not a group's line or a "show more" line. */
export function isDataRow<T>(row: T): boolean {
  return !isGroupRow(row) && !isMoreRow(row);
}

/** The table row id of a group (stable across reloads, distinct from data rows' ids). */
export function groupRowId(field: string, key: GroupKey["key"]): string {
  return `group:${field}:${key === null ? "\u0000" : String(key)}`;
}

/** The filter of one group: the field equals the key, or is empty. */
export function groupFilter(field: string, key: GroupKey["key"]): FilterNode {
  return key === null ? cond(field, "isnull", "true") : cond(field, "exact", String(key));
}

/** The filters of a group's rows: the grid's own filter and the group's value. */
export function groupRowsFilter(fixed: FilterNode | null | undefined, field: string, key: GroupKey["key"]) {
  return and(fixed, groupFilter(field, key)) as FilterNode;
}

/**
 * The table's data when grouped: a line per group, and under each opened one its loaded rows and, if it has
 * more, a "show more" line.
 */
export function groupedData<T>(
  field: string,
  groups: readonly GroupKey[],
  loaded: ReadonlyMap<string, readonly T[]>,
): GroupRow<T>[] {
  return groups.map((group) => {
    const id = groupRowId(field, group.key);
    const rows = loaded.get(id) ?? [];
    const more: MoreRow[] =
      loaded.has(id) && rows.length < group.count
        ? [{ gridMore: { groupId: id, shown: rows.length, count: group.count } }]
        : [];
    return { gridGroup: { ...group, id, field }, subRows: [...rows, ...more] };
  });
}

/** What a group's line says: the value as the column shows it (or the empty label) and the count. */
export function groupText<T>(column: GridColumn<T>, group: GroupKey, labels: FormatLabels, empty: string) {
  // The key is the field's value itself: the column's own accessor (`row.company?.name`) would not find it
  const text = formatCell({ ...column, value: undefined }, { [column.field]: group.key } as T, labels);
  return groupLabel(text, group.count, empty);
}
