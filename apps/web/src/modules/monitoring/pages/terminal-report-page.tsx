import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { terminalReportPolicy } from "@portal/domain";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useFieldLabels } from "../../../app/field-labels";
import { useCurrentUser } from "../../../app/use-session";
import { DataGrid, EditableMark } from "../../../components/data-grid";
import { type TerminalReportRow, terminalReport } from "../api";
import { terminalReportGrid } from "../monitoring-grid";

/**
 * /reports/terminal-utro (spec 02 §2): a row per container of the user's companies' orders (managers: all), with the
 * order's parties, route and freight and the terminal's own columns, which managers edit in their cells; exported
 * to XLSX as every grid is. Rows change as others edit them (the live stream).
 */
export function TerminalReportPage() {
  const { t } = useTranslation("monitoring");
  const user = useCurrentUser();
  const labels = useFieldLabels("terminal_report");
  const grid = useMemo(() => terminalReportGrid(labels.label), [labels]);
  const canWrite = terminalReportPolicy.canWrite(user);

  return (
    <Box>
      <Box sx={{ display: "flex", alignItems: "baseline", gap: 2, mb: 1, flexWrap: "wrap" }}>
        <Typography variant="h6" component="h1">
          {t("terminalReport.title")}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {canWrite ? (
            <>
              <EditableMark />
              {t("editHint")}
            </>
          ) : (
            t("readOnly")
          )}
        </Typography>
      </Box>
      <DataGrid<TerminalReportRow>
        {...grid}
        editMode="cell"
        onSave={canWrite ? (row, changes) => terminalReport.update(row, changes) : undefined}
        rowLabel={(row) => row.container}
        exportFileName={t("terminalReport.exportFileName")}
      />
    </Box>
  );
}
