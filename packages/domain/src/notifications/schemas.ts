import { z } from "zod";
import { defineFields } from "../fields/define.ts";
import { NOTIFICATION_KINDS } from "./kinds.ts";

/** One of the user's notifications as the API answers it, in the request's language. */
export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  /** The comment, the customs system's message…: lines separated by a line break; empty when there are none. */
  text: z.string(),
  /** The portal's page of the object (a path of the web app). */
  link: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

/**
 * The fields of the user's notifications as their list (`GET /api/notifications/`, the list pattern) sorts, filters
 * and groups them: newest first by default; `read=false` the unread ones. An entry answers `notificationSchema`,
 * its texts rendered in the request's language.
 */
export const notificationFields = defineFields({
  id: { kind: "id" },
  kind: { kind: "choice", choices: NOTIFICATION_KINDS, readOnly: true },
  created_at: { kind: "timestamp", readOnly: true },
  read: { kind: "boolean", readOnly: true },
});

/** `GET /api/notifications/unread-count/` (and what marking answers): how many are unread. */
export const unreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;
