import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import CodeIcon from "@mui/icons-material/Code";
import PictureAsPdfOutlinedIcon from "@mui/icons-material/PictureAsPdfOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Grid from "@mui/material/Grid";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { type ContainerSection, containerFields, containerPolicy } from "@portal/domain";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate } from "react-router";
import type { z } from "zod";
import { useFieldLabels } from "../../../app/field-labels";
import { enqueueSnackbar } from "../../../app/toasts";
import { useCurrentUser } from "../../../app/use-session";
import { FormActionBar } from "../../../components/form/form-action-bar";
import { GeneralAlert } from "../../../components/form/general-alert";
import { type FieldSize, SectionFields, type SectionLayout } from "../../../components/form/section-fields";
import { useSaveShortcut } from "../../../components/form/use-save-shortcut";
import { useServerForm } from "../../../components/form/use-server-form";
import type { OrderRow, StatusRow } from "../../orders/api";
import { FormSection } from "../../orders/form/components/form-section";
import { type ContainerRow, containers, downloadDeclaration, refreshContainerCalls } from "../api";
import { containerFormAccess } from "../container-access";
import {
  CONTAINER_FORM_FIELDS,
  type ContainerFormValues,
  containerFormValues,
  nonEmptyFields,
} from "../container-values";
import { NumberEditor, OrderEditor, StatusEditor, TypeEditor } from "./container-editors";
import { LabelsList } from "./labels-list";

const ContainerSide = lazy(() => import("./container-side"));
const ConflictView = lazy(() => import("./conflict-view"));

type ContainerSchema = z.ZodType<ContainerFormValues, ContainerFormValues>;

/** Multiline texts the server or a manager writes in a line or two: the form stays dense. */
const LINES = {
  notes: 2,
  railway_note: 2,
  pkg_message: 2,
  td_control: 2,
  dt_control: 2,
};

/** A date whose label is long (a track date): a whole line on a phone, three or four a row on a wider screen. */
const LONG_DATE: FieldSize = { xs: 12, sm: 6, md: 4, xl: 3 };
/** A date beside the text it dates, or of the declarations. */
const DATE: FieldSize = { xs: 12, sm: 4, md: 3 };

/** The sections side by side on a wide screen (6 of 12 columns each), the rest the whole width. */
const HALF: Partial<Record<ContainerSection, true>> = { tracking_status: true, location: true };

/**
 * The container's form (spec 02 §2): a new container (/add-container, Create, then its page) or a stored one in
 * edit mode (Save, Ctrl+S). What the user may change is the container policy's: a container of an order whose
 * status does not let them edit containers is read-only; the customs declaration and the tracking block are the
 * managers', the administrators' block shows to administrators and is set by those who are managers, and an
 * approved container's ready-to-ship date is locked for non-managers. Someone else's save first: the fields both
 * changed are shown side by side.
 */
