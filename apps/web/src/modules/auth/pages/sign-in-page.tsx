import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { USER_FIELD_LIMITS } from "@portal/domain";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useSearchParams } from "react-router";
import { PasswordFieldControl, TextFieldControl } from "../../../components/form/text-fields";
import { useServerForm } from "../../../components/form/use-server-form";
import { AuthCard } from "../components/auth-card";

const FIELDS = ["username", "password"] as const;

/** /sign-in. On success the guest guard continues to `from` (or "/"). */
export function SignInPage() {
  const { t } = useTranslation("auth");
  const [searchParams] = useSearchParams();
  const { form, general, submitWith } = useServerForm({
    // The API's own body; zod, the schema and the API client load when the form is sent: the first screen stays small.
    schema: () => import("../form-schemas").then((schemas) => schemas.signInBody),
    defaultValues: { username: "", password: "" },
    fields: FIELDS,
  });
  const { control, formState } = form;
  const submit = submitWith(async (credentials) => {
    const { signIn } = await import("../api");
    await signIn(credentials);
    return undefined;
  });

  const from = searchParams.get("from");
  return (
    <AuthCard title={t("signIn.title")} onSubmit={submit}>
      <TextFieldControl
        control={control}
        name="username"
        max={USER_FIELD_LIMITS.username}
        label={t("fields.username")}
        autoComplete="username"
        autoFocus
        required
      />
      <PasswordFieldControl
        control={control}
        name="password"
        max={USER_FIELD_LIMITS.password}
        label={t("fields.password")}
        autoComplete="current-password"
        required
      />
      {general && (
        <Alert severity={general.severity} role="alert" sx={{ py: 0 }}>
          {general.text}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="medium" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t("signIn.submitting") : t("signIn.submit")}
      </Button>
      <Typography variant="body2" sx={{ textAlign: "center" }}>
        {t("signIn.noAccount")}{" "}
        <Link component={RouterLink} to={from ? `/sign-up?from=${encodeURIComponent(from)}` : "/sign-up"}>
          {t("signIn.toSignUp")}
        </Link>
      </Typography>
    </AuthCard>
  );
}
