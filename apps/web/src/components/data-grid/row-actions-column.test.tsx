import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RowActions } from "./grid-row-actions";
import { ROW_EDITOR_ACTIONS_WIDTH, rowActionsColumn } from "./row-actions-column";

const base = {
  isPhone: false,
  title: "Actions",
  isRowEdit: false,
  hasRowEditors: false,
  canEditRow: () => true,
  canDeleteRow: () => true,
  isEditingRow: false,
  editingRowId: null,
  onEdit: () => {},
  onSave: () => {},
  onCancel: () => {},
  isSaving: false,
  hasDeleteSlot: false,
  onDelete: () => {},
};

describe("the row actions column", () => {
  it("holds the Cancel and Save buttons of a row edited in place, however narrow the page asks it", () => {
    const column = rowActionsColumn({ ...base, isRowEdit: true, hasRowEditors: true, width: 72 });
    expect(column.width).toBe(ROW_EDITOR_ACTIONS_WIDTH);
  });

  it("keeps the page's width where it is wider, or where no row is edited in place", () => {
    expect(rowActionsColumn({ ...base, isRowEdit: true, hasRowEditors: true, width: 120 }).width).toBe(120);
    expect(rowActionsColumn({ ...base, width: 72 }).width).toBe(72);
  });

  it("widens a phone's one menu button only while a row is edited", () => {
    const phone = { ...base, isPhone: true, isRowEdit: true, hasRowEditors: true };
    expect(rowActionsColumn(phone).width).toBe(40);
    expect(rowActionsColumn({ ...phone, isEditingRow: true }).width).toBe(ROW_EDITOR_ACTIONS_WIDTH);
  });
});

describe("a row's buttons", () => {
  const choose = <button type="button">choose</button>;
  const render = (props: Partial<Parameters<typeof RowActions>[0]>) =>
    renderToStaticMarkup(
      <RowActions isEditBusy={false} hasDeleteSlot={false} {...props}>
        {choose}
      </RowActions>,
    );

  it("keeps the edit button's place in a row that may not be edited, so the page's buttons stay in their column", () => {
    const editable = render({ onEdit: () => {}, hasEditSlot: true });
    const locked = render({ hasEditSlot: true });
    /** The places (buttons, or a missing button's place) before the page's own button. */
    const before = (markup: string) =>
      markup.slice(0, markup.indexOf("choose")).match(/class="dg-row-button[^"]*"/g)?.length;
    expect(before(locked)).toBe(1);
    expect(before(editable)).toBe(1);
    expect(locked).toContain('aria-hidden="true"');
    expect(locked).not.toContain('<button type="button" class="dg-row-button"');
  });

  it("leaves no place where the grid edits no rows", () => {
    expect(render({}).match(/<button/g)).toHaveLength(1);
  });
});
