import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { WEBHOOK_EVENT_KINDS, type WebhookEndpoint, type WebhookSecret } from "@portal/domain";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  CheckboxFieldControl,
  MultiSelectFieldControl,
  TextFieldControl,
} from "../../../components/form/fields";
import { GeneralAlert } from "../../../components/form/general-alert";
import { useServerForm } from "../../../components/form/use-server-form";
import {
  changeWebhookEndpoint,
  createWebhookEndpoint,
  rotateWebhookSecret,
  webhookSecret,
} from "../webhooks-api";

const FORM_FIELDS = ["url", "description", "kinds", "enabled"] as const;

/** A new endpoint's form, or an endpoint's (`endpoint`): its URL, what it is, the events, enabled or paused. */
export function WebhookEndpointDialog(props: {
  endpoint?: WebhookEndpoint;
  onClose(): void;
  onSaved(endpoint: WebhookEndpoint): void;
}) {
  const { t } = useTranslation("webhooks");
  const { endpoint } = props;
  const { form, general, setGeneral, submitWith } = useServerForm({
    schema: () => import("../form-schemas").then((m) => m.webhookEndpointForm),
    defaultValues: {
      url: endpoint?.url ?? "https://",
      description: endpoint?.description ?? "",
      kinds: endpoint?.kinds ?? ["order_created", "order_status_changed"],
      enabled: endpoint?.enabled ?? true,
    },
    fields: FORM_FIELDS,
  });
  const save = submitWith(async (values) => {
    props.onSaved(
      endpoint ? await changeWebhookEndpoint(endpoint.id, values) : await createWebhookEndpoint(values),
    );
    return undefined;
  });
  const options = WEBHOOK_EVENT_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }));
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="webhook-endpoint-title">
      <form noValidate onSubmit={save}>
        <DialogTitle id="webhook-endpoint-title">
          {endpoint ? t("edit.title") : t("create.title")}
        </DialogTitle>
        <DialogContent>
          <GeneralAlert general={general} onClose={() => setGeneral(null)} />
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextFieldControl
              control={form.control}
              name="url"
              label={t("url")}
              required
              max={2000}
              hint={t("create.urlHint")}
            />
            <TextFieldControl control={form.control} name="description" label={t("purpose")} max={200} />
            <MultiSelectFieldControl
              control={form.control}
              name="kinds"
              label={t("kindsLabel")}
              required
              options={options}
            />
            <CheckboxFieldControl control={form.control} name="enabled" label={t("enabled")} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{t("cancel")}</Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {endpoint ? t("edit.submit") : t("create.submit")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** An endpoint's signing secret (and the previous one while it still signs), rotated on request. */
export function WebhookSecretDialog(props: { endpoint: WebhookEndpoint; onClose(): void }) {
  const { t, i18n } = useTranslation("webhooks");
  const [secret, setSecret] = useState<WebhookSecret | null>(null);
  const [copied, setCopied] = useState(false);
  const [isRotating, setRotating] = useState(false);
  const id = props.endpoint.id;
  useEffect(() => {
    void webhookSecret(id).then(setSecret);
  }, [id]);
  const rotate = async () => {
    setRotating(true);
    try {
      setSecret(await rotateWebhookSecret(id));
      setCopied(false);
    } finally {
      setRotating(false);
    }
  };
  const copy = () =>
    void navigator.clipboard
      ?.writeText(secret?.secret ?? "")
      .then(() => setCopied(true))
      .catch(() => {});
  const mono = { htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: "monospace" } } };
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="webhook-secret-title">
      <DialogTitle id="webhook-secret-title">{t("secret.title")}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2, overflowWrap: "anywhere" }}>
          {props.endpoint.url}
        </Typography>
        <Stack spacing={2}>
          <TextField
            label={t("secret.current")}
            value={secret?.secret ?? ""}
            fullWidth
            size="small"
            onFocus={(event) => event.target.select()}
            slotProps={mono}
          />
          {secret?.previous_secret && (
            <>
              <Alert severity="info">
                {t("secret.overlap", {
                  until: new Date(secret.previous_secret_until ?? "").toLocaleString(i18n.language),
                })}
              </Alert>
              <TextField
                label={t("secret.previous")}
                value={secret.previous_secret}
                fullWidth
                size="small"
                slotProps={mono}
              />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={rotate} disabled={isRotating || !secret}>
          {t("secret.rotate")}
        </Button>
        <Button startIcon={<ContentCopyIcon />} onClick={copy} disabled={!secret}>
          {copied ? t("copied") : t("copy")}
        </Button>
        <Button variant="contained" onClick={props.onClose}>
          {t("secret.close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
