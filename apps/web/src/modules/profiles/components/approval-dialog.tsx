import Alert from "@mui/material/Alert";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../app/api-client";
import { reportApiFailure } from "../../../app/errors";
import { useFieldLabels } from "../../../app/field-labels";
import { formErrorsOf } from "../../../app/form-errors";
import { enqueueSnackbar } from "../../../app/toasts";
import { gridQueryKey } from "../../../components/data-grid";
import { patchUser } from "../api";
import type { CompanyOption, UserRow } from "../types";

export interface ApprovalDialogProps {
  /** The user whose request is reviewed; null when the dialog is closed. */
  user: UserRow | null;
  /** Customer companies the user may be linked to. */
  companies: readonly CompanyOption[];
  /** The grid to reload after a decision. */
  gridId: string;
  onClose: () => void;
}

/**
 * Review of a request to be confirmed: what the applicant sent (INN, company name, contract numbers) next to the
 * choice of their company, which approval requires (the API refuses it without one, with 400 on `company_id`).
 */
export function ApprovalDialog({ user, companies, gridId, onClose }: ApprovalDialogProps) {
  const { t } = useTranslation("profiles");
  const isPhone = useMediaQuery("(max-width:600px)");
  return (
    <Dialog open={user !== null} onClose={onClose} fullScreen={isPhone} maxWidth="sm" fullWidth>
      {user && (
        <ApprovalForm key={user.id} user={user} companies={companies} gridId={gridId} onClose={onClose} />
      )}
      {!user && <DialogTitle>{t("approval.title")}</DialogTitle>}
    </Dialog>
  );
}

function ApprovalForm({ user, companies, gridId, onClose }: ApprovalDialogProps & { user: UserRow }) {
  const { t } = useTranslation("profiles");
  const labels = useFieldLabels("user");
  const queryClient = useQueryClient();
  const [company, setCompany] = useState<CompanyOption | null>(
    () => companies.find((option) => option.id === user.company_id) ?? null,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const decide = async (state: "approved" | "declined") => {
    if (state === "approved" && !company) {
      setErrors({ company_id: t("approval.companyRequired") });
      return;
    }
    setBusy(true);
    try {
      await patchUser(user.id, {
        state,
        ...(state === "approved" ? { company_id: company?.id ?? null } : {}),
        version: user.version,
      });
      enqueueSnackbar(t(state === "approved" ? "approval.approved" : "approval.declined"), {
        variant: "success",
        autoHideDuration: 4_000,
      });
      void queryClient.invalidateQueries({ queryKey: gridQueryKey(gridId) });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setErrors({ detail: t("approval.conflict") });
        void queryClient.invalidateQueries({ queryKey: gridQueryKey(gridId) });
      } else {
        // 400 on company_id goes under the company; anything else into the dialog's error line
        const shown = formErrorsOf(error, ["company_id"]);
        if (shown) setErrors({ ...shown.fields, detail: shown.detail });
        else reportApiFailure(error);
      }
    } finally {
      setBusy(false);
    }
  };

  const name = [user.last_name, user.first_name].filter(Boolean).join(" ");
  const requested: [string, string][] = [
    [labels.inSection("request_inn"), user.request_inn],
    [labels.inSection("request_name"), user.request_name],
    [labels.inSection("request_contract_nums"), user.request_contract_nums],
  ];
  const contacts: [string, string][] = [
    [labels.inSection("username"), user.username],
    [t("approval.name"), name],
    [labels.inSection("email"), user.email],
    [labels.inSection("phone"), user.phone],
  ];

  return (
    <>
      <DialogTitle>{t("approval.title")}</DialogTitle>
      <DialogContent>
        {errors.detail && (
          <Alert severity="error" role="alert" sx={{ mb: 1.5 }}>
            {errors.detail}
          </Alert>
        )}
        <Facts title={t("approval.request")} rows={requested} />
        <Facts title={t("approval.applicant")} rows={contacts} />
        <Autocomplete
          options={companies as CompanyOption[]}
          value={company}
          onChange={(_event, next) => {
            setCompany(next);
            setErrors({});
          }}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(option, current) => option.id === current.id}
          noOptionsText={t("company.none")}
          renderInput={(params) => (
            <TextField
              {...params}
              required
              label={labels.inSection("company_id")}
              placeholder={t("company.placeholder")}
              error={Boolean(errors.company_id)}
              helperText={errors.company_id || t("approval.companyHint")}
            />
          )}
          sx={{ mt: 2 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t("approval.cancel")}
        </Button>
        <Button color="error" onClick={() => void decide("declined")} disabled={busy}>
          {t("approval.decline")}
        </Button>
        <Button variant="contained" onClick={() => void decide("approved")} disabled={busy}>
          {t("approval.approve")}
        </Button>
      </DialogActions>
    </>
  );
}

/** Labelled values, one a line; an empty value shows as "—". */
function Facts({ title, rows }: { title: string; rows: [string, string][] }) {
  return (
    <Box component="section" sx={{ mb: 1.5 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Box
        component="dl"
        // One width of labels in every block, so that the request's and the user's values line up
        sx={{ m: 0, display: "grid", gridTemplateColumns: "40% 1fr", rowGap: 0.5, columnGap: 1 }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: "contents" }}>
            <Box component="dt" sx={{ color: "text.secondary" }}>
              {label}
            </Box>
            <Box component="dd" sx={{ m: 0, overflowWrap: "anywhere" }}>
              {value || "—"}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
