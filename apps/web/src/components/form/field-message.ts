import type { IssueMessage } from "@portal/domain";

// How a field's message is kept until it is shown, so that it follows the interface language. No zod here:
// fields render messages on the first screen, schemas check values later (schema-check.ts).

/** A message of the web's `errors` catalog, as a form's own rule words it (`$t:errors:validation.required`). */
export const WEB_MESSAGE = "$t:";
/** A message of the shared catalogs (`messages`), as the API words the same rule: `$m:` and its JSON. */
export const SHARED_MESSAGE = "$m:";

/** "The field is required", as a form's own check words it (a rule the form checks beside its schema). */
export const REQUIRED = `${SHARED_MESSAGE}${JSON.stringify({ key: "required" })}`;

/** What a field's message is: a key of the web's catalog, a shared catalog message, or text as it came. */
export type FieldMessage = { web: string } | { shared: IssueMessage } | { text: string };

/** Reads a kept message; a server's message (already translated) stays text. */
export function readFieldMessage(message: string): FieldMessage {
  if (message.startsWith(WEB_MESSAGE))
    return { web: message.slice(WEB_MESSAGE.length).replace(/^errors:/, "") };
  if (message.startsWith(SHARED_MESSAGE)) {
    return { shared: JSON.parse(message.slice(SHARED_MESSAGE.length)) as IssueMessage };
  }
  return { text: message };
}

/** A field's message in the interface language: `translate` says the shared catalogs' messages. */
export function fieldMessageText(
  message: string,
  t: (key: string) => string,
  translate: (message: IssueMessage) => string,
): string {
  const read = readFieldMessage(message);
  if ("web" in read) return t(read.web);
  if ("shared" in read) return translate(read.shared);
  return read.text;
}
