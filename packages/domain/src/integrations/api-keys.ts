import { z } from "zod";
import { fieldInputSchema, fieldsBody } from "../fields/schemas.ts";
import { API_KEY_MAX_DAYS, apiKeyFields } from "./api-key-fields.ts";

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
