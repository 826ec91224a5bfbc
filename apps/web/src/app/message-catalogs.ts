import { LANGUAGES, messageCatalogs } from "@portal/domain";
import i18next from "i18next";

let isRegistered = false;

/**
 * Makes the API's catalogs (packages/domain/src/messages) the web's `messages` namespace, in both languages, so
 * that a shared message follows the language switch. Called by the modules that check values by the shared
 * schemas, which are loaded when first needed.
 */
export function registerMessageCatalogs(): void {
  // Before i18next starts (unit tests of the checks alone) there is nothing to register with
  if (isRegistered || !i18next.isInitialized) return;
  for (const language of LANGUAGES) {
    i18next.addResourceBundle(language, "messages", messageCatalogs[language], true, false);
  }
  isRegistered = true;
}
