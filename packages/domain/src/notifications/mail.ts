import { z } from "zod";
import { typedRowSchema } from "../fields/schemas.ts";
import { LANGUAGES } from "../messages/languages.ts";
import { rowVersion, text } from "../values/schemas.ts";
import { NOTIFICATION_KINDS } from "./kinds.ts";
import { mailOutboxFields } from "./mail-fields.ts";

// Notifications by e-mail (docs/mail.md): each user's settings (the kinds mailed, a daily digest, a refused
// address), and the outbox of the mails sent or kept, which the forwarder's administrators read.

/** One mail of the outbox with its plain text and HTML (GET /api/notifications/outbox/{id}/). */
export const mailOutboxDetail = typedRowSchema(mailOutboxFields).extend({
  text: z.string(),
  html: z.string(),
});
export type MailOutboxDetail = z.infer<typeof mailOutboxDetail>;

/** A user's own settings of mails, as GET and PUT /api/notifications/settings/ answer them. */
export const notificationSettingsAnswer = z.object({
  /** The kinds mailed, of `available_kinds`. */
  email_kinds: z.array(z.enum(NOTIFICATION_KINDS)),
  /** One mail a day with the day's entries instead of one mail per event. */
  email_digest: z.boolean(),
  /** The kinds this user may get (the form's checkboxes). */
  available_kinds: z.array(z.enum(NOTIFICATION_KINDS)),
  /** The user's address, to which mails go (empty: none are sent). */
  email: z.string(),
  /** The address the mail server refused, while it is still the user's address; read-only. */
  refused_address: z.string().nullable(),
  refused_reason: z.string(),
  refused_at: z.string().nullable(),
  version: z.number(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsAnswer>;

/** PUT /api/notifications/settings/: the kinds (each one the user may get, each once), the digest, the version read. */
export const notificationSettingsBody = z.object({
  email_kinds: z.array(z.string().max(40)).max(NOTIFICATION_KINDS.length * 2),
  email_digest: z.boolean(),
  version: rowVersion(),
});
export type NotificationSettingsBody = z.infer<typeof notificationSettingsBody>;

/** PUT /profile/api/users/me/language/: the language the user's mails are written in (the interface's). */
export const userLanguageBody = z.object({ language: z.enum(LANGUAGES) });

/**
 * POST /api/notifications/mail/bounces/: a bounce (a delivery status notification) of an address. Texts as every
 * body takes them (`text`): a reason of invisible characters alone is no reason.
 */
export const mailBounceBody = z.object({
  address: text().toLowerCase().email().max(254),
  reason: text().min(1).max(1000),
});
export const mailBounceAnswer = z.object({ users: z.number() });
