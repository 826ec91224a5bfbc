import Button from "@mui/material/Button";
import { USER_FIELD_LIMITS } from "@portal/domain";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useSearchParams } from "react-router";
import { PasswordFieldControl } from "../../../components/form/text-fields";
import { useServerForm } from "../../../components/form/use-server-form";
import { AuthCard } from "../components/auth-card";
import { GeneralLine } from "../general-line";
import { UsernameField } from "../username-field";

const FIELDS = ["username", "password", "repeatPassword"] as const;

/** /sign-up: creates an account in state `new`, then signs in with it. */
export function SignUpPage() {
  const { t } = useTranslation("auth");
  const [searchParams] = useSearchParams();
  const from = searchParams.get("from");
  const { form, general, submitWith } = useServerForm({
    // zod and the schema load when the form is first sent, as the API client does: the first screen stays small.
    schema: () => import("../form-schemas").then((schemas) => schemas.signUpForm),
    defaultValues: { username: "", password: "", repeatPassword: "" },
    fields: FIELDS,
    clearsGeneralOnEdit: true,
  });
  const { control, formState } = form;
  const submit = submitWith(async (values) => {
    const { signUp } = await import("../api");
    await signUp(values);
    return undefined;
  });

  return (
    <AuthCard
      title={t("signUp.title")}
      onSubmit={submit}
      general={<GeneralLine general={general} />}
      submit={{
        label: t("signUp.submit"),
        sendingLabel: t("signUp.submitting"),
        isSending: formState.isSubmitting,
      }}
      footer={
        <Button
          component={RouterLink}
          to={from ? `/sign-in?from=${encodeURIComponent(from)}` : "/sign-in"}
          variant="text"
          sx={{ textTransform: "none" }}
        >
          {t("signUp.toSignIn")}
        </Button>
      }
    >
      <UsernameField control={control} />
      <PasswordFieldControl
        control={control}
        name="password"
        max={USER_FIELD_LIMITS.password}
        deps={["repeatPassword"]}
        label={t("fields.password")}
        autoComplete="new-password"
        required
        hint={t("signUp.passwordHint")}
      />
      <PasswordFieldControl
        control={control}
        name="repeatPassword"
        max={USER_FIELD_LIMITS.password}
        label={t("fields.repeatPassword")}
        autoComplete="new-password"
        required
      />
    </AuthCard>
  );
}
