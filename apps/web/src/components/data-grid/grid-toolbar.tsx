import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { alpha } from "@mui/material/styles";
import useMediaQuery from "@mui/material/useMediaQuery";
import {
  MRT_GlobalFilterTextField,
  MRT_LinearProgressBar,
  type MRT_RowData,
  type MRT_TableInstance,
  MRT_TablePagination,
  MRT_ToolbarAlertBanner,
  MRT_ToolbarDropZone,
  MRT_ToolbarInternalButtons,
} from "material-react-table";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { visibleWhenFocused } from "../until-focused";

/**
 * The grid's top toolbar: a skip link to the rows, the search, the grid's own actions and MRT's buttons.
 * It replaces MRT's toolbar, which keeps its parts on one line and cuts them off on a phone; here they wrap.
 */
export function GridToolbar<T extends MRT_RowData>({
  table,
  children,
}: {
  table: MRT_TableInstance<T>;
  children: ReactNode;
}) {
  // MRT's banner measures the toolbar (clientWidth) on every render, a forced layout each time the grid
  // renders: mount it only when it has something to say (an error, selected rows, grouping), as MRT shows it.
  const { showAlertBanner, grouping, rowSelection } = table.getState();
  const hasBanner =
    Boolean(showAlertBanner) || grouping.length > 0 || Object.values(rowSelection).some(Boolean);
  return (
    <Box sx={{ position: "relative" }}>
      {hasBanner && <MRT_ToolbarAlertBanner stackAlertBanner table={table} />}
      <MRT_ToolbarDropZone table={table} />
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 0.5, p: 1 }}>
        <SkipToRows table={table} />
        <Box sx={{ flex: "1 1 200px", maxWidth: 320, minWidth: 0 }}>
          <MRT_GlobalFilterTextField table={table} />
        </Box>
        {children}
        <Box sx={{ ml: "auto" }}>
          <MRT_ToolbarInternalButtons table={table} />
        </Box>
      </Box>
      <MRT_LinearProgressBar isTopToolbar table={table} />
    </Box>
  );
}

/**
 * A keyboard user would otherwise tab through every header's sort, menu and filter controls before reaching a
 * row; this link, shown when it takes the focus, moves the focus to the first cell (arrows then move between
 * cells, as MRT's keyboard navigation does).
 */
function SkipToRows<T extends MRT_RowData>({ table }: { table: MRT_TableInstance<T> }) {
  const { t } = useTranslation("grid");
  const toRows = () => {
    const container = table.refs.tableContainerRef.current;
    const target = container?.querySelector<HTMLElement>("tbody td[tabindex]") ?? container;
    target?.focus();
  };
  return (
    <Button variant="contained" onClick={toRows} sx={visibleWhenFocused}>
      {t("skipToRows")}
    </Button>
  );
}

/**
 * MRT's bottom toolbar (the pager) rebuilt from its parts with its styles. MRT's own registers itself for the
 * table container to measure after mounting, which then renders the whole table a second time, synchronously,
 * before the first rows can show (≈ 200 ms on /profiles). The paper lays the container out between the
 * toolbars itself (data-grid.tsx), full screen too, so the measure is not needed.
 */
export function GridBottomToolbar<T extends MRT_RowData>({
  table,
  summary,
}: {
  table: MRT_TableInstance<T>;
  /** Said instead of the pager (the number of server-side groups). */
  summary?: string;
}) {
  // MRT puts the pager under its (empty) custom actions on a phone, beside them elsewhere
  const isMobile = useMediaQuery("(max-width:720px)");
  return (
    <Box
      sx={(theme) => ({
        alignItems: "flex-start",
        backgroundColor: table.options.mrtTheme.baseBackgroundColor,
        display: "grid",
        flexWrap: "wrap-reverse",
        minHeight: "3.5rem",
        overflow: "hidden",
        position: "relative",
        transition: "all 150ms ease-in-out",
        zIndex: 1,
        boxShadow: `0 1px 2px -1px ${alpha(theme.palette.grey[700], 0.5)} inset`,
        left: 0,
        right: 0,
      })}
    >
      <MRT_LinearProgressBar isTopToolbar={false} table={table} />
      <Box
        sx={{
          alignItems: "center",
          boxSizing: "border-box",
          display: "flex",
          justifyContent: "space-between",
          p: "0.5rem",
          width: "100%",
        }}
      >
        <Box component="span" sx={{ px: 1, color: "text.secondary", fontSize: "0.875rem" }}>
          {summary}
        </Box>
        <Box
          sx={{
            display: "flex",
            justifyContent: "flex-end",
            position: isMobile ? "relative" : "absolute",
            right: 0,
            top: 0,
          }}
        >
          {summary === undefined && <MRT_TablePagination position="bottom" table={table} />}
        </Box>
      </Box>
    </Box>
  );
}
