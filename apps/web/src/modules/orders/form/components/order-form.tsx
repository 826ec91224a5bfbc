import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import Chip from "@mui/material/Chip";
import Grid from "@mui/material/Grid";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { DRAFT_STATUS, ORDER_DIRECTIONS, orderFilePolicy, orderPolicy } from "@portal/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect } from "react";
import { useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate } from "react-router";
import type { z } from "zod";
import { enqueueSnackbar } from "../../../../app/toasts";
import { useCurrentUser } from "../../../../app/use-session";
import { GeneralAlert } from "../../../../components/form/general-alert";
import { useSaveShortcut } from "../../../../components/form/use-save-shortcut";
import { useServerForm } from "../../../../components/form/use-server-form";
import { WhenVisible } from "../../../../components/when-visible";
import { orders, type StatusRow, statusName, workflowQuery } from "../../api";
import { type CompanyRow, countryName, publicEntriesQuery } from "../api";
import {
  ORDER_FORM_FIELDS,
  type OrderFormValues,
  type OrderRow,
  orderFormValues,
  partiesForDirection,
} from "../order-values";
import type { OrderFormApi, SectionProps } from "./form-section";
import { OrderActions } from "./order-actions";
import {
  ContactsSection,
  CostsSection,
  FreightSection,
  GeneralSection,
  type OrderNames,
  RouteSection,
} from "./order-sections";
import { PartyBlock } from "./party-block";
import { ServicesSection } from "./services-section";
import { StatusSection } from "./status-section";

const DocumentsSection = lazy(() =>
  import("./documents-section").then((m) => ({ default: m.DocumentsSection })),
);
const ContainersSection = lazy(() =>
  import("./containers-section").then((m) => ({ default: m.ContainersSection })),
);
const TrackingLinksSection = lazy(() =>
  import("./tracking-links-section").then((m) => ({ default: m.TrackingLinksSection })),
);
const ConflictView = lazy(() => import("./conflict-view").then((m) => ({ default: m.ConflictView })));

/** The message of a required field, in the `errors` catalog (the form kit's `$t:` messages). */
const REQUIRED = "$t:errors:validation.required";

/**
 * The form's schema as the form sees it: the API's bodies are built from the field definitions at run time, so
 * their type is looser than the order's values they check.
 */
type OrderSchema = z.ZodType<OrderFormValues, OrderFormValues>;

/**
 * The shipping order's form (spec 01 §2): a new order (Create, then its page) or an order in edit mode (Save, the
 * workflow, print, history, paid, documents and containers). The whole order is read-only where its status does
 * not let the user change it; the workflow's moves stay open. Ctrl+S saves.
 */
