import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import type { Table } from "@tanstack/react-table";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { visibleWhenFocused } from "../until-focused";
import { GridIcon, type GridIconName } from "./grid-icons";

// The grid's toolbars: above, a skip link to the rows, the search, the grid's and the page's actions and the view's
// buttons (filters, columns, density, full screen), then what is selected or grouped; below, the pager (grid-pager.tsx).

export function GridToolbar<T>(props: {
  table: Table<T>;
  search: string;
  onSearch: (text: string) => void;
  /** Moves the focus to the rows. */
  onSkipToRows: () => void;
  showFilters: boolean;
  onToggleFilters: () => void;
  /** The user arranges the columns (not on a phone): the column chooser. */
  canArrange: boolean;
  onToggleDensity: () => void;
  isFullScreen: boolean;
  onToggleFullScreen: () => void;
  /** The grid's and the page's own actions. */
  children: ReactNode;
}) {
  const { t } = useTranslation("grid");
  const [chooser, setChooser] = useState<HTMLElement | null>(null);
  return (
    <div className="dg-toolbar">
      <Button variant="contained" onClick={props.onSkipToRows} sx={visibleWhenFocused}>
        {t("skipToRows")}
      </Button>
      <label className="dg-search">
        <GridIcon name="search" />
        <input
          enterKeyHint="search"
          value={props.search}
          onChange={(event) => props.onSearch(event.target.value)}
          placeholder={t("search")}
          aria-label={t("search")}
          autoComplete="off"
        />
      </label>
      {props.children}
      <span className="dg-toolbar-end">
        <ViewButton
          icon="filter"
          label={t("table.showHideFilters")}
          pressed={props.showFilters}
          onClick={props.onToggleFilters}
        />
        {props.canArrange && (
          <ViewButton
            icon="columns"
            label={t("table.showHideColumns")}
            onClick={(event) => setChooser(event.currentTarget)}
          />
        )}
        <ViewButton icon="density" label={t("table.toggleDensity")} onClick={props.onToggleDensity} />
        <ViewButton
          icon={props.isFullScreen ? "fullScreenExit" : "fullScreen"}
          label={t("table.toggleFullScreen")}
          pressed={props.isFullScreen}
          onClick={props.onToggleFullScreen}
        />
      </span>
      {chooser && (
        <Suspense fallback={null}>
          <ColumnChooser table={props.table} anchor={chooser} onClose={() => setChooser(null)} />
        </Suspense>
      )}
    </div>
  );
}

const ColumnChooser = lazy(() =>
  import("./grid-menus").then((module) => ({ default: module.ColumnChooser })),
) as unknown as typeof import("./grid-menus").ColumnChooser;

function ViewButton(props: {
  icon: GridIconName;
  label: string;
  pressed?: boolean;
  onClick: (event: React.MouseEvent<HTMLElement>) => void;
}) {
  return (
    <IconButton
      aria-label={props.label}
      title={props.label}
      aria-pressed={props.pressed}
      onClick={props.onClick}
    >
      <GridIcon name={props.icon} />
    </IconButton>
  );
}

/** What is selected or grouped, and the way back, over the rows. */
export function GridBanner(props: {
  error?: string;
  selected: number;
  count: number;
  onClearSelection: () => void;
  grouping: readonly { field: string; header: string }[];
  onUngroup: (field: string) => void;
}) {
  const { t } = useTranslation("grid");
  if (!props.error && props.selected === 0 && props.grouping.length === 0) return null;
  return (
    <div className="dg-banner">
      {props.error && (
        <div className="dg-banner-error" role="alert">
          {props.error}
        </div>
      )}
      {props.selected > 0 && (
        <div className="dg-banner-line" role="status">
          <span>{t("table.selectedCount", { selected: props.selected, count: props.count })}</span>
          <Button size="small" onClick={props.onClearSelection}>
            {t("table.clearSelection")}
          </Button>
        </div>
      )}
      {props.grouping.length > 0 && (
        <div className="dg-banner-line">
          {t("table.groupedBy")}
          {props.grouping.map((group) => (
            <span key={group.field} className="dg-chip">
              {group.header}
              <button
                type="button"
                aria-label={t("table.ungroupByColumn", { column: group.header })}
                title={t("table.ungroupByColumn", { column: group.header })}
                onClick={() => props.onUngroup(group.field)}
              >
                <GridIcon name="close" small />
              </button>
            </span>
          ))}
        </div>
      )}
    </div>
  );
}
