import PlayArrowIcon from "@mui/icons-material/PlayArrow";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Grid from "@mui/material/Grid";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { exportTaskFields } from "@portal/domain";
import { lazy, Suspense } from "react";
import { useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useFieldLabels } from "../../../app/field-labels";
import { readerTimeZone } from "../../../app/time-zone";
import { enqueueSnackbar } from "../../../app/toasts";
import { useCurrentUser } from "../../../app/use-session";
import { GeneralAlert } from "../../../components/form/general-alert";
import { LookupFieldControl } from "../../../components/form/lookup-field";
import { SectionFields } from "../../../components/form/section-fields";
import { useServerForm } from "../../../components/form/use-server-form";
import { type CompanyChoice, companyChoices, type ExportFormValues, exportTasks } from "../api";

const FORM_FIELDS = ["company", "from_date", "to_date"] as const;

// The tasks' grid loads beside the form, not before it: its code is asked for with the page's, and the form shows as
// soon as it is there
const gridModule = import("../components/export-tasks-grid");
const ExportTasksGrid = lazy(() => gridModule.then((m) => ({ default: m.ExportTasksGrid })));

/**
 * /export-tasks (spec 02 §2 "Export of documents for a period"): a form of the company (a client with one company
 * has it chosen), the first and the last day, with Run enabled once all three are filled; below, the tasks of the
 * user's companies (managers: all), their progress moving as their jobs go (live updates), a failure's reason, and
 * the archive's download once a task is done.
 */
export function ExportTasksPage() {
  const { t } = useTranslation("exports");
  const user = useCurrentUser();
  const labels = useFieldLabels("export_task");
  // A client of one company exports that company: it is chosen for them
  const ownCompany = !user.can_select_company && user.company ? user.company : null;
  const zone = readerTimeZone();

  const { form, general, setGeneral, submitWith } = useServerForm({
    schema: () => import("../form-schemas").then((m) => m.exportTaskCreateForm),
    defaultValues: { company: ownCompany?.id ?? null, from_date: "", to_date: "" },
    fields: FORM_FIELDS,
  });
  const { control, formState } = form;
  const [company, fromDate, toDate] = useWatch({ control, name: [...FORM_FIELDS] });
  const isFilled = company !== null && company !== undefined && Boolean(fromDate) && Boolean(toDate);

  const run = submitWith(async (values) => {
    await exportTasks.create({ ...values, time_zone: zone });
    enqueueSnackbar(t("started"), { variant: "success", autoHideDuration: 4_000 });
    // The form keeps its values: the next export is often of the same company
    return undefined;
  });

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
                required
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
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          {t("hint")} {zone && t("days", { zone })}
        </Typography>
      </Paper>
      <Suspense fallback={<LinearProgress aria-label={t("loading")} />}>
        <ExportTasksGrid />
      </Suspense>
    </Box>
  );
}
