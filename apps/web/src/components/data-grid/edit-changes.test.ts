import { describe, expect, it } from "vitest";
import { checkValues, collectChanges, newRowValues } from "./edit-changes";
import type { GridColumn } from "./types";

interface User {
  id: number;
  email: string;
  company_id: number | null;
  company: { name: string } | null;
}
const columns: GridColumn<User>[] = [
  { field: "email", header: "E-mail", edit: {} },
  {
    field: "company__name",
    header: "Company",
    value: (row) => row.company?.name,
    edit: { field: "company_id", value: (row) => row.company_id },
  },
  { field: "id", header: "ID" },
];
const row: User = { id: 1, email: "a@b.ru", company_id: 3, company: { name: "A" } };

describe("collectChanges", () => {
  it("sends only the edited fields that differ, under their edit field", () => {
    expect(collectChanges(columns, row, { draft: { email: "a@b.ru", company_id: 5 }, extras: {} })).toEqual({
      company_id: 5,
    });
  });

  it("adds extras to real changes only", () => {
    const extras = { change_company_warning: true };
    expect(collectChanges(columns, row, { draft: { company_id: 5 }, extras })).toEqual({
      company_id: 5,
      change_company_warning: true,
    });
    expect(collectChanges(columns, row, { draft: { company_id: 3 }, extras })).toEqual({});
  });

  it("treats null and undefined alike", () => {
    const orphan = { ...row, company_id: null, company: null };
    expect(collectChanges(columns, orphan, { draft: { company_id: undefined }, extras: {} })).toEqual({});
    expect(collectChanges(columns, orphan, { draft: { company_id: 2 }, extras: {} })).toEqual({
      company_id: 2,
    });
  });
});

describe("a new row", () => {
  const kinds: GridColumn<{ description: string; kinds: number[]; id?: number }>[] = [
    { field: "id", header: "ID" },
    {
      field: "description",
      header: "Description",
      edit: {},
      validate: (value) => (value ? undefined : "required"),
    },
    { field: "kinds", header: "Kinds", edit: {} },
  ];

  it("sends every editable column: the edited value, else the new row's", () => {
    const values = newRowValues(
      kinds,
      { description: "", kinds: [] },
      { draft: { description: "Rail" }, extras: {} },
    );
    expect(values).toEqual({ description: "Rail", kinds: [] });
  });

  it("is checked by the columns' rules before it is sent", () => {
    const row = { description: "", kinds: [] };
    expect(checkValues(kinds, { description: "", kinds: [] }, row)).toEqual({ description: "required" });
    expect(checkValues(kinds, { description: "Rail", kinds: [] }, row)).toEqual({});
  });

  it("gives a column's check the row, for a rule that depends on another of its values", () => {
    type Order = { status: number; status_comment: string };
    const columns: GridColumn<Order>[] = [
      {
        field: "status_comment",
        header: "Comment",
        edit: {},
        validate: (value, row) => (row.status === 4 && value === "" ? "required" : undefined),
      },
    ];
    expect(checkValues(columns, { status_comment: "" }, { status: 4, status_comment: "x" })).toEqual({
      status_comment: "required",
    });
    expect(checkValues(columns, { status_comment: "" }, { status: 1, status_comment: "x" })).toEqual({});
  });

  it("counts a list of ids as unchanged when it holds the same ids", () => {
    const row = { description: "Rail", kinds: [1, 2] };
    expect(collectChanges(kinds, row, { draft: { kinds: [2, 1] }, extras: {} })).toEqual({});
    expect(collectChanges(kinds, row, { draft: { kinds: [1] }, extras: {} })).toEqual({ kinds: [1] });
  });
});
