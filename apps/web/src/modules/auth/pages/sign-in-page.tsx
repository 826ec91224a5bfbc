import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { USER_FIELD_LIMITS } from "@portal/domain";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useSearchParams } from "react-router";
import { PasswordFieldControl } from "../../../components/form/text-fields";
import { useServerForm } from "../../../components/form/use-server-form";
import { AuthCard } from "../components/auth-card";
import { UsernameField } from "../username-field";

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
    clearsGeneralOnEdit: true,
  });
  const { control, formState } = form;
  const submit = submitWith(async (credentials) => {
    const { signIn } = await import("../api");
    await signIn(credentials);
    return undefined;
  });

  const from = searchParams.get("from");
  return (
    <AuthCard
      title={t("signIn.title")}
      onSubmit={submit}
      general={general}
      submit={{
        label: t("signIn.submit"),
        sendingLabel: t("signIn.submitting"),
        isSending: formState.isSubmitting,
      }}
      footer={
        <Typography variant="body2" sx={{ textAlign: "center" }}>
          {t("signIn.noAccount")}{" "}
          <Link component={RouterLink} to={from ? `/sign-up?from=${encodeURIComponent(from)}` : "/sign-up"}>
            {t("signIn.toSignUp")}
          </Link>
        </Typography>
      }
    >
      <UsernameField control={control} />
      <PasswordFieldControl
        control={control}
        name="password"
        max={USER_FIELD_LIMITS.password}
        label={t("fields.password")}
        autoComplete="current-password"
        required
      />
    </AuthCard>
  );
}
