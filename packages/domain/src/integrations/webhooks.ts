import { z } from "zod";
import { typedRowSchema } from "../fields/schemas.ts";
import { lineText } from "../values/schemas.ts";
import { WEBHOOK_EVENT_KINDS, webhookDeliveryFields } from "./webhook-fields.ts";

/** A company's webhook endpoint as the API answers it: never its secret (`…/secret/` reveals it). */
export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  url: z.string(),
  description: z.string(),
  kinds: z.array(z.enum(WEBHOOK_EVENT_KINDS)),
  enabled: z.boolean(),
  disabled_reason: z.enum(["gone", "failing"]).nullable(),
  failing_since: z.iso.datetime({ offset: true }).nullable(),
  created_at: z.iso.datetime({ offset: true }),
  version: z.number().int(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointList = z.object({
  count: z.number().int(),
  results: z.array(webhookEndpointSchema),
});

const url = () => lineText().min(1).max(2000);
const kinds = () => z.array(z.enum(WEBHOOK_EVENT_KINDS)).min(1).max(WEBHOOK_EVENT_KINDS.length);

/** `POST /api/webhooks/endpoints/`: the URL, the kinds, enabled (default) or paused; `company` for staff. */
export const webhookEndpointCreateBody = z.object({
  url: url(),
  description: lineText().max(200).optional(),
  kinds: kinds(),
  enabled: z.boolean().optional(),
  company: z.number().int().positive().optional(),
});
export type WebhookEndpointCreateBody = z.infer<typeof webhookEndpointCreateBody>;

/** `PATCH /api/webhooks/endpoints/{id}/`: any of them; enabling a disabled endpoint clears why it was. */
export const webhookEndpointPatchBody = z.object({
  url: url().optional(),
  description: lineText().max(200).optional(),
  kinds: kinds().optional(),
  enabled: z.boolean().optional(),
});
export type WebhookEndpointPatchBody = z.infer<typeof webhookEndpointPatchBody>;

/** `GET …/secret/` and `POST …/rotate-secret/`: the signing secret, and the previous one while it still signs. */
export const webhookSecretAnswer = z.object({
  secret: z.string(),
  previous_secret: z.string().nullable(),
  previous_secret_until: z.iso.datetime({ offset: true }).nullable(),
});
export type WebhookSecret = z.infer<typeof webhookSecretAnswer>;

export const webhookDeliverySchema = typedRowSchema(webhookDeliveryFields);
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** `POST …/replay-failed/`: every failed delivery of the endpoint since a time, sent again. */
export const webhookReplayFailedBody = z.object({ since: z.iso.datetime({ offset: true }) });
/** How many deliveries a replay or a test queued. */
export const webhookQueuedAnswer = z.object({ queued: z.number().int() });
