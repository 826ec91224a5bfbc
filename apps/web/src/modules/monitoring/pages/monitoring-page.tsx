import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { monitoringPolicy } from "@portal/domain";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useFieldLabels } from "../../../app/field-labels";
import { useCurrentUser } from "../../../app/use-session";
import { DataGrid, EditableMark } from "../../../components/data-grid";
import { type MonitoringRow, monitoring } from "../api";
import { monitoringGrid } from "../monitoring-grid";

/**
 * /monitoring (spec 02 §2): the containers of the approved, signed and in-progress orders of the user's companies
 * (managers: all), paged, sorted, filtered, searched and grouped on the server. Managers edit the forwarder's own
 * cells (double-click or Enter, then Enter or leaving the cell saves; a row someone else changed first answers 409
 * and reloads); everyone else reads. Rows change as others edit them (the live stream).
 */
export function MonitoringPage() {
  const { t, i18n } = useTranslation("monitoring");
  const user = useCurrentUser();
  const labels = useFieldLabels("monitoring");
  const grid = useMemo(() => monitoringGrid(i18n.language, labels.label), [i18n.language, labels]);
  const canWrite = monitoringPolicy.canWrite(user);

  return (
    <Box>
      <Box sx={{ display: "flex", alignItems: "baseline", gap: 2, mb: 1, flexWrap: "wrap" }}>
        <Typography variant="h6" component="h1">
          {t("monitoring.title")}
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
      <DataGrid<MonitoringRow>
        {...grid}
        editMode="cell"
        onSave={canWrite ? (row, changes) => monitoring.update(row, changes) : undefined}
        rowLabel={(row) => row.container}
        exportFileName={t("monitoring.exportFileName")}
      />
    </Box>
  );
}
