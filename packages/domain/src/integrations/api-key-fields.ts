// Plain data, no zod (as every field set): the labels catalog and the web's grid read it without the schemas.
import { defineFields } from "../fields/define.ts";

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
