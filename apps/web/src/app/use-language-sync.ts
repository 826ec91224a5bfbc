import i18next from "i18next";
import { useEffect } from "react";
import { isLanguage } from "../i18n";
import { apiFetch } from "./api-client";
import { getSession } from "./session";

/**
 * Tells the API each language the interface switches to while the user is signed in: the user's mails are written
 * in it (sign-in sends it too, as every call's Accept-Language). Answers the function that stops listening.
 */
export function tellLanguageChanges(): () => void {
  const tell = (language: string) => {
    if (!isLanguage(language) || !getSession().user) return;
    // Not worth a toast: the next sign-in sends the language again
    apiFetch("PUT /profile/api/users/me/language/", { json: { language }, silent: true }).catch(() => {});
  };
  i18next.on("languageChanged", tell);
  return () => i18next.off("languageChanged", tell);
}

/** {@link tellLanguageChanges} while the signed-in layout is mounted (once). */
export function useLanguageSync(): void {
  useEffect(tellLanguageChanges, []);
}
