import FileDownloadOutlinedIcon from "@mui/icons-material/FileDownloadOutlined";
import PlayArrowIcon from "@mui/icons-material/PlayArrow";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Grid from "@mui/material/Grid";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { type ExportTaskState, exportTaskFields, exportTaskPolicy } from "@portal/domain";
import { useMemo } from "react";
import { useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useFieldLabels } from "../../../app/field-labels";
import { enqueueSnackbar } from "../../../app/toasts";
import { useCurrentUser } from "../../../app/use-session";
import { DataGrid } from "../../../components/data-grid";
import { fieldColumns, gridFields } from "../../../components/data-grid/field-columns";
import { GeneralAlert } from "../../../components/form/general-alert";
import { LookupFieldControl } from "../../../components/form/lookup-field";
import { SectionFields } from "../../../components/form/section-fields";
import { useServerForm } from "../../../components/form/use-server-form";
import {
  type CompanyChoice,
  companyChoices,
  downloadArchive,
  type ExportFormValues,
  type ExportTaskRow,
  exportTasks,
} from "../api";

const FORM_FIELDS = ["company", "from_date", "to_date"] as const;

/** How each state's chip is coloured. */
const STATE_COLORS: Record<ExportTaskState, "info" | "error" | "success"> = {
  PENDING: "info",
  FAILURE: "error",
  SUCCESS: "success",
};

/**
 * /export-tasks (spec 02 §2 "Export of documents for a period"): a form of the company (a client with one company
 * has it chosen), the first and the last day, with Run enabled once all three are filled; below, the tasks of the
 * user's companies (managers: all), their progress moving as their jobs go (live updates), a failure's reason, and
 * the archive's download once a task is done.
 */
export function ExportTasksPage() {
  const { t, i18n } = useTranslation("exports");
  const user = useCurrentUser();
  const labels = useFieldLabels("export_task");
  // A client of one company exports that company: it is chosen for them
  const ownCompany = !user.can_select_company && user.company ? user.company : null;

  const { form, general, setGeneral, submitWith } = useServerForm({
    schema: () => import("../form-schemas").then((m) => m.exportTaskCreateForm),
    defaultValues: { company: ownCompany?.id ?? null, from_date: "", to_date: "" },
    fields: FORM_FIELDS,
  });
  const { control, formState } = form;
  const [company, fromDate, toDate] = useWatch({ control, name: [...FORM_FIELDS] });
  const isFilled = company !== null && company !== undefined && Boolean(fromDate) && Boolean(toDate);

  const run = submitWith(async (values) => {
    await exportTasks.create(values);
    enqueueSnackbar(t("started"), { variant: "success", autoHideDuration: 4_000 });
    // The form keeps its values: the next export is often of the same company
    return undefined;
  });

  const columns = useMemo(() => {
    const size = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
    const megabytes = (bytes: number) => `${size.format(bytes / 1024 / 1024)} ${t("megabytes")}`;
    return fieldColumns(
      exportTaskFields,
      gridFields<typeof exportTaskFields, ExportTaskRow>(exportTaskFields, {
        id: { filter: "number", size: 70 },
        company_name: { size: 220 },
        from_date: { size: 120 },
        to_date: { size: 120 },
        celery_task_status: {
          size: 130,
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
          size: 170,
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
          size: 280,
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
        create_date: { size: 170 },
      }).map((column) => ({ editable: false, ...column })),
      (field) => labels.label(field),
    );
  }, [labels, i18n.language, t]);

  return (
    <Box>
      <Typography variant="h6" component="h1" sx={{ mb: 1 }}>
        {labels.section("period")}
      </Typography>
      <Paper
        component="form"
        variant="outlined"
        noValidate
        onSubmit={run}
        sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}
      >
        <GeneralAlert general={general} onClose={() => setGeneral(null)} />
        <SectionFields
          fields={exportTaskFields}
          section="period"
          control={control}
          labels={labels}
          readOnly={false}
          sizes={{
            company: { xs: 12, md: 6 },
            from_date: { xs: 6, md: 2 },
            to_date: { xs: 6, md: 2 },
          }}
          editors={{
            company: ({ label }) => (
              <LookupFieldControl<ExportFormValues, CompanyChoice>
                control={control}
                name="company"
                label={label}
                fetchPage={companyChoices}
                getValue={(item) => item.id}
                getLabel={(item) => item.name}
                getDescription={(item) => item.inn}
                initial={ownCompany ? { id: ownCompany.id, name: ownCompany.name, inn: "" } : null}
                readOnly={ownCompany !== null}
              />
            ),
          }}
        >
          <Grid size={{ xs: 12, md: 2 }} sx={{ display: "flex", alignItems: "flex-start" }}>
            <Button
              type="submit"
              variant="contained"
              startIcon={<PlayArrowIcon />}
              disabled={!isFilled || formState.isSubmitting}
              sx={{ mt: 0.5 }}
            >
              {t("run")}
            </Button>
          </Grid>
        </SectionFields>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t("hint")}
        </Typography>
      </Paper>
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
    </Box>
  );
}
