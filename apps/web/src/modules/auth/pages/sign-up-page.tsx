import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useSearchParams } from "react-router";
import { reportApiFailure } from "../../../app/errors";
import { formErrorsOf } from "../../../app/form-errors";
import { PasswordField } from "../../../components/password-field";
import { TextInput } from "../../../components/text-input";
import { signUp } from "../api";
import { AuthCard } from "../components/auth-card";

const FIELDS = ["username", "password", "repeatPassword"] as const;
type Field = (typeof FIELDS)[number];

/** /sign-up: creates an account in state `new`, then signs in with it. */
export function SignUpPage() {
  const { t } = useTranslation("auth");
  const [searchParams] = useSearchParams();
  const from = searchParams.get("from");
  const [values, setValues] = useState<Record<Field, string>>({
    username: "",
    password: "",
    repeatPassword: "",
  });
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
    const trimmed = {
      username: values.username.trim(),
      password: values.password.trim(),
      repeatPassword: values.repeatPassword.trim(),
    };
    setValues(trimmed);
    const found: Partial<Record<Field, string>> = {};
    for (const field of FIELDS) if (!trimmed[field]) found[field] = t("errors:validation.required");
    if (!found.repeatPassword && trimmed.password !== trimmed.repeatPassword) {
      found.repeatPassword = t("signUp.mismatch");
    }
    setErrors(found);
    setDetail("");
    if (Object.keys(found).length > 0) return;
    setLoading(true);
    try {
      await signUp(trimmed.username, trimmed.password, trimmed.repeatPassword);
    } catch (error) {
      const shown = formErrorsOf(error, FIELDS);
      if (shown) {
        setErrors(shown.fields);
        setDetail(shown.detail);
      } else reportApiFailure(error);
      setLoading(false);
    }
  };

  return (
    <AuthCard title={t("signUp.title")} onSubmit={submit}>
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
        autoComplete="new-password"
        required
        value={values.password}
        onChange={change("password")}
        error={Boolean(errors.password)}
        helperText={errors.password ?? t("signUp.passwordHint")}
      />
      <PasswordField
        label={t("fields.repeatPassword")}
        name="repeatPassword"
        autoComplete="new-password"
        required
        value={values.repeatPassword}
        onChange={change("repeatPassword")}
        error={Boolean(errors.repeatPassword)}
        helperText={errors.repeatPassword}
      />
      {detail && (
        <Alert severity="error" role="alert" sx={{ py: 0 }}>
          {detail}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="medium" disabled={loading}>
        {loading ? t("signUp.submitting") : t("signUp.submit")}
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
