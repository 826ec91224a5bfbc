import { type RefObject, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useTranslation } from "react-i18next";
import { PasswordField } from "../../../components/password-field";
import { TextInput } from "../../../components/text-input";
import { AuthCard } from "../components/auth-card";
import { SignUpLink } from "../components/sign-up-link";
import { newSignInDraft, type SignInDraft } from "../sign-in-draft";
import { useUsernameLabel } from "../username-label";

// The form kit (react-hook-form and the kit's fields, ≈ 17 kB gzipped) loads once the page shows: the first screen
// is plain inputs that keep what is typed, then the kit's form takes over from them (docs/decisions.md).
type KitForm = typeof import("../sign-in-form");

/** /sign-in. On success the guest guard continues to `from` (or "/"). */
export function SignInPage() {
  const draft = useRef<SignInDraft>(newSignInDraft()).current;
  const form = useRef<HTMLFormElement>(null);
  const [kit, setKit] = useState<KitForm | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    let isMounted = true;
    const press = pointerPress();
    import("../sign-in-form").then(
      (module) =>
        press.afterRelease(() => {
          press.stop();
          if (!isMounted) return;
          const active = document.activeElement;
          draft.focused =
            active instanceof HTMLInputElement && form.current?.contains(active)
              ? (active.name as SignInDraft["focused"])
              : null;
          // Rendered and put in place in this task: no key the user presses can fall between the draft read and
          // the kit's inputs taking over (a render left to the scheduler may yield to the browser before it commits)
          flushSync(() => setKit(module));
        }),
      (error: unknown) => isMounted && setFailure(error),
    );
    return () => {
      isMounted = false;
      press.stop();
    };
  }, [draft]);
  // The route's error boundary says the page could not load, as for any page's code
  if (failure) throw failure;
  return kit ? <kit.SignInForm draft={draft} /> : <FirstScreen draft={draft} formRef={form} />;
}

/**
 * Whether a pointer is pressed, from now on. The kit's form must not take over between a press and its release:
 * the button pressed would be replaced by the kit's, and the click that the release makes would be lost (a sign-in
 * that never goes). `afterRelease` runs its callback at once, or after the release's click has been handled.
 */
function pointerPress() {
  let isPressed = false;
  let waiting: (() => void) | null = null;
  const press = () => {
    isPressed = true;
  };
  const release = () => {
    isPressed = false;
    const callback = waiting;
    waiting = null;
    // The click follows the release in the same task
    if (callback) setTimeout(callback, 0);
  };
  window.addEventListener("pointerdown", press, true);
  window.addEventListener("pointerup", release, true);
  window.addEventListener("pointercancel", release, true);
  return {
    afterRelease(callback: () => void) {
      if (isPressed) waiting = callback;
      else callback();
    },
    stop() {
      window.removeEventListener("pointerdown", press, true);
      window.removeEventListener("pointerup", release, true);
      window.removeEventListener("pointercancel", release, true);
    },
  };
}

/**
 * The sign-in form as it first shows, before its kit: the same card and fields, uncontrolled, writing what the
 * user does into the draft. A submit here is kept for the kit's form, which checks and sends it. The fields'
 * limits come with the kit too (the user fields' definitions are in its chunk): its check refuses a longer value.
 */
function FirstScreen({ draft, formRef }: { draft: SignInDraft; formRef: RefObject<HTMLFormElement | null> }) {
  const { t } = useTranslation("auth");
  const usernameLabel = useUsernameLabel();
  const [sent, setSent] = useState(false);
  return (
    <AuthCard
      title={t("signIn.title")}
      formRef={formRef}
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
        label={usernameLabel}
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
