// Plain data, no zod (as every field set): the labels catalog and the web's grid read it without the schemas.
import { defineFields } from "../fields/define.ts";
import type { NotificationKind } from "../notifications/kinds.ts";

/** Every webhook signing secret begins so (Standard Webhooks): base64 of its 32 random bytes follows. */
export const WEBHOOK_SECRET_PREFIX = "whsec_";
/** The most endpoints a company has. */
export const WEBHOOK_ENDPOINTS_MAX = 10;
/** How long the previous secret still signs after a rotation, in hours. */
export const WEBHOOK_PREVIOUS_SECRET_HOURS = 24;
/** How long the delivery log is kept, in days. */
export const WEBHOOK_LOG_DAYS = 30;

/**
 * The events an endpoint may be subscribed to (docs/integrations.md): the events of a company's objects, emitted
 * once through the notifications' mechanism. `webhook.test` is sent only by "send a test event".
 */
export const WEBHOOK_EVENT_KINDS = [
  "order_created",
  "order_status_changed",
  "order_returned",
  "order_submitted",
  "order_cost_approved",
  "order_paid",
  "order_document_added",
  "container_added",
  "container_changed",
  "tracking_event_recorded",
  "package_accepted",
  "package_rejected",
  "package_withdrawn",
  "declaration_released",
  "export_ready",
  "export_failed",
] as const satisfies readonly NotificationKind[];
export type WebhookEventKind = (typeof WEBHOOK_EVENT_KINDS)[number];

/** One attempt of a delivery as the log (`GET /api/webhooks/deliveries/`, the list pattern) answers it. */
export const webhookDeliveryFields = defineFields({
  id: { kind: "id" },
  endpoint_id: { kind: "integer", readOnly: true },
  event_id: { kind: "integer", readOnly: true, nullable: true },
  message_id: { kind: "text", max: 100, readOnly: true, searchable: true, grid: "shown" },
  kind: { kind: "text", max: 40, readOnly: true, grid: "shown" },
  attempt: { kind: "integer", readOnly: true, grid: "shown" },
  status: { kind: "integer", readOnly: true, nullable: true, grid: "shown" },
  succeeded: { kind: "boolean", readOnly: true, grid: "shown" },
  duration_ms: { kind: "integer", readOnly: true, grid: "shown" },
  response: { kind: "text", max: 1000, readOnly: true, grid: "shown" },
  error: { kind: "text", max: 500, readOnly: true, grid: "shown" },
  created_at: { kind: "timestamp", readOnly: true, grid: "shown" },
});
