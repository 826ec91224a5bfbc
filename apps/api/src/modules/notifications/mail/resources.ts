import { mailOutboxFields } from "@portal/domain";
import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { resourceFrom } from "../../../core/resource.ts";
import { mailOutbox, users } from "../../../db/schema/index.ts";

const recipient = alias(users, "mail_recipient");

/** The outbox (GET /api/notifications/outbox/), newest first, with the recipient by name. */
export const mailOutboxList = resourceFrom({
  fields: mailOutboxFields,
  table: mailOutbox,
  joins: [{ table: recipient, on: eq(recipient.id, mailOutbox.user_id) }],
  people: {
    user: { first_name: recipient.first_name, last_name: recipient.last_name, username: recipient.username },
  },
  defaultOrdering: "-id",
});
