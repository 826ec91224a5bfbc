import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { API_KEY_DEFAULT_DAYS, API_KEY_MAX_DAYS, type ApiKeyCreated, apiKeyFields } from "@portal/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFieldLabels } from "../../../app/field-labels";
import { CheckboxFieldControl, NumberFieldControl, TextFieldControl } from "../../../components/form/fields";
import { GeneralAlert } from "../../../components/form/general-alert";
import { useServerForm } from "../../../components/form/use-server-form";
import { createApiKey } from "../api";

const FORM_FIELDS = ["name", "read_only", "expires_in_days"] as const;

/** A new key's form: its name, its life in days, read-only or not; `onCreated` gets the key with its secret. */
export function ApiKeyCreateDialog(props: { onClose(): void; onCreated(key: ApiKeyCreated): void }) {
  const { t } = useTranslation("integrations");
  const labels = useFieldLabels("api_key");
  const { form, general, setGeneral, submitWith } = useServerForm({
    schema: () => import("../form-schemas").then((m) => m.apiKeyCreateForm),
    defaultValues: { name: "", read_only: false, expires_in_days: API_KEY_DEFAULT_DAYS },
    fields: FORM_FIELDS,
  });
  const create = submitWith(async (values) => {
    props.onCreated(await createApiKey(values));
    return undefined;
  });
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="xs" aria-labelledby="api-key-create-title">
      <form noValidate onSubmit={create}>
        <DialogTitle id="api-key-create-title">{t("create.title")}</DialogTitle>
        <DialogContent>
          <GeneralAlert general={general} onClose={() => setGeneral(null)} />
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextFieldControl
              control={form.control}
              name="name"
              label={labels.label("name")}
              required
              max={apiKeyFields.name.max}
              hint={t("create.nameHint")}
            />
            <NumberFieldControl
              control={form.control}
              name="expires_in_days"
              label={t("create.days")}
              hint={t("create.daysHint", { max: API_KEY_MAX_DAYS })}
            />
            <CheckboxFieldControl
              control={form.control}
              name="read_only"
              label={labels.label("read_only")}
              hint={t("create.readOnlyHint")}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{t("cancel")}</Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {t("create.submit")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The new key's secret, shown this once, with a button that copies it. */
export function ApiKeySecretDialog(props: { created: ApiKeyCreated; onClose(): void }) {
  const { t } = useTranslation("integrations");
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard
      ?.writeText(props.created.key)
      .then(() => setCopied(true))
      .catch(() => {});
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="api-key-secret-title">
      <DialogTitle id="api-key-secret-title">{t("secret.title", { name: props.created.name })}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t("secret.once")}
        </Alert>
        <TextField
          label={t("secret.key")}
          value={props.created.key}
          fullWidth
          multiline
          size="small"
          autoFocus
          onFocus={(event) => event.target.select()}
          // The whole key in view, wrapped anywhere: it has no spaces
          slotProps={{
            htmlInput: {
              readOnly: true,
              spellCheck: false,
              style: { fontFamily: "monospace", wordBreak: "break-all" },
            },
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={copy}>
          {copied ? t("secret.copied") : t("secret.copy")}
        </Button>
        <Button variant="contained" onClick={props.onClose}>
          {t("secret.done")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
