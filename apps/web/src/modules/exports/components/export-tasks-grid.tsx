import FileDownloadOutlinedIcon from "@mui/icons-material/FileDownloadOutlined";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import LinearProgress from "@mui/material/LinearProgress";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { type ExportTaskState, exportTaskFields, exportTaskPolicy } from "@portal/domain";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useFieldLabels } from "../../../app/field-labels";
import { useCurrentUser } from "../../../app/use-session";
import { DataGrid } from "../../../components/data-grid";
import { fieldColumns, gridFields } from "../../../components/data-grid/field-columns";
import { downloadArchive, type ExportTaskRow, exportTasks } from "../api";

/** How each state's chip and bar are coloured. */
const STATE_COLORS: Record<ExportTaskState, "info" | "error" | "success"> = {
  PENDING: "info",
  FAILURE: "error",
  SUCCESS: "success",
};

/**
 * The export tasks the user sees (their companies'; managers: all), newest first: the state as a coloured chip, the
 * progress as a bar that the live stream moves while the job runs, a failure's reason, and the archive's download
 * once done; managers delete tasks (with their archives).
 */
export function ExportTasksGrid() {
  const { t, i18n } = useTranslation("exports");
  const user = useCurrentUser();
  const labels = useFieldLabels("export_task");

  const columns = useMemo(() => {
    const size = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
    const megabytes = (bytes: number) => `${size.format(bytes / 1024 / 1024)} ${t("megabytes")}`;
    return fieldColumns(
      exportTaskFields,
      gridFields<typeof exportTaskFields, ExportTaskRow>(exportTaskFields, {
        // Every shown column within a 1366 px screen, "Kept until" (which the page's hint names) with them; the days
        // take their filters' least width (160 px)
        id: { filter: "number", size: 60 },
        company_name: { size: 180 },
        from_date: { size: 160 },
        to_date: { size: 160 },
        celery_task_status: {
          size: 120,
          render: (row) => (
            <Chip
              size="small"
              color={STATE_COLORS[row.celery_task_status]}
              variant={row.celery_task_status === "PENDING" ? "outlined" : "filled"}
              label={labels.choice("celery_task_status", row.celery_task_status)}
            />
          ),
        },
        progress: {
          size: 120,
          render: (row) => (
            <Box sx={{ display: "flex", alignItems: "center", gap: 1, width: "100%" }}>
              <LinearProgress
                variant="determinate"
                value={row.progress}
                color={STATE_COLORS[row.celery_task_status]}
                sx={{ flex: 1, height: 6, borderRadius: 3 }}
                aria-label={labels.label("progress")}
              />
              <Box
                component="span"
                sx={{ minWidth: 36, textAlign: "right", fontVariantNumeric: "tabular-nums" }}
              >
                {row.progress}%
              </Box>
            </Box>
          ),
        },
        reason: {
          size: 140,
          render: (row) =>
            row.reason ? (
              <Tooltip title={row.reason}>
                <Typography variant="body2" color="error" noWrap>
                  {row.reason}
                </Typography>
              </Tooltip>
            ) : null,
        },
        document_count: { filter: "number", size: 110 },
        file_size: { size: 120, render: (row) => (row.file_size === null ? "" : megabytes(row.file_size)) },
        create_date: { size: 160 },
        expire_date: { size: 160 },
      }).map((column) => ({ editable: false, ...column })),
      (field) => labels.label(field),
    );
  }, [labels, i18n.language, t]);

  return (
    <DataGrid<ExportTaskRow>
      gridId="export-tasks"
      resource={exportTasks.path}
      columns={columns}
      defaultSorting={[{ id: "id", desc: true }]}
      rowLabel={(row) => `${row.company_name} ${row.from_date} — ${row.to_date}`}
      rowActionsWidth={84}
      rowActions={(row) => [
        row.done
          ? {
              id: "download",
              label: t("download"),
              icon: <FileDownloadOutlinedIcon fontSize="small" />,
              onClick: () => void downloadArchive(row).catch(() => {}),
            }
          : null,
      ]}
      onDelete={exportTaskPolicy.canDelete?.(user) ? (row) => exportTasks.remove(row) : undefined}
      exportFileName={t("exportFileName")}
    />
  );
}
