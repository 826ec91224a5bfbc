import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import {
  MRT_GlobalFilterTextField,
  MRT_LinearProgressBar,
  type MRT_RowData,
  type MRT_TableInstance,
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
