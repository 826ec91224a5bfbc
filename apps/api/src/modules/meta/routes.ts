import { API_DOCS_PATH, appConfigSchema, healthAnswer } from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleContext } from "../services.ts";

/** Public settings the web app needs: version label, the help links, the largest upload. */
export const metaRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, { config }) => {
  const body = {
    version: config.version,
    admin_url: config.ADMIN_URL,
    api_docs_url: API_DOCS_PATH,
    user_manual_url: config.USER_MANUAL_URL,
    service_desk_url: config.SERVICE_DESK_URL,
    support_email: config.SUPPORT_EMAIL,
    upload_max_bytes: config.UPLOAD_MAX_BYTES,
  };
  app.get(
    "/api/config/",
    {
      config: { access: "anyone" },
      schema: {
        tags: ["meta"],
        summary: "Public settings of the portal",
        response: {
          200: appConfigSchema,
        },
      },
    },
    async () => body,
  );
  const liveness = {
    config: { access: "anyone" as const },
    schema: { tags: ["meta"], summary: "Liveness", response: { 200: healthAnswer } },
  };
  app.get("/api/health/", liveness, async () => ({ status: "ok" as const }));
};
