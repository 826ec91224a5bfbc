import type { NotificationKind } from "@portal/domain";
import { boolean, index, integer, pgTable, serial, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { companies, users } from "./identity.ts";
import { notificationEvents } from "./notifications.ts";

// Webhooks (docs/integrations.md): a company's endpoints, each told the company's events it is subscribed to (a
// delivery of the one event mechanism, docs/notifications.md), and the log of every attempt, kept 30 days.

/**
 * A company's webhook endpoint. Its signing secret (`whsec_…`) is sealed like the second factors' secrets
 * (SecretBox); after a rotation the previous one still signs until `previous_secret_until`.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: serial("id").primaryKey(),
    company_id: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    url: varchar("url", { length: 2000 }).notNull(),
    description: varchar("description", { length: 200 }).notNull().default(""),
    /** The event kinds delivered (WEBHOOK_EVENT_KINDS). */
    kinds: text("kinds").array().$type<NotificationKind[]>().notNull(),
    enabled: boolean("enabled").notNull().default(true),
    /** Why the portal disabled it (`gone`: it answered 410; `failing`: it failed for days); null when a user did. */
    disabled_reason: varchar("disabled_reason", { length: 20 }).$type<"gone" | "failing">(),
    secret: text("secret").notNull(),
    previous_secret: text("previous_secret"),
    previous_secret_until: timestamp("previous_secret_until", { withTimezone: true }),
    /** The first failure since the last success: past WEBHOOK_DISABLE_AFTER_HOURS, the endpoint is disabled. */
    failing_since: timestamp("failing_since", { withTimezone: true }),
    created_by: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    version: integer("version").notNull().default(1),
  },
  (table) => [index("webhook_endpoints_company_idx").on(table.company_id)],
);

/** One attempt to deliver an event (or a test) to an endpoint: what it answered, kept 30 days. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: serial("id").primaryKey(),
    endpoint_id: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** The event delivered; null for a test event. */
    event_id: integer("event_id").references(() => notificationEvents.id, { onDelete: "set null" }),
    /** The `webhook-id` sent: the same for every attempt and replay of an event to an endpoint. */
    message_id: varchar("message_id", { length: 100 }).notNull(),
    kind: varchar("kind", { length: 40 }).notNull(),
    attempt: integer("attempt").notNull(),
    /** The answer's HTTP status; null when none came (refused, timed out). */
    status: integer("status"),
    succeeded: boolean("succeeded").notNull(),
    duration_ms: integer("duration_ms").notNull(),
    /** The first bytes of the answer (WEBHOOK_RESPONSE_MAX). */
    response: text("response").notNull().default(""),
    error: varchar("error", { length: 500 }).notNull().default(""),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("webhook_deliveries_endpoint_idx").on(table.endpoint_id, table.id),
    index("webhook_deliveries_created_idx").on(table.created_at),
  ],
);
