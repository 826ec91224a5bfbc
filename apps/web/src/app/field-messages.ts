import { type IssueMessage, LANGUAGES, messageCatalogs } from "@portal/domain";
import i18next from "i18next";

let isRegistered = false;

/**
 * A message of the shared catalogs in the interface language: the server's catalogs word the rules of the field
 * definitions, and the web says the same in the same words.
 */
export function translateMessage(message: IssueMessage): string {
  if (!isRegistered) {
    for (const language of LANGUAGES) {
      i18next.addResourceBundle(language, "messages", messageCatalogs[language], true, false);
    }
    isRegistered = true;
  }
  return i18next.t(`messages:${message.key}`, message.params);
}