export function OrderForm(props: {
  /** The order as stored; null for a new one. */
  order: OrderRow | null;
  values: OrderFormValues;
  names: OrderNames;
  statuses: readonly StatusRow[];
  workflow: readonly StatusRow[];
}) {
  const { t, i18n } = useTranslation("orderForm");
  const user = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { order } = props;
  const current = statusOf(props.statuses, order?.status ?? DRAFT_STATUS);
  const canEdit = order === null || orderPolicy.canEdit(user, current);

  const { form, general, setGeneral, submitWith, conflict, resolveConflict } = useServerForm<OrderSchema>({
    schema: () =>
      import("../form-schemas").then(
        (m) => (order ? m.orderPatchForm : m.orderCreateForm) as unknown as OrderSchema,
      ),
    defaultValues: props.values,
    followsRecord: true,
    // A message for a field the user does not see goes to the form's general line
    fields: ORDER_FORM_FIELDS.filter((name) => name !== "version" && !orderPolicy.ignoresField(user, name)),
    conflict: order
      ? {
          message: t("conflict"),
          compare: true,
          reload: async () =>
            orderFormValues(await queryClient.fetchQuery({ ...orders.oneQuery(order.id), staleTime: 0 })),
        }
      : undefined,
  });
  const { formState, reset, setError } = form;
  const chosen = statusOf(props.statuses, useWatch({ control: form.control, name: "status" }));

  usePrefillByDirection(form, order === null);

  const save = submitWith(async (values) => {
    if (order) {
      const isMove = values.status !== order.status;
      // Spec 01 §5: the comment and the signed document a status needs; without them nothing is sent
      if (orderPolicy.isCommentMissing(chosen, values.status_comment)) {
        setError("status_comment", { type: "required", message: REQUIRED }, { shouldFocus: true });
        return undefined;
      }
      if (isMove && chosen.attachment_required && !values.sign_file_id) {
        setError("sign_file_id", { type: "required", message: t("status.attachMissing") });
        return undefined;
      }
      const saved = await orders.update({ id: order.id, version: values.version }, values);
      queryClient.setQueryData(orders.oneQuery(order.id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: workflowQuery(order.id).queryKey });
      enqueueSnackbar(t(isMove ? "moved" : "saved"), { variant: "success", autoHideDuration: 4_000 });
      return orderFormValues(saved);
    }
    const created = await orders.create(values);
    queryClient.setQueryData(orders.oneQuery(created.id).queryKey, created);
    enqueueSnackbar(t("created", { id: created.id }), { variant: "success", autoHideDuration: 4_000 });
    navigate(`/freight-orders/${created.id}`, { replace: true });
    return undefined;
  });

  const isBusy = formState.isSubmitting;
  // A stored order with nothing changed has nothing to save; a conflict waits for the user's choice
  const canSave = !isBusy && !conflict && (order === null || formState.isDirty);

  // Ctrl+S saves as the Save button would
  useSaveShortcut(canSave ? save : null);

  const pickCompany = (company: CompanyRow | null) => {
    // A manager's order carries the chosen company's contract unless they give another
    if (!company || !user.is_manager) return;
    form.setValue("freight_forwarding_contract", company.freight_forwarding_contract ?? "", {
      shouldDirty: true,
    });
    form.setValue("freight_forwarding_contract_date", company.freight_forwarding_contract_date ?? null, {
      shouldDirty: true,
    });
  };

  const section: SectionProps = { form, readOnly: !canEdit };
  const title = order ? t("title.edit", { id: order.id }) : t("title.new");

  return (
    <Stack spacing={1.5} sx={{ maxWidth: 1600, mx: "auto" }}>
      <Paper component="form" variant="outlined" noValidate onSubmit={save} sx={{ p: { xs: 1, sm: 2 } }}>
        <Stack direction="row" sx={{ alignItems: "center", flexWrap: "wrap", gap: 1, mb: 1.5 }}>
          <Tooltip title={t("backToList")}>
            <IconButton component={RouterLink} to="/freight-orders" aria-label={t("backToList")} edge="start">
              <ArrowBackIcon />
            </IconButton>
          </Tooltip>
          <Typography variant="h6" component="h1">
            {title}
          </Typography>
          {order && (
            <Chip
              size="small"
              color="primary"
              variant="outlined"
              label={statusName(current, i18n.language)}
            />
          )}
          {order && (
            <Typography variant="body2" color="textSecondary" sx={{ mr: "auto" }}>
              {order.company_name}
            </Typography>
          )}
          {!canEdit && <Chip size="small" label={t("readOnly")} />}
        </Stack>

        {conflict && (
          <Suspense fallback={null}>
            <ConflictView conflict={conflict} statuses={props.statuses} onResolve={resolveConflict} />
          </Suspense>
        )}
        {!conflict && <GeneralAlert general={general} onClose={() => setGeneral(null)} />}

        <Stack spacing={2.5} sx={{ mt: conflict ? 1.5 : 0 }}>
          <GeneralSection {...section} user={user} names={props.names} onCompanyPicked={pickCompany} />
          <Grid container spacing={2.5}>
            <Grid size={{ xs: 12, md: 6 }}>
              <PartyBlock {...section} party="consignor" />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <PartyBlock {...section} party="consignee" />
            </Grid>
          </Grid>
          <RouteSection {...section} names={props.names} />
          <FreightSection {...section} />
          <ServicesSection {...section} />
          <Grid container spacing={2.5}>
            <Grid size={{ xs: 12, md: 6 }}>
              <ContactsSection {...section} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <CostsSection
                {...section}
                canApproveCost={orderPolicy.canApproveCost(user, chosen)}
                isPaid={order ? order.is_paid : null}
              />
            </Grid>
          </Grid>
          {order && <StatusSection form={form} order={order} current={current} workflow={props.workflow} />}
        </Stack>

        <OrderActions
          form={form}
          order={order}
          canPrint={order !== null && orderFilePolicy.canPrint(user, current)}
          canSetPaid={
            order !== null &&
            orderPolicy.canSetPaid(user) &&
            (order.is_paid || orderPolicy.canMarkPaid(order))
          }
          isBusy={isBusy}
          canSave={canSave}
          onReset={() => {
            reset(props.values);
            setGeneral(null);
          }}
        />
      </Paper>
      {order && (
        // The grids load when the user scrolls down to them: the form above comes first
        <WhenVisible minHeight={560}>
          <Suspense fallback={null}>
            <Stack spacing={1.5}>
              <DocumentsSection order={order} current={current} />
              <ContainersSection order={order} current={current} />
              <TrackingLinksSection order={order} canPrint={orderFilePolicy.canPrint(user, current)} />
            </Stack>
          </Suspense>
        </WhenVisible>
      )}
    </Stack>
  );
}

function statusOf(statuses: readonly StatusRow[], id: number): StatusRow {
  const status = statuses.find((item) => item.id === id) ?? statuses[0];
  if (!status) throw new Error("No order statuses");
  return status;
}

/**
 * A new order's parties follow its direction (spec 01 §4): the forwarder's port (its first public directory entry)
 * becomes the consignor of an import, the consignee of an export or a transshipment, and the other party is cleared.
 */
function usePrefillByDirection(form: OrderFormApi, isNew: boolean) {
  const { i18n } = useTranslation();
  const ports = useQuery({ ...publicEntriesQuery, enabled: isNew });
  const port = ports.data?.[0] ?? null;
  useEffect(() => {
    if (!isNew) return;
    const subscription = form.watch((values, { name, type }) => {
      // Without the port (not loaded, or none kept) the parties stay as they are
      if (type !== "change" || name !== "direction" || !port) return;
      const direction = ORDER_DIRECTIONS.find((item) => item === values.direction);
      if (!direction) return;
      void countryName(port?.countrycode ?? "", i18n.language)
        .catch(() => "")
        .then((country) => {
          for (const [field, value] of Object.entries(partiesForDirection(direction, port, country)))
            form.setValue(field as keyof OrderFormValues, value, { shouldDirty: true });
        });
    });
    return () => subscription.unsubscribe();
  }, [form, isNew, port, i18n.language]);
}
