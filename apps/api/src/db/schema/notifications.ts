import type { NotificationKind, NotificationObject } from "@portal/domain";
import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { companies, users } from "./identity.ts";

// Notifications (docs/notifications.md): an event, written in the transaction of the change that causes it; one
// entry per recipient, read in the portal; the mails sent (or kept in the outbox when no SMTP server is configured);
// each user's settings.

/** Something that happened to an object, once. */
export const notificationEvents = pgTable(
  "notification_events",
  {
    id: serial("id").primaryKey(),
    kind: varchar("kind", { length: 40 }).$type<NotificationKind>().notNull(),
    /** Who caused it; null when the system did (the customs system, an export's job). */
    actor_id: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The company whose object it is (the tenancy scope of its recipients); null for a sign-up. */
    company_id: integer("company_id").references(() => companies.id, { onDelete: "set null" }),
    object_type: varchar("object_type", { length: 20 }).$type<NotificationObject>().notNull(),
    object_id: integer("object_id").notNull(),
    /** What the message says besides the object (a status's id, a comment, the customs system's message). */
    params: jsonb("params").$type<Record<string, string | number | null>>().notNull().default({}),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("notification_events_object_idx").on(table.object_type, table.object_id)],
);

/** One recipient's entry of an event: the bell counts the unread ones. */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    event_id: integer("event_id")
      .notNull()
      .references(() => notificationEvents.id, { onDelete: "cascade" }),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    read_at: timestamp("read_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("notifications_event_user_idx").on(table.event_id, table.user_id),
    index("notifications_user_idx").on(table.user_id, table.id),
    index("notifications_unread_idx").on(table.user_id).where(sql`${table.read_at} is null`),
  ],
);

/**
 * A mail to a user: one per entry (`notification_id`), or one digest of a day's entries (`digest_date`); each at
 * most once. `kept` when no SMTP server is configured: administrators read it in the portal's outbox.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    notification_id: integer("notification_id").references(() => notifications.id, { onDelete: "set null" }),
    digest_date: date("digest_date"),
    to_address: varchar("to_address", { length: 254 }).notNull(),
    language: varchar("language", { length: 2 }).notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** sending, sent, kept (no SMTP server), refused (the server refused the address), retrying, failed (MAIL_STATES). */
    state: varchar("state", { length: 10 }).notNull().default("sending"),
    error: text("error").notNull().default(""),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sent_at: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("mail_outbox_notification_idx").on(table.notification_id),
    uniqueIndex("mail_outbox_digest_idx").on(table.user_id, table.digest_date),
    index("mail_outbox_created_idx").on(table.id),
  ],
);

/**
 * A user's notification settings, as the user edits them (their `version` guards the user's saves); a user without a
 * row gets every kind by e-mail, one mail per event.
 */
export const notificationSettings = pgTable("notification_settings", {
  user_id: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The kinds mailed; the others are only in the portal. */
  email_kinds: text("email_kinds").array().$type<NotificationKind[]>().notNull(),
  /** One mail a day with the day's entries instead of one per event. */
  email_digest: boolean("email_digest").notNull().default(false),
  version: integer("version").notNull().default(1),
});

/**
 * The address of a user that the mail server refused (a 5xx to RCPT TO, or an administrator's bounce), the latest
 * one: no mail goes to it while it is the user's address. Kept apart from the settings, which the user edits under
 * their version: a refusal arriving while a profile page is open must not make its save a 409.
 */
export const mailRefusals = pgTable("mail_refusals", {
  user_id: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  address: varchar("address", { length: 254 }).notNull(),
  reason: text("reason").notNull().default(""),
  refused_at: timestamp("refused_at", { withTimezone: true }).notNull().defaultNow(),
});
