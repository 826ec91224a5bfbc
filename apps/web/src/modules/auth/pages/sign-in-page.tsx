import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import type { SignInBody } from "@portal/domain";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useSearchParams } from "react-router";
import { PasswordField } from "../../../components/password-field";
import { TextInput } from "../../../components/text-input";
import { AuthCard } from "../components/auth-card";
import { useCredentialsForm } from "../use-credentials-form";

const FIELDS = ["username", "password"] as const;

/** /sign-in. On success the guest guard continues to `from` (or "/"). */
export function SignInPage() {
  const { t } = useTranslation("auth");
  const [searchParams] = useSearchParams();
  // The check (zod) and the API client load when the form is sent, not with the page: the first screen stays small.
  const form = useCredentialsForm(
    FIELDS,
    (values) => import("../sign-in-check").then(({ checkSignIn }) => checkSignIn(values)),
    (credentials: SignInBody) => import("../api").then(({ signIn }) => signIn(credentials)),
  );

  const from = searchParams.get("from");
  return (
    <AuthCard title={t("signIn.title")} onSubmit={form.submit}>
      <TextInput
        label={t("fields.username")}
        autoComplete="username"
        autoFocus
        required
        {...form.field("username")}
      />
      <PasswordField
        label={t("fields.password")}
        autoComplete="current-password"
        required
        {...form.field("password")}
      />
      {form.detail && (
        <Alert severity="error" role="alert" sx={{ py: 0 }}>
          {form.detail}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="medium" disabled={form.loading}>
        {form.loading ? t("signIn.submitting") : t("signIn.submit")}
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
