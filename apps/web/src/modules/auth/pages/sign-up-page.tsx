import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useSearchParams } from "react-router";
import { PasswordField } from "../../../components/password-field";
import { TextInput } from "../../../components/text-input";
import { AuthCard } from "../components/auth-card";
import { requiredErrors, useCredentialsForm } from "../use-credentials-form";

const FIELDS = ["username", "password", "repeatPassword"] as const;

/** /sign-up: creates an account in state `new`, then signs in with it. */
export function SignUpPage() {
  const { t } = useTranslation("auth");
  const [searchParams] = useSearchParams();
  const from = searchParams.get("from");
  const form = useCredentialsForm(
    FIELDS,
    (values) => {
      const found = requiredErrors(FIELDS, values, t("errors:validation.required"));
      if (!found.repeatPassword && values.password !== values.repeatPassword) {
        found.repeatPassword = t("signUp.mismatch");
      }
      return found;
    },
    // The API client loads when the form is sent, as on sign-in.
    (values) =>
      import("../api").then(({ signUp }) => signUp(values.username, values.password, values.repeatPassword)),
  );

  return (
    <AuthCard title={t("signUp.title")} onSubmit={form.submit}>
      <TextInput
        label={t("fields.username")}
        autoComplete="username"
        autoFocus
        required
        {...form.field("username")}
      />
      <PasswordField
        label={t("fields.password")}
        autoComplete="new-password"
        required
        {...form.field("password")}
        helperText={form.errors.password ?? t("signUp.passwordHint")}
      />
      <PasswordField
        label={t("fields.repeatPassword")}
        autoComplete="new-password"
        required
        {...form.field("repeatPassword")}
      />
      {form.detail && (
        <Alert severity="error" role="alert" sx={{ py: 0 }}>
          {form.detail}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="medium" disabled={form.loading}>
        {form.loading ? t("signUp.submitting") : t("signUp.submit")}
      </Button>
      <Button
        component={RouterLink}
        to={from ? `/sign-in?from=${encodeURIComponent(from)}` : "/sign-in"}
        variant="text"
        sx={{ textTransform: "none" }}
      >
        {t("signUp.toSignIn")}
      </Button>
    </AuthCard>
  );
}
