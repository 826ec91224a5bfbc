import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Popover from "@mui/material/Popover";
import type { Column, Table } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useGridVars } from "./grid-vars";

// The grid's popups, loaded when one is first opened: a column's menu, the column chooser and the list of a
// multiple-choice filter. MUI's menus: their focus handling, keys and placement are what users know.

/** A column's menu: sort, group, hide, move, reset its width, show every column. */
export function ColumnMenu<T>(props: {
  column: Column<T, unknown>;
  table: Table<T>;
  anchor: HTMLElement;
  onClose: () => void;
  /** The user arranges the columns (not on a phone): hide, move, resize. */
  canArrange: boolean;
  onMove: (direction: -1 | 1) => void;
}) {
  const { t } = useTranslation("grid");
  const { column, table } = props;
  const name = { column: column.columnDef.meta?.grid.header ?? column.id };
  const sorted = column.getIsSorted();
  const act = (action: () => void) => () => {
    action();
    props.onClose();
  };
  const isGrouped = column.getIsGrouped();
  const hasHidden = table.getAllLeafColumns().some((leaf) => !leaf.getIsVisible());
  const items = [
    column.getCanSort() && [
      <MenuItem key="asc" disabled={sorted === "asc"} onClick={act(() => column.toggleSorting(false))}>
        {t("table.sortByColumnAsc", name)}
      </MenuItem>,
      <MenuItem key="desc" disabled={sorted === "desc"} onClick={act(() => column.toggleSorting(true))}>
        {t("table.sortByColumnDesc", name)}
      </MenuItem>,
      sorted && (
        <MenuItem key="clear" onClick={act(() => column.clearSorting())}>
          {t("table.clearSort")}
        </MenuItem>
      ),
      <Divider key="sort-end" />,
    ],
    column.getCanGroup() && (
      <MenuItem key="group" onClick={act(() => column.toggleGrouping())}>
        {isGrouped ? t("table.ungroupByColumn", name) : t("table.groupByColumn", name)}
      </MenuItem>
    ),
    props.canArrange && [
      <MenuItem key="hide" disabled={isGrouped} onClick={act(() => column.toggleVisibility(false))}>
        {t("table.hideColumn", name)}
      </MenuItem>,
      <MenuItem key="left" onClick={act(() => props.onMove(-1))}>
        {t("table.moveLeft")}
      </MenuItem>,
      <MenuItem key="right" onClick={act(() => props.onMove(1))}>
        {t("table.moveRight")}
      </MenuItem>,
      <MenuItem key="size" onClick={act(() => column.resetSize())}>
        {t("table.resetColumnSize")}
      </MenuItem>,
      hasHidden && (
        <MenuItem key="all" onClick={act(() => table.toggleAllColumnsVisible(true))}>
          {t("table.showAllColumns")}
        </MenuItem>
      ),
    ],
  ]
    .flat()
    .filter(Boolean);
  return (
    <Menu anchorEl={props.anchor} open onClose={props.onClose}>
      {items}
    </Menu>
  );
}

/** Which columns show: a switch each, and all at once. */
export function ColumnChooser<T>(props: { table: Table<T>; anchor: HTMLElement; onClose: () => void }) {
  const { t } = useTranslation("grid");
  const { table } = props;
  const columns = table.getAllLeafColumns();
  return (
    <GridPopover anchor={props.anchor} onClose={props.onClose} align="right">
      <div className="dg-chooser">
        <div className="dg-chooser-actions">
          <Button size="small" onClick={() => table.toggleAllColumnsVisible(false)}>
            {t("table.hideAll")}
          </Button>
          <Button size="small" onClick={() => table.toggleAllColumnsVisible(true)}>
            {t("table.showAll")}
          </Button>
        </div>
        {columns.map((column) => {
          const header = column.columnDef.meta?.grid.header ?? column.id;
          return (
            <label key={column.id} className="dg-chooser-item">
              <input
                type="checkbox"
                role="switch"
                className="dg-switch"
                checked={column.getIsVisible()}
                aria-checked={column.getIsVisible()}
                disabled={!column.getCanHide()}
                onChange={(event) => column.toggleVisibility(event.target.checked)}
                aria-label={t("table.toggleVisibility", { column: header })}
              />
              <span>{header}</span>
            </label>
          );
        })}
      </div>
    </GridPopover>
  );
}

/**
 * The choices of a multiple-choice filter: a list box whose options are ticked and unticked by a click, Space or Enter,
 * the arrows moving between them; the filter changes as they are.
 */
export function ChoiceList(props: {
  anchor: HTMLElement;
  onClose: () => void;
  value: readonly string[];
  onToggle: (choice: string) => void;
  choices: readonly { value: string | number; label: string }[];
  label: string;
}) {
  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>, value: string) => {
    const item = event.currentTarget;
    if (event.key === "ArrowDown") (item.nextElementSibling as HTMLElement | null)?.focus();
    else if (event.key === "ArrowUp") (item.previousElementSibling as HTMLElement | null)?.focus();
    else if (event.key === " " || event.key === "Enter") props.onToggle(value);
    else return;
    event.preventDefault();
  };
  return (
    <GridPopover anchor={props.anchor} onClose={props.onClose} align="left">
      <div className="dg-chooser dg-listbox" role="listbox" aria-multiselectable aria-label={props.label}>
        {props.choices.map((choice, index) => {
          const value = String(choice.value);
          const selected = props.value.includes(value);
          return (
            <div
              key={value}
              role="option"
              aria-selected={selected}
              tabIndex={-1}
              // biome-ignore lint/a11y/noAutofocus: the list opens on its first choice, as a select's does
              autoFocus={index === 0}
              className="dg-chooser-item"
              onClick={() => props.onToggle(value)}
              onKeyDown={(event) => onKeyDown(event, value)}
            >
              <input type="checkbox" checked={selected} readOnly tabIndex={-1} aria-hidden />
              <span>{choice.label}</span>
            </div>
          );
        })}
      </div>
    </GridPopover>
  );
}

/** A popup of the grid's under its button, drawn apart from the grid: the grid's custom properties on its paper. */
function GridPopover(props: {
  anchor: HTMLElement;
  onClose: () => void;
  /** Which edges of the popup and its button line up. */
  align: "left" | "right";
  children: ReactNode;
}) {
  const style = useGridVars();
  return (
    <Popover
      anchorEl={props.anchor}
      open
      onClose={props.onClose}
      slotProps={{ paper: { style } }}
      anchorOrigin={{ vertical: "bottom", horizontal: props.align }}
      transformOrigin={{ vertical: "top", horizontal: props.align }}
    >
      {props.children}
    </Popover>
  );
}
