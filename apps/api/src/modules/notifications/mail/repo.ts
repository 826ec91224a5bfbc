import type { MailState, NotificationKind } from "@portal/domain";
import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { updateVersioned } from "../../../core/versioned.ts";
import { Repo } from "../../../db/repo.ts";
import {
  mailOutbox,
  mailRefusals,
  notificationEvents,
  notificationSettings,
  notifications,
  users,
} from "../../../db/schema/index.ts";

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
export type NotificationSettingsRow = typeof notificationSettings.$inferSelect;
export type MailRefusalRow = typeof mailRefusals.$inferSelect;

/**
 * A user as their mails need them: the address, the language, their settings (null: never saved) and the latest
 * refusal of an address of theirs (null: none).
 */
export interface MailRecipient {
  id: number;
  email: string;
  language: string;
  is_active: boolean;
  settings: NotificationSettingsRow | null;
  refusal: MailRefusalRow | null;
}

/** What a new outbox row holds; the state starts as `sending`. */
export type MailValues = Omit<typeof mailOutbox.$inferInsert, "id" | "state" | "created_at">;

/** Queries of the mail: the recipients with their settings, the outbox, the refused addresses. */
export class MailRepo extends Repo {
  /** The users with their settings, by id (unknown ids left out). */
  async recipients(userIds: number[]): Promise<MailRecipient[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .select({
        id: users.id,
        email: users.email,
        language: users.language,
        is_active: users.is_active,
        settings: notificationSettings,
        refusal: mailRefusals,
      })
      .from(users)
      .leftJoin(notificationSettings, eq(notificationSettings.user_id, users.id))
      .leftJoin(mailRefusals, eq(mailRefusals.user_id, users.id))
      .where(inArray(users.id, userIds));
    return rows;
  }

  async recipient(userId: number): Promise<MailRecipient | undefined> {
    return (await this.recipients([userId]))[0];
  }

  /**
   * Saves a user's kinds and digest when their settings are still at `version` (0: never saved), through the
   * versioned write (the same settings again keep their version): answers false when they have moved on (another
   * tab saved since), which the service answers with 409. A refusal of the user's address is kept apart (`refuse`)
   * and never moves them.
   */
  async saveSettings(
    userId: number,
    values: { email_kinds: NotificationKind[]; email_digest: boolean },
    version: number,
  ): Promise<boolean> {
    if (version === 0) {
      const inserted = await this.db
        .insert(notificationSettings)
        .values({ user_id: userId, ...values })
        .onConflictDoNothing()
        .returning({ user_id: notificationSettings.user_id });
      return inserted.length > 0;
    }
    const saved = await updateVersioned(this.db, notificationSettings, userId, values, version, {
      key: notificationSettings.user_id,
    });
    return saved !== "missing";
  }

  /**
   * Marks an address refused for every user whose address it is (their latest refusal, in place of an earlier one),
   * leaving their settings as they are; answers those users' ids.
   */
  async refuse(address: string, reason: string): Promise<number[]> {
    const owners = await this.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${address.toLowerCase()}`);
    if (owners.length === 0) return [];
    const refused = { address, reason: reason.slice(0, 1000), refused_at: new Date() };
    await this.db
      .insert(mailRefusals)
      .values(owners.map(({ id }) => ({ user_id: id, ...refused })))
      .onConflictDoUpdate({ target: mailRefusals.user_id, set: refused });
    return owners.map((owner) => owner.id);
  }

  /**
   * Claims the mail of an entry, or of a user's digest of a day, for this attempt: a new row, or one an earlier
   * attempt left `retrying` after the server put it off (it was not taken). Answers the row, or undefined when
   * another attempt has it or had it (sending, sent, kept, refused): never sent twice.
   */
  async claim(values: MailValues): Promise<MailOutboxRow | undefined> {
    const [inserted] = await this.db.insert(mailOutbox).values(values).onConflictDoNothing().returning();
    if (inserted) return inserted;
    const which =
      values.notification_id != null
        ? eq(mailOutbox.notification_id, values.notification_id)
        : and(eq(mailOutbox.user_id, values.user_id), eq(mailOutbox.digest_date, values.digest_date ?? ""));
    const [retried] = await this.db
      .update(mailOutbox)
      .set({ ...values, state: "sending", error: "" })
      .where(and(which, eq(mailOutbox.state, "retrying")))
      .returning();
    return retried;
  }

  /**
   * Ends an attempt: sent, kept, refused or failed for good, or `retrying` (the server put it off: a later attempt
   * claims it again), with the server's reason.
   */
  async finish(id: number, state: Exclude<MailState, "sending">, error = "") {
    await this.db
      .update(mailOutbox)
      .set({
        state,
        error: error.slice(0, 1000),
        sent_at: state === "sent" || state === "kept" ? new Date() : null,
      })
      .where(eq(mailOutbox.id, id));
  }

  byId(id: number): Promise<MailOutboxRow | undefined> {
    return this.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, id))
      .then((rows) => rows[0]);
  }

  /**
   * A user's entries created in [from, to) of the given kinds that have no mail of their own (mailed before the
   * user chose the digest), oldest first: a digest's content.
   */
  async entriesForDigest(userId: number, from: Date, to: Date, kinds: NotificationKind[]): Promise<number[]> {
    if (kinds.length === 0) return [];
    const rows = await this.db
      .select({ id: notifications.id })
      .from(notifications)
      .innerJoin(notificationEvents, eq(notificationEvents.id, notifications.event_id))
      .where(
        and(
          eq(notifications.user_id, userId),
          gte(notifications.created_at, from),
          lt(notifications.created_at, to),
          inArray(notificationEvents.kind, kinds),
          sql`not exists (select 1 from ${mailOutbox} where ${mailOutbox.notification_id} = ${notifications.id})`,
        ),
      )
      .orderBy(asc(notifications.id));
    return rows.map((row) => row.id);
  }

  async setLanguage(userId: number, language: string): Promise<void> {
    await this.db.update(users).set({ language }).where(eq(users.id, userId));
  }
}