export function ContainerForm(props: {
  container: ContainerRow | null;
  values: ContainerFormValues;
  /** The stored container's order status (its flags), or null for a new container. */
  status: StatusRow | null;
  /** The statuses whose orders a non-manager may add containers to; null for managers. */
  addableStatusIds: readonly number[] | null;
  /** The order a new container is added to, when the page was opened from it. */
  initialOrder: OrderRow | null;
}) {
  const { t } = useTranslation("containers");
  const user = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const labels = useFieldLabels("container");
  const { container } = props;
  const access = containerFormAccess(user, container, props.status);
  const { canEdit } = access;

  const { form, general, setGeneral, submitWith, conflict, resolveConflict } = useServerForm<ContainerSchema>(
    {
      schema: () =>
        import("../form-schemas").then(
          (m) => (container ? m.containerPatchForm : m.containerCreateForm) as unknown as ContainerSchema,
        ),
      defaultValues: props.values,
      followsRecord: true,
      fields: CONTAINER_FORM_FIELDS.filter((name) => !containerPolicy.ignoresField(user, name)),
      conflict: container
        ? {
            message: t("form.conflict"),
            compare: true,
            reload: async () =>
              containerFormValues(
                await queryClient.fetchQuery({ ...containers.oneQuery(container.id), staleTime: 0 }),
              ),
          }
        : undefined,
    },
  );
  const { formState, reset, control } = form;

  const save = submitWith(async (values) => {
    if (container) {
      const saved = await containers.update({ id: container.id, version: values.version }, values);
      queryClient.setQueryData(containers.oneQuery(container.id).queryKey, saved);
      void refreshContainerCalls(queryClient, saved.freight_order, saved.id);
      enqueueSnackbar(t("form.saved"), { variant: "success", autoHideDuration: 4_000 });
      return containerFormValues(saved);
    }
    const created = await containers.create(nonEmptyFields(values));
    queryClient.setQueryData(containers.oneQuery(created.id).queryKey, created);
    enqueueSnackbar(t("form.created", { container: created.container }), {
      variant: "success",
      autoHideDuration: 4_000,
    });
    navigate(`/containers/${created.id}`, { replace: true });
    return undefined;
  });

  const isBusy = formState.isSubmitting;
  const canSave = canEdit && !isBusy && !conflict && (container === null || formState.isDirty);
  useSaveShortcut(canSave ? save : null);

  const layout: SectionLayout = {
    lines: LINES,
    // What the user has no say in is shown, not typed: the server would drop it
    locked: access.isLocked,
    editors: {
      freight_order: (args) => (
        <OrderEditor
          {...args}
          control={control}
          stored={container && { id: container.freight_order, company_name: container.company_name }}
          statusIds={props.addableStatusIds}
          initial={props.initialOrder}
        />
      ),
      container: (args) => <NumberEditor {...args} control={control} />,
      container_type: (args) => <TypeEditor {...args} control={control} />,
      status: (args) => <StatusEditor {...args} control={control} />,
    },
    sizes: {
      freight_order: { xs: 12, md: 6 },
      container: { xs: 12, sm: 6, md: 3 },
      container_type: { xs: 12, sm: 6, md: 3 },
      port_freight_forwarding_status: { xs: 12, sm: 8 },
      port_freight_forwarding_status_date: DATE,
      transit_decl_status: { xs: 12, sm: 8 },
      transit_decl_status_date: DATE,
      location: { xs: 12, sm: 8 },
      location_date: DATE,
      final_destination: { xs: 12 },
      notes: { xs: 12 },
      railway_transport_number: { xs: 6, sm: 3 },
      railwaybill_number: { xs: 6, sm: 3 },
      railway_note: { xs: 12, sm: 6 },
      prepare_to_ship_date: LONG_DATE,
      commercial_documents_upload_date: LONG_DATE,
      arrival_at_border_date: LONG_DATE,
      railway_bill_filing_date: LONG_DATE,
      railway_accept_date: LONG_DATE,
      railway_loading_date: LONG_DATE,
      railway_trip_start_date: LONG_DATE,
      railway_trip_finish_date: LONG_DATE,
      final_release_date: LONG_DATE,
      pkg_pid: { xs: 6, sm: 3 },
      pkg_state: { xs: 6, sm: 3 },
      pkg_message: { xs: 12, sm: 6 },
      td_number: { xs: 12, md: 6 },
      td_date: DATE,
      td_allowed_date: DATE,
      td_end_date: DATE,
      td_control: { xs: 12, md: 9 },
      dt_number: { xs: 12, md: 6 },
      dt_date: DATE,
      dt_allowed_date: DATE,
      dt_control: { xs: 12 },
      start_tracking_date: LONG_DATE,
      tracking_done: { xs: 12, sm: 4, md: 3 },
      status: DATE,
    },
  };
  const orderId = container?.freight_order ?? null;

  const sectionOf = (section: ContainerSection) => (
    <FormSection title={labels.section(section)}>
      <SectionFields
        {...layout}
        fields={containerFields}
        section={section}
        control={control}
        labels={labels}
        readOnly={!canEdit}
      >
        {section === "package" && container && orderId !== null && (
          <Grid size={12}>
            <LabelsList orderId={orderId} containerId={container.id} />
          </Grid>
        )}
        {section === "customs" && container && orderId !== null && container.td_number && (
          <Grid size={12} sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
            <Button
              size="small"
              startIcon={<PictureAsPdfOutlinedIcon />}
              onClick={() => void downloadDeclaration(orderId, container, "pdf")}
            >
              {t("form.declarationPdf")}
            </Button>
            <Button
              size="small"
              startIcon={<CodeIcon />}
              onClick={() => void downloadDeclaration(orderId, container, "xml")}
            >
              {t("form.declarationXml")}
            </Button>
          </Grid>
        )}
      </SectionFields>
    </FormSection>
  );

  const formPaper = (
    <Paper component="form" variant="outlined" noValidate onSubmit={save} sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" sx={{ alignItems: "center", flexWrap: "wrap", gap: 1, mb: 1.5 }}>
        <Tooltip title={t("form.backToList")}>
          <IconButton component={RouterLink} to="/containers" aria-label={t("form.backToList")} edge="start">
            <ArrowBackIcon />
          </IconButton>
        </Tooltip>
        <Typography variant="h6" component="h1">
          {container ? t("form.title", { container: container.container }) : t("form.newTitle")}
        </Typography>
        {container?.pkg_state && (
          <Chip
            size="small"
            variant="outlined"
            color="primary"
            label={labels.choice("pkg_state", container.pkg_state)}
          />
        )}
        {container && (
          <Typography variant="body2" color="textSecondary">
            {container.company_name}
          </Typography>
        )}
        {!canEdit && <Chip size="small" label={t("form.readOnly")} />}
      </Stack>

      {conflict && (
        <Suspense fallback={null}>
          <ConflictView conflict={conflict} onResolve={resolveConflict} />
        </Suspense>
      )}
      {!conflict && <GeneralAlert general={general} onClose={() => setGeneral(null)} />}

      <Grid container columnSpacing={2.5} rowSpacing={2}>
        {access.sections.map((section) => (
          <Grid key={section} size={{ xs: 12, xl: HALF[section] ? 6 : 12 }}>
            {sectionOf(section)}
          </Grid>
        ))}
      </Grid>

      {canEdit && (
        <FormActionBar
          saveLabel={container ? t("form.save") : t("form.create")}
          shortcut={t("form.saveShortcut")}
          canSave={canSave}
          resetLabel={t("form.reset")}
          canReset={!isBusy && formState.isDirty}
          onReset={() => {
            reset(props.values);
            setGeneral(null);
          }}
        />
      )}
    </Paper>
  );

  if (!container || orderId === null) return <Box sx={{ maxWidth: 1200, mx: "auto" }}>{formPaper}</Box>;
  return (
    <Grid container spacing={1.5} sx={{ maxWidth: 1800, mx: "auto" }}>
      <Grid size={{ xs: 12, md: 8, xl: 9 }}>{formPaper}</Grid>
      <Grid size={{ xs: 12, md: 4, xl: 3 }}>
        <Suspense fallback={null}>
          <ContainerSide orderId={orderId} containerId={container.id} />
        </Suspense>
      </Grid>
    </Grid>
  );
}
