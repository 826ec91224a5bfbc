import type { FieldLabelCatalog } from "../catalog.ts";

/** Labels of the integrations' fields (API keys), in English. */
export const integrations: Pick<FieldLabelCatalog, "api_key"> = {
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
};
