import { apiKeyCreateBody, webhookEndpointCreateBody } from "@portal/domain";
import type { z } from "zod";
import type { ApiKeyFormValues } from "./api";
import type { WebhookEndpointFormValues } from "./webhooks-api";

// The key form's check: the API's own body (packages/domain), loaded with zod when the form is first sent.

export const apiKeyCreateForm = apiKeyCreateBody as unknown as z.ZodType<ApiKeyFormValues, ApiKeyFormValues>;

export const webhookEndpointForm = webhookEndpointCreateBody as unknown as z.ZodType<
  WebhookEndpointFormValues,
  WebhookEndpointFormValues
>;
