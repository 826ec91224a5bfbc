import {
  LANGUAGES,
  type Language,
  type MailOutboxDetail,
  mailKindsFor,
  type mailOutboxFields,
  type NotificationKind,
  type NotificationSettings,
  type NotificationSettingsBody,
  type RowOf,
} from "@portal/domain";
import { Conflict, NotFound, ValidationFailed } from "../../../core/errors.ts";
import { findList, findOne, type Groups, type Page } from "../../../core/find-page.ts";
import type { ListQuery } from "../../../core/list-query.ts";
import type { Principal } from "../../../core/principal.ts";
import type { Db } from "../../../db/client.ts";
import type { JobRun } from "../../../jobs/job-type.ts";
import type { JobQueue } from "../../../jobs/queue.ts";
import { serverDay } from "../../containers/customs-day.ts";
import type { NotificationDelivery, NotificationEntry } from "../delivery.ts";
import type { NotificationsService } from "../service.ts";
import {
  type MailDigestJob,
  type MailEntryJob,
  type MailJobSettings,
  type MailJobTypes,
  mailJobTypes,
} from "./jobs.ts";
import type { MailOutboxRow, MailRecipient, MailRepo, MailValues } from "./repo.ts";
import { mailOutboxList } from "./resources.ts";
import { digestMail, type MailContent, notificationMail } from "./template.ts";
import { type MailTransport, mailFailure } from "./transport.ts";

export type MailOutboxItem = RowOf<typeof mailOutboxFields>;

export interface MailSettings extends MailJobSettings {
  /** The base of the links in mails (PORTAL_URL). */
  portalUrl: string;
  /** The hour (server time) at which a day's digests go out, the next morning. */
  digestHour: number;
}

/**
 * Notifications by e-mail (docs/mail.md). As a delivery, it gets each event's entries in the event's transaction
 * and sends a job per entry the recipient wants mailed (or, on a digest, one job per recipient and day, sent for the
 * next morning). A job checks the recipient's settings again, renders the mail in their language, claims its outbox
 * row and only then talks to the SMTP server: a row claimed once is never sent again (at most once), and a mail the
 * server put off is retried. Without an SMTP server the mail is kept in the outbox, which administrators read.
 */
export class MailService implements NotificationDelivery {
  readonly jobTypes: MailJobTypes;

  constructor(
    private readonly db: Db,
    private readonly repo: MailRepo,
    private readonly notifications: NotificationsService,
    private readonly jobs: JobQueue,
    private readonly transport: MailTransport | null,
    private readonly settings: MailSettings,
  ) {
    this.jobTypes = mailJobTypes(
      {
        sendEntry: (job, run) => this.sendEntry(job, run),
        sendDigest: (job, run) => this.sendDigest(job, run),
      },
      settings,
    );
  }

  /** The delivery: a job per entry mailed now, one per recipient and day for those on a digest. */
  async entriesAdded(db: Db, entries: NotificationEntry[]): Promise<void> {
    const recipients = new Map(
      (await this.repo.in(db).recipients(entries.map((entry) => entry.user_id))).map((user) => [
        user.id,
        user,
      ]),
    );
    const today = serverDay();
    for (const entry of entries) {
      const recipient = recipients.get(entry.user_id);
      if (!recipient || !wantsMail(recipient, entry.kind)) continue;
      if (recipient.settings?.email_digest) {
        await this.jobs.send(
          db,
          this.jobTypes.digest,
          { user: recipient.id, date: today },
          { startAfterSeconds: Math.max(0, (this.digestTime(today).getTime() - Date.now()) / 1000) },
        );
      } else {
        await this.jobs.send(db, this.jobTypes.entry, { entry: entry.id });
      }
    }
  }

  /** mail.send-notification: the entry's mail, if its recipient still wants it, at most once. */
  private async sendEntry(job: MailEntryJob, run: JobRun): Promise<void> {
    // Whose entry it is and its kind (the entry is rendered again below, in its recipient's language)
    const [owner] = await this.notifications.loadRendered(this.db, [job.entry], "ru");
    if (!owner) return;
    const recipient = await this.repo.recipient(owner.user_id);
    // Settings may have changed since the event: checked again now
    if (!recipient || !wantsMail(recipient, owner.kind) || recipient.settings?.email_digest) return;
    const language = languageOf(recipient);
    const [entry] = await this.notifications.loadRendered(this.db, [job.entry], language);
    if (!entry) return;
    const content = notificationMail(entry, language, this.settings.portalUrl);
    await this.deliver(
      { user_id: recipient.id, notification_id: entry.id, to_address: recipient.email, language, ...content },
      run,
    );
  }

  /** mail.send-digest: one mail with the day's entries of the user's kinds not mailed on their own. */
  private async sendDigest(job: MailDigestJob, run: JobRun): Promise<void> {
    const recipient = await this.repo.recipient(job.user);
    if (!recipient || !canMail(recipient)) return;
    const kinds = recipient.settings?.email_kinds ?? [];
    const [year = 0, month = 1, day = 1] = job.date.split("-").map(Number);
    const ids = await this.repo.entriesForDigest(
      recipient.id,
      new Date(year, month - 1, day),
      new Date(year, month - 1, day + 1),
      kinds,
    );
    if (ids.length === 0) return;
    const language = languageOf(recipient);
    const entries = await this.notifications.loadRendered(this.db, ids, language);
    const content = digestMail(entries, job.date, language, this.settings.portalUrl);
    await this.deliver(
      { user_id: recipient.id, digest_date: job.date, to_address: recipient.email, language, ...content },
      run,
    );
  }

