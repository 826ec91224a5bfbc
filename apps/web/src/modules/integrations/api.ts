import type { ApiKey } from "@portal/domain";
import { apiFetch } from "../../app/api-client";

// The calls of /integrations: a new API key (its secret in the answer, once) and a key revoked; the grid lists the
// keys itself (GET /api/api-keys/).

export const API_KEYS = "/api/api-keys/";

export type ApiKeyFormValues = { name: string; read_only: boolean; expires_in_days: number | null };

/** Makes a key: the answer holds its secret (`key`), which nothing shows again. Field errors go to the form. */
export const createApiKey = (values: ApiKeyFormValues) =>
  apiFetch("POST /api/api-keys/", {
    json: {
      name: values.name,
      read_only: values.read_only,
      ...(values.expires_in_days === null ? {} : { expires_in_days: values.expires_in_days }),
    },
    silent: true,
  });

/** Revokes a key; the list then shows it revoked. */
export const revokeApiKey = (key: ApiKey) =>
  apiFetch("POST /api/api-keys/:id/revoke/", { params: { id: key.id }, silent: true });
