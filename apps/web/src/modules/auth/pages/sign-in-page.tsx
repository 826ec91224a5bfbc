import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useSearchParams } from "react-router";
import { reportApiFailure } from "../../../app/errors";
import { formErrorsOf } from "../../../app/form-errors";
import { PasswordField } from "../../../components/password-field";
import { TextInput } from "../../../components/text-input";
import { signIn } from "../api";
import { AuthCard } from "../components/auth-card";

const FIELDS = ["username", "password"] as const;
type Field = (typeof FIELDS)[number];

/** /sign-in. On success the guest guard continues to `from` (or "/"). */
export function SignInPage() {
  const { t } = useTranslation("auth");
  const [searchParams] = useSearchParams();
  const [values, setValues] = useState<Record<Field, string>>({ username: "", password: "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [detail, setDetail] = useState("");
  const [loading, setLoading] = useState(false);

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    const trimmed = { username: values.username.trim(), password: values.password.trim() };
    setValues(trimmed);
    const missing: Partial<Record<Field, string>> = {};
    for (const field of FIELDS) if (!trimmed[field]) missing[field] = t("errors:validation.required");
    setErrors(missing);
    setDetail("");
    if (Object.keys(missing).length > 0) return;
    setLoading(true);
    try {
      await signIn(trimmed.username, trimmed.password);
    } catch (error) {
      const shown = formErrorsOf(error, FIELDS);
      if (shown) {
        setErrors(shown.fields);
        setDetail(shown.detail);
      } else reportApiFailure(error);
      setLoading(false);
    }
  };

  const from = searchParams.get("from");
  return (
    <AuthCard title={t("signIn.title")} onSubmit={submit}>
      <TextInput
        label={t("fields.username")}
        name="username"
        autoComplete="username"
        autoFocus
        required
        value={values.username}
        onChange={change("username")}
        error={Boolean(errors.username)}
        helperText={errors.username}
      />
      <PasswordField
        label={t("fields.password")}
        name="password"
        autoComplete="current-password"
        required
        value={values.password}
        onChange={change("password")}
        error={Boolean(errors.password)}
        helperText={errors.password}
      />
      {detail && (
        <Alert severity="error" role="alert" sx={{ py: 0 }}>
          {detail}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="medium" disabled={loading}>
        {loading ? t("signIn.submitting") : t("signIn.submit")}
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