  /**
   * Claims the mail's outbox row, then sends it (or keeps it without an SMTP server). A refusal of the address
   * marks it refused for its users; a put-off is thrown, for the job to retry; any other failure is final.
   */
  private async deliver(values: MailValues & MailContent, run: JobRun): Promise<void> {
    const repo = this.repo;
    const row = await repo.claim(values);
    // Sent, being sent or ended by another attempt: never twice
    if (!row) return;
    if (!this.transport) return repo.finish(row.id, "kept");
    try {
      await this.transport.send({
        to: row.to_address,
        language: row.language,
        subject: row.subject,
        text: row.text,
        html: row.html,
      });
    } catch (error) {
      const failure = mailFailure(error);
      if (failure.kind === "refused") {
        await this.db.transaction(async (tx) => {
          await repo.in(tx).finish(row.id, "refused", failure.reason);
          await this.refuse(tx, row.to_address, failure.reason);
        });
        return;
      }
      if (failure.kind === "permanent") return repo.finish(row.id, "failed", failure.reason);
      await repo.finish(row.id, run.isLastAttempt ? "failed" : "retrying", failure.reason);
      throw error;
    }
    await repo.finish(row.id, "sent");
  }

  /** When a day's digest goes: the next day at the digest hour, server time. */
  private digestTime(day: string): Date {
    const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
    return new Date(year, month - 1, date + 1, this.settings.digestHour);
  }

  /** Marks an address refused for the users whose address it is: no mail goes to it while it is theirs. */
  private refuse(db: Db, address: string, reason: string): Promise<number[]> {
    return this.repo.in(db).refuse(address, reason);
  }

  /**
   * POST /api/notifications/mail/bounces/ (administrators): a bounce of an address (a delivery status notification
   * read from the sender's mailbox), marking it refused as the server's own refusal does; answers how many users
   * have that address.
   */
  async bounce(address: string, reason: string): Promise<{ users: number }> {
    const users = await this.db.transaction((tx) => this.refuse(tx, address, reason));
    return { users: users.length };
  }

  /** GET /api/notifications/settings/: the user's own settings (every kind they may get when never saved). */
  async getSettings(user: Principal): Promise<NotificationSettings> {
    const recipient = await this.repo.recipient(user.id);
    if (!recipient) throw new NotFound();
    return presentSettings(recipient, mailKindsFor(user));
  }

  /**
   * PUT /api/notifications/settings/: the kinds (each one the user may get) and the digest, when the settings are
   * still at the version the user read (409 with the current ones otherwise).
   */
  async saveSettings(user: Principal, body: NotificationSettingsBody): Promise<NotificationSettings> {
    const available = mailKindsFor(user);
    const unknown = body.email_kinds.filter((kind) => !(available as string[]).includes(kind));
    if (unknown.length > 0) {
      throw new ValidationFailed({
        email_kinds: unknown.map((value) => ({ key: "notification_kind_unknown", params: { value } })),
      });
    }
    const kinds = available.filter((kind) => body.email_kinds.includes(kind));
    const isSaved = await this.repo.saveSettings(
      user.id,
      { email_kinds: kinds, email_digest: body.email_digest },
      body.version,
    );
    const current = await this.getSettings(user);
    if (!isSaved) throw new Conflict(current);
    return current;
  }

  /** PUT /profile/api/users/me/language/, and each sign-in: the language the user's mails are written in. */
  async setLanguage(user: { id: number }, language: Language): Promise<void> {
    await this.repo.setLanguage(user.id, language);
  }

  /** GET /api/notifications/outbox/ (administrators): every mail, newest first. */
  listOutbox(query: ListQuery): Promise<Page<MailOutboxItem> | Groups> {
    return findList<MailOutboxItem>(this.db, mailOutboxList, query);
  }

  /** GET /api/notifications/outbox/{id}/ (administrators): one mail with its text and HTML. */
  async outboxMail(id: number): Promise<MailOutboxDetail> {
    const item = await findOne<MailOutboxItem>(this.db, mailOutboxList, id);
    const row = (await this.repo.byId(id)) as MailOutboxRow;
    return { ...item, text: row.text, html: row.html };
  }
}

/** Whether mails may go to the user at all: active, with an address the server has not refused. */
function canMail(user: MailRecipient): boolean {
  if (!user.is_active || !user.email) return false;
  return !isRefused(user);
}

/** Whether the server refused the user's present address: a refusal of an address they no longer have is history. */
function isRefused(user: MailRecipient): boolean {
  return user.refusal?.address.toLowerCase() === user.email.toLowerCase();
}

/** Whether the user wants this kind mailed (every kind until they save their settings) and may get mails. */
function wantsMail(user: MailRecipient, kind: NotificationKind): boolean {
  return canMail(user) && (user.settings?.email_kinds.includes(kind) ?? true);
}

function languageOf(user: MailRecipient): Language {
  return (LANGUAGES as readonly string[]).includes(user.language) ? (user.language as Language) : "ru";
}

function presentSettings(user: MailRecipient, available: NotificationKind[]): NotificationSettings {
  const settings = user.settings;
  // Reported with the settings, not part of them: their version is the user's saves' alone
  const refusal = isRefused(user) ? user.refusal : null;
  return {
    email_kinds: settings ? available.filter((kind) => settings.email_kinds.includes(kind)) : available,
    email_digest: settings?.email_digest ?? false,
    available_kinds: available,
    email: user.email,
    refused_address: refusal?.address ?? null,
    refused_reason: refusal?.reason ?? "",
    refused_at: refusal?.refused_at.toISOString() ?? null,
    version: settings?.version ?? 0,
  };
}
