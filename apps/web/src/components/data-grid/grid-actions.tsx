import AddIcon from "@mui/icons-material/Add";
import FileDownloadIcon from "@mui/icons-material/FileDownload";
import FilterAltOffIcon from "@mui/icons-material/FilterAltOff";
import RefreshIcon from "@mui/icons-material/Refresh";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import type { Table } from "@tanstack/react-table";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import type { ExportMenu as ExportMenuComponent } from "./export-menu";
import type { ListParams } from "./list-query";
import type { GridColumn } from "./types";

/** The grid's own toolbar buttons: refresh, clear filters, add a row, export. */
export function GridActions<T>(props: {
  table: Table<T>;
  onRefresh: () => void;
  onClearFilters: () => void;
  hasFilters: boolean;
  /** Starts a new row; no button without it. */
  onAdd?: () => void;
  /** The add button's text; default "Add". */
  addLabel?: string;
  /** No new row while another row is being edited or added. */
  canAdd: boolean;
  /** Export of the endpoint's filtered rows; no button without it. */
  exportTo?: {
    resource: string;
    params: ListParams;
    fileName: string;
    columnsByField: ReadonlyMap<string, GridColumn<T>>;
  };
}) {
  const { t } = useTranslation("grid");
  const { table, exportTo } = props;
  return (
    <>
      {/* The browser's tooltips: MUI's would load its popups with every grid page */}
      <IconButton aria-label={t("refresh")} title={t("refresh")} onClick={props.onRefresh}>
        <RefreshIcon />
      </IconButton>
      {/* On a box around it, which shows it while the button is disabled too */}
      <span title={t("clearFilters")}>
        <IconButton
          aria-label={t("clearFilters")}
          onClick={props.onClearFilters}
          disabled={!props.hasFilters}
        >
          <FilterAltOffIcon />
        </IconButton>
      </span>
      {props.onAdd && (
        <Button startIcon={<AddIcon />} onClick={props.onAdd} disabled={!props.canAdd}>
          {props.addLabel ?? t("add")}
        </Button>
      )}
      {exportTo && (
        // The export (its menu, progress and files) loads after the grid; until then its button shows, disabled
        <Suspense
          fallback={
            <IconButton aria-label={t("export.button")} disabled>
              <FileDownloadIcon />
            </IconButton>
          }
        >
          <ExportMenu
            resource={exportTo.resource}
            params={exportTo.params}
            fileName={exportTo.fileName}
            getColumns={() =>
              table
                .getVisibleLeafColumns()
                .flatMap((leaf) => exportTo.columnsByField.get(leaf.id) ?? [])
                .map((column) => ({
                  ...column,
                  size: table.getColumn(column.field)?.getSize() ?? column.size,
                }))
            }
          />
        </Suspense>
      )}
    </>
  );
}

// Typed as the module's generic component, which `lazy` would narrow to one row type
const ExportMenu = lazy(() =>
  import("./export-menu").then((module) => ({ default: module.ExportMenu })),
) as unknown as typeof ExportMenuComponent;
