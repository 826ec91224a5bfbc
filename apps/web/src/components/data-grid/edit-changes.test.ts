import { describe, expect, it } from "vitest";
import { collectChanges } from "./edit-changes";
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
