import Button from "@mui/material/Button";
import { USER_FIELD_LIMITS } from "@portal/domain";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PasswordFieldControl } from "../../components/form/text-fields";
import { useServerForm } from "../../components/form/use-server-form";
import type { SecondStep } from "./api";
import { AuthCard } from "./components/auth-card";
import { SignUpLink } from "./components/sign-up-link";
import { GeneralLine } from "./general-line";
import type { SignInDraft } from "./sign-in-draft";
import { UsernameField } from "./username-field";

const FIELDS = ["username", "password"] as const;
type SecondStepModule = typeof import("./second-step-form");

/**
 * The sign-in form on the form kit, taking over from the page's first screen where the user left it: its values,
 * the field with the focus (its caret at the end, where typing left it) and the password's visibility.
 */
export function SignInForm({ draft }: { draft: SignInDraft }) {
  const { t } = useTranslation("auth");
  const { form, general, setGeneral, submitWith } = useServerForm({
    // The API's own body; zod, the schema and the API client load when the form is sent: the first screen stays small.
    schema: () => import("./form-schemas").then((schemas) => schemas.signInBody),
    defaultValues: { ...draft.values },
    fields: FIELDS,
    clearsGeneralOnEdit: true,
  });
  const { control, formState } = form;
  const [passwordVisible, setPasswordVisible] = useState(draft.passwordVisible);
  // A user with a second factor takes it next, on a form of its own that loads then
  const [secondStep, setSecondStep] = useState<{ step: SecondStep; form: SecondStepModule } | null>(null);
  const submit = submitWith(async (credentials) => {
    const { signIn } = await import("./api");
    const answer = await signIn(credentials);
    if ("secondStep" in answer)
      setSecondStep({ step: answer.secondStep, form: await import("./second-step-form") });
    return undefined;
  });
  const signInWithPasskey = async () => {
    try {
      const { passkeySignIn } = await import("./api");
      await passkeySignIn();
    } catch {
      setGeneral({ severity: "error", text: t("secondStep.passkeyFailed") });
    }
  };
  // Sent before the kit came: send it now, once
  useEffect(() => {
    if (!draft.sent) return;
    draft.sent = false;
    void submit();
  });

  if (secondStep) {
    return (
      <secondStep.form.SecondStepForm
        step={secondStep.step}
        onRestart={() => {
          form.setValue("password", "");
          setSecondStep(null);
        }}
      />
    );
  }
  return (
    <AuthCard
      title={t("signIn.title")}
      onSubmit={submit}
      general={<GeneralLine general={general} />}
      submit={{
        label: t("signIn.submit"),
        sendingLabel: t("signIn.submitting"),
        isSending: formState.isSubmitting,
      }}
      footer={
        <>
          <Button variant="outlined" onClick={signInWithPasskey}>
            {t("signIn.withPasskey")}
          </Button>
          <SignUpLink />
        </>
      }
    >
      <UsernameField control={control} autoFocus={draft.focused === "username"} />
      <PasswordFieldControl
        control={control}
        name="password"
        max={USER_FIELD_LIMITS.password}
        label={t("fields.password")}
        autoComplete="current-password"
        autoFocus={draft.focused === "password"}
        visible={passwordVisible}
        onVisibleChange={setPasswordVisible}
        required
      />
    </AuthCard>
  );
}
