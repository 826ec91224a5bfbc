import type { Header, Table } from "@tanstack/react-table";
import { type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LeadColumn } from "./grid-body";
import { EditableMark } from "./grid-columns";
import { GridFilter } from "./grid-filter";
import { GridIcon } from "./grid-icons";
import { placeColumn } from "./layout";

/** What the header row needs besides the table. */
export interface GridHeadOptions {
  /** The grid's own columns before the data columns: their titles. */
  leads: readonly Pick<LeadColumn<unknown>, "id" | "header">[];
  showFilters: boolean;
  /** The user arranges the columns (not on a phone): hide, move, resize, drag. */
  canArrange: boolean;
  /** In a grid that edits its cells, what the mark on an editable column's title says to a screen reader. */
  editableMark?: string;
  /** The interface's language: how the number filters read numbers. */
  language: string;
}

/**
 * The header row: the grid's own columns' titles, then each data column's title with its sort button and menu, its
 * filter under it, and its resize handle. A title is dragged onto another to move its column there.
 */
export function GridHead<T>({
  table,
  options,
  onMenu,
}: {
  table: Table<T>;
  options: GridHeadOptions;
  /** Opens a column's menu at its button. */
  onMenu: (field: string, anchor: HTMLElement) => void;
}) {
  const { t } = useTranslation("grid");
  const dragged = useRef<string | null>(null);
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  return (
    <thead>
      <tr className="dg-head-row">
        {options.leads.map((lead) => (
          <th key={lead.id} scope="col" tabIndex={-1} className="dg-lead">
            {lead.header}
          </th>
        ))}
        {headers.map((header) => (
          <HeaderCell
            key={header.id}
            header={header}
            options={options}
            onMenu={(anchor) => onMenu(header.column.id, anchor)}
            onDragStart={() => {
              dragged.current = header.column.id;
            }}
            onDrop={() => {
              const from = dragged.current;
              dragged.current = null;
              if (from && from !== header.column.id)
                table.setColumnOrder(placeColumn(columnOrderOf(table), from, header.column.id));
            }}
            words={{ actions: t("table.columnActions") }}
          />
        ))}
      </tr>
    </thead>
  );
}

/** The data columns' order as the table has it (every column, shown or not). */
export function columnOrderOf<T>(table: Table<T>): string[] {
  return table.getAllLeafColumns().map((column) => column.id);
}

function HeaderCell<T>(props: {
  header: Header<T, unknown>;
  options: GridHeadOptions;
  onMenu: (anchor: HTMLElement) => void;
  onDragStart: () => void;
  onDrop: () => void;
  words: { actions: string };
}) {
  const { t } = useTranslation("grid");
  const { header, options } = props;
  const { column } = header;
  const meta = column.columnDef.meta;
  const title = meta?.grid.header ?? column.id;
  const sorted = column.getIsSorted();
  const canSort = column.getCanSort();
  const sortIndex = column.getSortIndex();
  const isMultiSorted = sorted !== false && header.getContext().table.getState().sorting.length > 1;
  const isEditable = Boolean(options.editableMark && meta?.grid.edit);
  const [isOver, setIsOver] = useState(false);
  const sortLabel =
    sorted === "asc"
      ? t("table.sortedByColumnAsc", { column: title })
      : sorted === "desc"
        ? t("table.sortedByColumnDesc", { column: title })
        : t("table.sortByColumnAsc", { column: title });
  let titleContent: ReactNode = title;
  if (isEditable)
    titleContent = (
      <>
        <EditableMark />
        {title}
        <span className="dg-hidden">{`, ${options.editableMark}`}</span>
      </>
    );
  return (
    <th
      scope="col"
      tabIndex={-1}
      aria-sort={
        sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : canSort ? "none" : undefined
      }
      className={isOver ? "dg-drop" : undefined}
      onDragOver={
        options.canArrange
          ? (event) => {
              event.preventDefault();
              setIsOver(true);
            }
          : undefined
      }
      onDragLeave={() => setIsOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setIsOver(false);
        props.onDrop();
      }}
    >
      <div className="dg-th">
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the mouse's shortcut of the sort button beside it */}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the sort button beside it is the keyboard's way */}
        <span
          className="dg-th-title"
          draggable={options.canArrange}
          onDragStart={(event) => {
            event.dataTransfer.effectAllowed = "move";
            event.dataTransfer.setData("text/plain", column.id);
            props.onDragStart();
          }}
          onClick={canSort ? column.getToggleSortingHandler() : undefined}
        >
          {titleContent}
        </span>
        {canSort && (
          <button
            type="button"
            className="dg-sort"
            aria-label={sortLabel}
            title={sortLabel}
            onClick={column.getToggleSortingHandler()}
          >
            <GridIcon name={sorted === "desc" ? "arrowDown" : "arrowUp"} small />
            {isMultiSorted && <span className="dg-sort-index">{sortIndex + 1}</span>}
          </button>
        )}
        <button
          type="button"
          className="dg-th-menu"
          aria-label={props.words.actions}
          title={props.words.actions}
          aria-haspopup="menu"
          onClick={(event) => props.onMenu(event.currentTarget)}
        >
          <GridIcon name="moreVert" small />
        </button>
      </div>
      {options.showFilters && column.getCanFilter() && (
        <div className="dg-th-filter">
          <GridFilter column={column} language={options.language} />
        </div>
      )}
      {options.canArrange && column.getCanResize() && (
        // biome-ignore lint/a11y/noStaticElementInteractions: a mouse's handle; the column menu resets the width
        <div
          className={column.getIsResizing() ? "dg-resizer dg-resizing" : "dg-resizer"}
          onMouseDown={header.getResizeHandler()}
          onTouchStart={header.getResizeHandler()}
          onDoubleClick={() => column.resetSize()}
        />
      )}
    </th>
  );
}
