import Button from "@mui/material/Button";
import { useTranslation } from "react-i18next";
import { TextFieldControl } from "../../components/form/text-fields";
import { useServerForm } from "../../components/form/use-server-form";
import type { SecondStep } from "./api";
import { AuthCard } from "./components/auth-card";
import { GeneralLine } from "./general-line";

/**
 * The sign-in's second step, for a user with a second factor: the code of their authenticator app (or one of their
 * recovery codes), or their passkey. `onRestart` goes back to the password (a ticket lives five minutes).
 */
export function SecondStepForm({ step, onRestart }: { step: SecondStep; onRestart: () => void }) {
  const { t } = useTranslation("auth");
  const { form, general, setGeneral, submitWith } = useServerForm({
    schema: () => import("./form-schemas").then((schemas) => schemas.totpConfirmBody),
    defaultValues: { code: "" },
    fields: ["code"],
    clearsGeneralOnEdit: true,
  });
  const submit = submitWith(async ({ code }) => {
    const { secondStepSignIn } = await import("./api");
    await secondStepSignIn(step.ticket, code);
    return undefined;
  });
  const signInWithPasskey = async () => {
    try {
      const { passkeySignIn } = await import("./api");
      await passkeySignIn(step.ticket);
    } catch {
      setGeneral({ severity: "error", text: t("secondStep.passkeyFailed") });
    }
  };
  const hasCodes = step.methods.includes("totp") || step.methods.includes("recovery_code");
  return (
    <AuthCard
      title={t("secondStep.title")}
      onSubmit={submit}
      general={<GeneralLine general={general} />}
      submit={{
        label: t("secondStep.submit"),
        sendingLabel: t("signIn.submitting"),
        isSending: form.formState.isSubmitting,
      }}
      footer={
        <>
          {step.methods.includes("passkey") && (
            <Button variant="outlined" onClick={signInWithPasskey} autoFocus={!hasCodes}>
              {t("secondStep.usePasskey")}
            </Button>
          )}
          <Button variant="text" size="small" onClick={onRestart}>
            {t("secondStep.restart")}
          </Button>
        </>
      }
    >
      <TextFieldControl
        control={form.control}
        name="code"
        max={64}
        label={t("secondStep.oneTimeCode")}
        autoComplete="one-time-code"
        inputMode="text"
        autoFocus={hasCodes}
        required
        hint={t("secondStep.codeHint")}
      />
    </AuthCard>
  );
}
