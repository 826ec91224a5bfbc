import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormHelperText from "@mui/material/FormHelperText";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import type { NotificationKind, NotificationSettings } from "@portal/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, apiFetch } from "../../../app/api-client";
import { enqueueSnackbar } from "../../../app/toasts";

const SETTINGS_KEY = ["notification-settings"] as const;

/** The form's values: the kinds ticked and the digest. */
type Choice = Pick<NotificationSettings, "email_kinds" | "email_digest">;

/**
 * The profile's "Notifications by e-mail": a box per kind the user may get, the daily digest, and the warning when
 * the mail server refused the user's address. Saved with the version read: a save from a stale page is refused
 * (409) and the page shows the settings as they are now.
 */
export function MailSettings() {
  const { t, i18n } = useTranslation("profile");
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => apiFetch("GET /api/notifications/settings/", { signal }),
  });
  const [choice, setChoice] = useState<Choice | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const stored = settings.data;
  // The stored settings, until the user changes something
  useEffect(() => {
    if (stored) setChoice({ email_kinds: stored.email_kinds, email_digest: stored.email_digest });
  }, [stored]);

  if (!stored || !choice) {
    return (
      <Paper variant="outlined" sx={{ maxWidth: 760, mx: "auto", mt: 2, p: 2 }}>
        <Skeleton width="40%" />
        <Skeleton height={120} />
      </Paper>
    );
  }

  const toggle = (kind: NotificationKind, isOn: boolean) =>
    setChoice({
      ...choice,
      email_kinds: isOn
        ? [...choice.email_kinds, kind]
        : choice.email_kinds.filter((other) => other !== kind),
    });

  const save = async () => {
    setSaving(true);
    setProblem(null);
    try {
      const saved = await apiFetch("PUT /api/notifications/settings/", {
        json: { ...choice, version: stored.version },
        silent: true,
      });
      queryClient.setQueryData(SETTINGS_KEY, saved);
      enqueueSnackbar(t("mail.saved"), { variant: "success", autoHideDuration: 4000 });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setProblem(t("mail.conflict"));
        await settings.refetch();
      } else if (error instanceof ApiError && error.status === 400) {
        const fields = Object.values((error.body ?? {}) as Record<string, string[]>).flat();
        setProblem(fields.join(" "));
      } else throw error;
    } finally {
      setSaving(false);
    }
  };

  const refusedSince = stored.refused_at
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(
        new Date(stored.refused_at),
      )
    : "";

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="mail-settings-title"
      sx={{ maxWidth: 760, mx: "auto", mt: 2, p: { xs: 1.5, sm: 2 } }}
    >
      <Typography id="mail-settings-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t("mail.title")}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        {stored.email ? t("mail.hint", { email: stored.email }) : t("mail.noEmail")}
      </Typography>
      {stored.refused_address && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t("mail.refused", {
            address: stored.refused_address,
            since: refusedSince,
            reason: stored.refused_reason,
          })}
        </Alert>
      )}
      {problem && (
        <Alert severity="error" sx={{ mb: 1 }} onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      <FormGroup
        aria-label={t("mail.kindsLabel")}
        sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, columnGap: 2 }}
      >
        {stored.available_kinds.map((kind) => (
          <FormControlLabel
            key={kind}
            sx={{ mr: 0 }}
            control={
              <Checkbox
                size="small"
                checked={choice.email_kinds.includes(kind)}
                onChange={(event) => toggle(kind, event.target.checked)}
              />
            }
            label={<Typography variant="body2">{t(`mail.kinds.${kind}`)}</Typography>}
          />
        ))}
      </FormGroup>
      <FormControlLabel
        sx={{ mt: 1 }}
        control={
          <Switch
            checked={choice.email_digest}
            onChange={(event) => setChoice({ ...choice, email_digest: event.target.checked })}
          />
        }
        label={t("mail.digest")}
      />
      <FormHelperText sx={{ mt: 0 }}>{t("mail.digestHint")}</FormHelperText>
      <Box sx={{ display: "flex", gap: 1, mt: 1.5 }}>
        <Button variant="contained" onClick={() => void save()} disabled={isSaving}>
          {t("mail.save")}
        </Button>
        <Button
          disabled={isSaving}
          onClick={() => setChoice({ email_kinds: stored.email_kinds, email_digest: stored.email_digest })}
        >
          {t("reset")}
        </Button>
      </Box>
    </Paper>
  );
}
