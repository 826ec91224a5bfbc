import type { IssueMessage } from "@portal/domain";
import i18next from "i18next";

/**
 * A message of the shared catalogs in the interface language: the server's catalogs word the rules of the field
 * definitions, and the web says the same in the same words. The catalogs come with the checks that produce these
 * messages (message-catalogs.ts, loaded by the form kit's and the grid's checks), not with the first screen.
 */
export function translateMessage(message: IssueMessage): string {
  return i18next.t(`messages:${message.key}`, message.params ?? {});
}
