import { z } from "zod";

/** Where the API's OpenAPI document and console are served. */
export const API_DOCS_PATH = "/api/docs";

/** `GET /api/config/`: the public settings of the portal (an empty string where the deployment sets none). */
export const appConfigSchema = z.object({
  version: z.string(),
  /** The deployment's external admin page (spec 02 §2, the staff's Admin area tile); none by default. */
  admin_url: z.string(),
  /** The API's documentation and console (`API_DOCS_PATH`), the staff's API documentation tile. */
  api_docs_url: z.string(),
  user_manual_url: z.string(),
  service_desk_url: z.string(),
  support_email: z.string(),
  /** The largest file an upload takes (UPLOAD_MAX_BYTES): the browser refuses a larger one before sending it. */
  upload_max_bytes: z.number().int().positive(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/** `GET /api/health/`: the process answers (a load balancer's liveness check). */
export const healthAnswer = z.object({ status: z.literal("ok") });
