import { z } from "zod";
import { defineFields } from "../fields/define.ts";
import { fieldInputSchema, fieldsBody } from "../fields/schemas.ts";

/** Every API key begins so, so that secret scanners recognise a leaked one (docs/integrations.md). */
export const API_KEY_PREFIX = "fpk_";
/** The longest and the default life of a key, in days. */
export const API_KEY_MAX_DAYS = 365;
export const API_KEY_DEFAULT_DAYS = 90;

/**
 * An API key as its list (`GET /api/api-keys/`, the list pattern) sorts and filters it and the API answers it: never
 * its secret, which only the answer that creates it holds (`apiKeyCreatedSchema`).
 */
export const apiKeyFields = defineFields({
  id: { kind: "id" },
  name: { kind: "text", max: 100, required: true, searchable: true, grid: "shown" },
  /** The key's public part (`fpk_` and 16 hex digits): how a user tells their keys apart. */
  prefix: { kind: "text", max: 20, readOnly: true, grid: "shown" },
  read_only: { kind: "boolean", grid: "shown" },
  user_id: { kind: "integer", readOnly: true },
  username: { kind: "text", max: 150, readOnly: true, searchable: true, grid: "shown" },
  created_at: { kind: "timestamp", readOnly: true, grid: "shown" },
  expires_at: { kind: "timestamp", readOnly: true, grid: "shown" },
  revoked_at: { kind: "timestamp", readOnly: true, nullable: true, grid: "shown" },
  last_used_at: { kind: "timestamp", readOnly: true, nullable: true, grid: "shown" },
  last_used_address: { kind: "text", max: 64, readOnly: true, nullable: true, grid: "shown" },
});

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  read_only: z.boolean(),
  user_id: z.number().int(),
  username: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  expires_at: z.iso.datetime({ offset: true }),
  revoked_at: z.iso.datetime({ offset: true }).nullable(),
  last_used_at: z.iso.datetime({ offset: true }).nullable(),
  last_used_address: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer that creates a key: the key, and its whole secret, shown this once. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

/** `POST /api/api-keys/`: a name, read-only or not (default read-write), and its life in days (1–365, default 90). */
export const apiKeyCreateBody = fieldsBody(apiKeyFields, ["name", "read_only"], "as-defined").extend({
  expires_in_days: (
    fieldInputSchema({ kind: "integer", min: 1, max: API_KEY_MAX_DAYS }, false) as z.ZodType<number>
  ).optional(),
});
export type ApiKeyCreateBody = z.infer<typeof apiKeyCreateBody>;
