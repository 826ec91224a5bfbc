import type { FieldLabelCatalog } from "../catalog.ts";

/** Labels of the integrations' fields (API keys, webhook deliveries), in English. */
export const integrations: Pick<FieldLabelCatalog, "api_key" | "webhook_delivery"> = {
  api_key: {
    fields: {
      id: "No.",
      name: "Name",
      prefix: "Key",
      read_only: "Read-only",
      user_id: "User's No.",
      username: "User",
      created_at: "Created",
      expires_at: "Expires",
      revoked_at: "Revoked",
      last_used_at: "Last used",
      last_used_address: "Last address",
    },
    sections: {},
    choices: {},
  },
  webhook_delivery: {
    fields: {
      id: "No.",
      endpoint_id: "Endpoint's No.",
      event_id: "Event's No.",
      message_id: "Message",
      kind: "Event",
      attempt: "Attempt",
      status: "Answer",
      succeeded: "Delivered",
      duration_ms: "Time, ms",
      response: "Answer's text",
      error: "Error",
      created_at: "Sent",
    },
    sections: {},
    choices: {},
  },
};
