import { defineFields } from "../fields/define.ts";
import { LANGUAGES } from "../messages/languages.ts";
import type { UserFlags } from "../users/flags.ts";
import {
  MANAGER_NOTIFICATION_KINDS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  WEBHOOK_ONLY_KINDS,
} from "./kinds.ts";

// Notifications by e-mail (docs/mail.md): who gets which kinds, who reads the outbox, and the outbox's fields. No
// zod here: the field labels' catalog, which every grid loads, reads these fields (the schemas are in mail.ts).

/** The kinds a user may get by e-mail: the managers' own kinds only for managers. */
export function mailKindsFor(user: Pick<UserFlags, "is_manager">): NotificationKind[] {
  return NOTIFICATION_KINDS.filter(
    (kind) =>
      !WEBHOOK_ONLY_KINDS.includes(kind) && (user.is_manager || !MANAGER_NOTIFICATION_KINDS.includes(kind)),
  );
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
