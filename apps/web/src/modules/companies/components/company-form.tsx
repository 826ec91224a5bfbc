import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import PriceChangeOutlinedIcon from "@mui/icons-material/PriceChangeOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { companyFields } from "@portal/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate } from "react-router";
import { useFieldLabels } from "../../../app/field-labels";
import { enqueueSnackbar } from "../../../app/toasts";
import { GeneralAlert } from "../../../components/form/general-alert";
import { SectionFields } from "../../../components/form/section-fields";
import { useServerForm } from "../../../components/form/use-server-form";
import { companies } from "../api";
import type { CompanyRow } from "../companies-grid";
import {
  COMPANY_FORM_FIELDS,
  type CompanyFormValues,
  CUSTOMER_ONLY_FIELDS,
  companyFormValues,
} from "../company-form-values";

/**
 * The company's own fields (spec 02, Company form): a new company is created and its form opens in edit mode; a
 * change is sent with the version it was based on (someone else's save first: the form warns and reloads).
 */
export function CompanyForm({ company }: { company: CompanyRow | null }) {
  const { t } = useTranslation("companies");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isForwarder = Boolean(company?.is_expedition_company);
  const labels = useFieldLabels("company");

  const { form, general, setGeneral, submitWith } = useServerForm({
    schema: () => import("../form-schemas").then((m) => (company ? m.companyPatchForm : m.companyCreateForm)),
    defaultValues: companyFormValues(company),
    fields: COMPANY_FORM_FIELDS,
    conflict: company
      ? {
          message: t("conflict"),
          reload: async () =>
            companyFormValues(
              await queryClient.fetchQuery({ ...companies.oneQuery(company.id), staleTime: 0 }),
            ),
        }
      : undefined,
  });
  const { control, reset, formState } = form;

  // The loaded company changes when it is saved or fetched again: follow it unless the user is typing
  const loaded = JSON.stringify(companyFormValues(company));
  useEffect(() => {
    if (!formState.isDirty) reset(JSON.parse(loaded) as CompanyFormValues);
  }, [loaded, formState.isDirty, reset]);

  const save = submitWith(async (values) => {
    if (!company) {
      const created = await companies.create(values);
      // The form in edit mode shows it at once, without reading it again
      queryClient.setQueryData(companies.oneQuery(created.id).queryKey, created);
      enqueueSnackbar(t("created"), { variant: "success", autoHideDuration: 4_000 });
      navigate(`/company/edit/${created.id}`, { replace: true });
      return undefined;
    }
    const saved = await companies.update(company, values);
    queryClient.setQueryData(companies.oneQuery(company.id).queryKey, saved);
    enqueueSnackbar(t("saved"), { variant: "success", autoHideDuration: 4_000 });
    return companyFormValues(saved);
  });

  return (
    <Paper component="form" variant="outlined" noValidate onSubmit={save} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack direction="row" sx={{ alignItems: "center", flexWrap: "wrap", gap: 1, mb: 1.5 }}>
        <Tooltip title={t("backToList")}>
          <IconButton component={RouterLink} to="/companies" aria-label={t("backToList")} edge="start">
            <ArrowBackIcon />
          </IconButton>
        </Tooltip>
        <Typography variant="h6" component="h1">
          {company ? company.name : t("newTitle")}
        </Typography>
        {isForwarder && <Chip size="small" color="primary" variant="outlined" label={t("forwarder")} />}
        {company && !isForwarder && (
          <Button
            component={RouterLink}
            to={`/company-services/${company.id}`}
            startIcon={<PriceChangeOutlinedIcon />}
            sx={{ ml: "auto" }}
          >
            {t("priceList")}
          </Button>
        )}
      </Stack>
      <GeneralAlert general={general} onClose={() => setGeneral(null)} />

      <SectionFields
        fields={companyFields}
        section="main"
        control={control}
        labels={labels}
        readOnly={false}
        hidden={(name) => isForwarder && CUSTOMER_ONLY_FIELDS.has(name)}
        hints={{ notification_msg: t("notificationHint") }}
        sizes={{
          name: { xs: 12, sm: 8, md: 9 },
          inn: { xs: 12, sm: 4, md: 3 },
          freight_forwarding_contract: { xs: 12, sm: 8, md: 6 },
          freight_forwarding_contract_date: { xs: 12, sm: 4, md: 3 },
          debtor: { xs: 12, md: 3 },
          contract_nums: { xs: 12 },
          notification_msg: { xs: 12 },
        }}
      />

      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, mt: 2 }}>
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
          {company ? t("save") : t("create")}
        </Button>
        <Button
          disabled={formState.isSubmitting || !formState.isDirty}
          onClick={() => {
            reset(companyFormValues(company));
            setGeneral(null);
          }}
        >
          {t("reset")}
        </Button>
      </Box>
    </Paper>
  );
}
