import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Grid from "@mui/material/Grid";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { REQUIRED_TO_SEND, USER_FIELD_LIMITS, userFields } from "@portal/domain";
import { useQueryClient } from "@tanstack/react-query";
import { type BaseSyntheticEvent, useEffect, useState } from "react";
import { useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { apiFetch } from "../../../app/api-client";
import type { UserState } from "../../../app/current-user";
import { useFieldLabels } from "../../../app/field-labels";
import { fetchMe, meQueryKey } from "../../../app/me-query";
import { setTokens, setUser } from "../../../app/session";
import { enqueueSnackbar } from "../../../app/toasts";
import { useCurrentUser } from "../../../app/use-session";
import { GeneralAlert } from "../../../components/form/general-alert";
import { NewPasswordFields } from "../../../components/form/new-password-fields";
import { SectionDivider } from "../../../components/form/section-divider";
import { SectionFields } from "../../../components/form/section-fields";
import { PasswordFieldControl } from "../../../components/form/text-fields";
import { useServerForm } from "../../../components/form/use-server-form";
import { MailSettings } from "../components/mail-settings";
import { SecuritySection } from "../components/security-section";
import {
  canRequestConfirmation,
  PROFILE_FIELDS,
  type ProfileFormInput,
  profileFormSchema,
  profileFormValues,
  profileUpdateBody,
} from "../profile-schema";

/** The person's fields two a row. */
const HALF_ROW = Object.fromEntries(
  ["first_name", "last_name", "email", "phone"].map((name) => [name, { xs: 12, sm: 6 }]),
);

/** The request: the INN beside the company's name, the contracts below. */
const REQUEST_SIZES = {
  request_inn: { xs: 12, sm: 4 },
  request_name: { xs: 12, sm: 8 },
  request_contract_nums: { xs: 12 },
};
const REQUEST_INPUTS = {
  request_inn: { inputMode: "numeric" },
  request_name: { autoComplete: "organization" },
} as const;
/** What a request needs to be sent to confirmation (the schema's rule); the contracts may be left out. */
const isRequiredToSend = (name: string) => REQUIRED_TO_SEND.some((required) => required === name);

const STATE_COLORS: Record<UserState, "default" | "info" | "success" | "error"> = {
  new: "default",
  pending: "info",
  approved: "success",
  declined: "error",
};

/** /profile: the user's own data, password change, the request to be confirmed, and the notifications by e-mail. */
export function ProfilePage() {
  const { t } = useTranslation("profile");
  const labels = useFieldLabels("user");
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [passwordVisible, setPasswordVisible] = useState(false);
  const applying = canRequestConfirmation(user);
  // After sending, the applicant still sees what they sent (read-only) while a manager reviews it
  const requestSent = user.state === "pending";

  const { form, general, setGeneral, submitWith } = useServerForm({
    schema: profileFormSchema,
    defaultValues: profileFormValues(user),
    fields: PROFILE_FIELDS,
    conflict: {
      message: t("conflict"),
      reload: async () => {
        const current = await fetchMe();
        queryClient.setQueryData(meQueryKey(current.id), current);
        return profileFormValues(current);
      },
    },
  });
  const { control, reset, setValue, formState } = form;
  const newPassword = useWatch({ control, name: "password" });

  // The stored user changes when `me` is refetched (window focus) or saved: follow it unless the user is typing.
  const loaded = JSON.stringify(profileFormValues(user));
  useEffect(() => {
    if (!formState.isDirty) reset(JSON.parse(loaded) as ProfileFormInput);
  }, [loaded, formState.isDirty, reset]);

  const save = (sendToConfirmation: boolean) => {
    const submit = submitWith(async (values) => {
      const { tokens, ...saved } = await apiFetch("PUT /profile/api/users/me/", {
        json: profileUpdateBody(values, user, sendToConfirmation),
        silent: true,
      });
      // A new password revokes the old tokens; the answer carries the pair that replaces them.
      if (tokens) setTokens(tokens);
      setUser(saved);
      queryClient.setQueryData(meQueryKey(saved.id), saved);
      setPasswordVisible(false);
      enqueueSnackbar(t(sendToConfirmation ? "sentToConfirmation" : "saved"), {
        variant: "success",
        autoHideDuration: 4000,
      });
      return profileFormValues(saved);
    });
    // Which button was pressed is a value the schema checks: sending requires the company's INN and name
    return (event?: BaseSyntheticEvent) => {
      setValue("status", sendToConfirmation ? "pending" : undefined);
      return submit(event);
    };
  };

  return (
    <>
      <Paper
        component="form"
        variant="outlined"
        noValidate
        onSubmit={save(false)}
        sx={{ maxWidth: 760, mx: "auto", p: { xs: 1.5, sm: 2 } }}
      >
        <Stack direction="row" sx={{ alignItems: "center", flexWrap: "wrap", gap: 1, mb: 1.5 }}>
          <Typography variant="h6" component="h1" sx={{ mr: "auto" }}>
            {t("title")}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {labels.inSection("username")}: <strong>{user.username}</strong>
          </Typography>
          <Chip size="small" color={STATE_COLORS[user.state]} label={t(`state.${user.state}`)} />
        </Stack>
        <GeneralAlert general={general} onClose={() => setGeneral(null)} />

        <SectionFields
          fields={userFields}
          section="person"
          control={control}
          labels={labels}
          readOnly={false}
          // The username is the account's: shown above, changed by no one
          hidden={(name) => name === "username"}
          sizes={HALF_ROW}
          inputs={{
            first_name: { autoComplete: "given-name", autoFocus: true },
            last_name: { autoComplete: "family-name" },
            email: { autoComplete: "email" },
            phone: { autoComplete: "tel" },
          }}
        />

        <SectionDivider>{t("passwordSection")}</SectionDivider>
        <Grid container spacing={1.5} sx={{ mb: 1.5 }}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <PasswordFieldControl
              control={control}
              name="current_password"
              max={USER_FIELD_LIMITS.password}
              label={t("current_password")}
              // Asked with a new password only (an administrator's reset asks for none)
              required={Boolean(newPassword)}
              autoComplete="current-password"
              hint={t("currentPasswordHint")}
            />
          </Grid>
        </Grid>
        <NewPasswordFields
          form={form}
          labels={{
            password: t("password"),
            confirm: t("password_confirm"),
            generate: t("generate"),
          }}
          visible={passwordVisible}
          onVisibleChange={setPasswordVisible}
          hint={t("passwordHint")}
        />

        {(applying || requestSent) && (
          <>
            <SectionDivider>{t(applying ? "requestSection" : "sentSection")}</SectionDivider>
            <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
              {t(applying ? "requestHint" : "sentHint")}
            </Typography>
            <SectionFields
              fields={userFields}
              section="request"
              control={control}
              labels={labels}
              readOnly={requestSent}
              sizes={REQUEST_SIZES}
              inputs={REQUEST_INPUTS}
              required={(name) => applying && isRequiredToSend(name)}
              hints={
                applying
                  ? Object.fromEntries(REQUIRED_TO_SEND.map((name) => [name, t("requestRequired")]))
                  : undefined
              }
            />
          </>
        )}

        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, mt: 2 }}>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {t("save")}
          </Button>
          {applying && (
            <Button
              variant="contained"
              color="secondary"
              disabled={formState.isSubmitting}
              onClick={save(true)}
            >
              {t("saveAndSend")}
            </Button>
          )}
          <Button
            disabled={formState.isSubmitting}
            onClick={() => {
              reset(profileFormValues(user));
              setGeneral(null);
              setPasswordVisible(false);
            }}
          >
            {t("reset")}
          </Button>
        </Box>
      </Paper>
      <SecuritySection />
      <MailSettings />
    </>
  );
}
