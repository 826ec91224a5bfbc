import { lazy, Suspense, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { PasswordField } from "../../../components/password-field";
import { TextInput } from "../../../components/text-input";
import { AuthCard } from "../components/auth-card";
import { SignUpLink } from "../components/sign-up-link";
import { newSignInDraft, type SignInDraft } from "../sign-in-draft";

// The form kit (react-hook-form and the kit's fields, ≈ 17 kB gzipped) loads once the page shows: the first screen
// is plain inputs that keep what is typed, then the kit's form takes over from them (docs/decisions.md).
const SignInForm = lazy(() => import("../sign-in-form").then((module) => ({ default: module.SignInForm })));

/** /sign-in. On success the guest guard continues to `from` (or "/"). */
export function SignInPage() {
  const draft = useRef<SignInDraft>(newSignInDraft()).current;
  return (
    <Suspense fallback={<FirstScreen draft={draft} />}>
      <SignInForm draft={draft} />
    </Suspense>
  );
}

/**
 * The sign-in form as it first shows, before its kit: the same card and fields, uncontrolled, writing what the
 * user does into the draft. A submit here is kept for the kit's form, which checks and sends it. The fields'
 * limits come with the kit too (the user fields' definitions are in its chunk): its check refuses a longer value.
 */
function FirstScreen({ draft }: { draft: SignInDraft }) {
  const { t } = useTranslation("auth");
  const [sent, setSent] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // Runs as the kit's form replaces this one, while its inputs are still in the page: which of them has the focus
  useLayoutEffect(
    () => () => {
      const focused = form.current?.ownerDocument.activeElement;
      draft.focused =
        focused instanceof HTMLInputElement && form.current?.contains(focused)
          ? (focused.name as SignInDraft["focused"])
          : null;
    },
    [draft],
  );
  return (
    <AuthCard
      title={t("signIn.title")}
      formRef={form}
      onSubmit={(event) => {
        event.preventDefault();
        draft.sent = true;
        setSent(true);
      }}
      submit={{ label: t("signIn.submit"), sendingLabel: t("signIn.submitting"), isSending: sent }}
      footer={<SignUpLink />}
    >
      <TextInput
        id="field-username"
        name="username"
        label={t("fields.username")}
        autoComplete="username"
        autoFocus
        required
        onChange={(event) => {
          draft.values.username = event.target.value;
        }}
      />
      <PasswordField
        id="field-password"
        name="password"
        label={t("fields.password")}
        autoComplete="current-password"
        required
        onVisibleChange={(visible) => {
          draft.passwordVisible = visible;
        }}
        onChange={(event) => {
          draft.values.password = event.target.value;
        }}
      />
    </AuthCard>
  );
}
