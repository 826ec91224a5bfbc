import { USER_FIELD_LIMITS } from "@portal/domain";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PasswordFieldControl } from "../../components/form/text-fields";
import { useServerForm } from "../../components/form/use-server-form";
import { AuthCard } from "./components/auth-card";
import { SignUpLink } from "./components/sign-up-link";
import { GeneralLine } from "./general-line";
import type { SignInDraft } from "./sign-in-draft";
import { UsernameField } from "./username-field";

const FIELDS = ["username", "password"] as const;

/**
 * The sign-in form on the form kit, taking over from the page's first screen where the user left it: its values,
 * the field with the focus (its caret at the end, where typing left it) and the password's visibility.
 */
export function SignInForm({ draft }: { draft: SignInDraft }) {
  const { t } = useTranslation("auth");
  const { form, general, submitWith } = useServerForm({
    // The API's own body; zod, the schema and the API client load when the form is sent: the first screen stays small.
    schema: () => import("./form-schemas").then((schemas) => schemas.signInBody),
    defaultValues: { ...draft.values },
    fields: FIELDS,
    clearsGeneralOnEdit: true,
  });
  const { control, formState } = form;
  const [passwordVisible, setPasswordVisible] = useState(draft.passwordVisible);
  const submit = submitWith(async (credentials) => {
    const { signIn } = await import("./api");
    await signIn(credentials);
    return undefined;
  });
  // Sent before the kit came: send it now, once
  useEffect(() => {
    if (!draft.sent) return;
    draft.sent = false;
    void submit();
  });

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
      footer={<SignUpLink />}
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
