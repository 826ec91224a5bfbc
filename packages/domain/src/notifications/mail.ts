import { z } from "zod";
import { defineFields } from "../fields/define.ts";
import { typedRowSchema } from "../fields/schemas.ts";
import { LANGUAGES } from "../messages/index.ts";
import type { UserFlags } from "../users/flags.ts";
import { rowVersion } from "../values/schemas.ts";
import { MANAGER_NOTIFICATION_KINDS, NOTIFICATION_KINDS, type NotificationKind } from "./kinds.ts";

// Notifications by e-mail (docs/mail.md): each user's settings (the kinds mailed, a daily digest, a refused
// address), and the outbox of the mails sent or kept, which the forwarder's administrators read.

/** The kinds a user may get by e-mail: the managers' own kinds only for managers. */
export function mailKindsFor(user: Pick<UserFlags, "is_manager">): NotificationKind[] {
  return NOTIFICATION_KINDS.filter((kind) => user.is_manager || !MANAGER_NOTIFICATION_KINDS.includes(kind));
}

/** Who reads the outbox (every user's mails) and feeds bounces: the forwarder's administrators. */
export const mailOutboxPolicy = {
  canRead: (user: Pick<UserFlags, "is_manager" | "is_administrator">) =>
    user.is_manager && user.is_administrator,
};

/**
 * A mail's states: being sent, sent, kept (no SMTP server), refused (the server refused the address), retrying (the
 * server put it off: a later attempt sends it), failed.
 */
export const MAIL_STATES = ["sending", "sent", "kept", "refused", "retrying", "failed"] as const;
export type MailState = (typeof MAIL_STATES)[number];

/** The outbox's fields (GET /api/notifications/outbox/): its grid's columns, filters and labels. */
export const mailOutboxFields = defineFields({
  id: { kind: "id", grid: "hidden" },
  created_at: { kind: "timestamp", readOnly: true, grid: "shown" },
  to_address: { kind: "text", max: 254, readOnly: true, searchable: true, grid: "shown" },
  user: { kind: "person", username: true, readOnly: true, grid: "hidden" },
  language: { kind: "choice", choices: LANGUAGES, readOnly: true, grid: "shown" },
  subject: { kind: "text", max: 1000, readOnly: true, searchable: true, grid: "shown" },
  state: { kind: "choice", choices: MAIL_STATES, readOnly: true, grid: "shown" },
  digest_date: { kind: "date", readOnly: true, nullable: true, grid: "hidden" },
  error: { kind: "text", max: 1000, readOnly: true, grid: "hidden" },
  sent_at: { kind: "timestamp", readOnly: true, nullable: true, grid: "hidden" },
});

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

/** POST /api/notifications/mail/bounces/: a bounce (a delivery status notification) of an address. */
export const mailBounceBody = z.object({
  address: z.string().trim().toLowerCase().email().max(254),
  reason: z.string().trim().min(1).max(1000),
});
export const mailBounceAnswer = z.object({ users: z.number() });
