import { apiFetch } from "../../app/api-client";

// The webhooks' calls (docs/integrations.md): a company's endpoints, their secrets, a test, the replays; the
// delivery log is the grid's (GET /api/webhooks/deliveries/).

export const WEBHOOK_ENDPOINTS = "/api/webhooks/endpoints/";
export const WEBHOOK_DELIVERIES = "/api/webhooks/deliveries/";

export type WebhookEndpointFormValues = {
  url: string;
  description: string;
  kinds: string[];
  enabled: boolean;
};

export const listWebhookEndpoints = () => apiFetch("GET /api/webhooks/endpoints/", {});

/** Registers an endpoint; field errors go to the form. */
export const createWebhookEndpoint = (values: WebhookEndpointFormValues) =>
  apiFetch("POST /api/webhooks/endpoints/", { json: values, silent: true });

export const changeWebhookEndpoint = (id: number, values: Partial<WebhookEndpointFormValues>) =>
  apiFetch("PATCH /api/webhooks/endpoints/:id/", { params: { id }, json: values, silent: true });

export const deleteWebhookEndpoint = (id: number) =>
  apiFetch("DELETE /api/webhooks/endpoints/:id/", { params: { id } });

export const webhookSecret = (id: number) =>
  apiFetch("GET /api/webhooks/endpoints/:id/secret/", { params: { id } });

export const rotateWebhookSecret = (id: number) =>
  apiFetch("POST /api/webhooks/endpoints/:id/rotate-secret/", { params: { id } });

export const testWebhookEndpoint = (id: number) =>
  apiFetch("POST /api/webhooks/endpoints/:id/test/", { params: { id } });

export const replayWebhookDelivery = (id: number) =>
  apiFetch("POST /api/webhooks/deliveries/:id/replay/", { params: { id } });

export const replayFailedWebhooks = (id: number, since: Date) =>
  apiFetch("POST /api/webhooks/endpoints/:id/replay-failed/", {
    params: { id },
    json: { since: since.toISOString() },
  });
