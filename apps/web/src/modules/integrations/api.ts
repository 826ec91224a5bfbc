import { type ApiKey, type ApiKeyCreated, apiKeyFields } from "@portal/domain";
import { apiFetch } from "../../app/api-client";
import { queryClient } from "../../app/query-client";
import { resourceClient } from "../../app/resource-client";

// The calls of /integrations: the API keys the user sees (list), a new key (its secret in the answer, once), a
// key revoked. Each write drops the keys' cached list, so the grid shows it at once.

export type ApiKeyFormValues = { name: string; read_only: boolean; expires_in_days: number | null };

export const apiKeys = resourceClient<typeof apiKeyFields, ApiKey>("/api/api-keys/", apiKeyFields);

/** Makes a key: the answer holds its secret (`key`), which nothing shows again. */
export const createApiKey = (values: ApiKeyFormValues) =>
  apiKeys.create({
    name: values.name,
    read_only: values.read_only,
    ...(values.expires_in_days === null ? {} : { expires_in_days: values.expires_in_days }),
  }) as unknown as Promise<ApiKeyCreated>;

/** Revokes a key; the list then shows it revoked. */
export const revokeApiKey = (key: ApiKey) =>
  apiFetch("POST /api/api-keys/:id/revoke/", { params: { id: key.id } }).finally(
    () => void queryClient.invalidateQueries({ queryKey: apiKeys.queryKey }),
  );
