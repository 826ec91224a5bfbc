import { monitoringAnswer, monitoringFields, terminalReportFields } from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { crudRoutes } from "../../http/crud-routes.ts";
import type { ModuleContext } from "../services.ts";

/**
 * The monitoring (spec 02 §2, §7) and the terminal report: each a list of one row per container (the list pattern),
 * one row by the container's id, and a change of its own cells (`PATCH …/{container_id}/` with `version`). Rows are
 * never made or deleted here: they come and go with their container.
 */
export const monitoringRoutes: FastifyPluginAsyncZod<ModuleContext> = async (
  app,
  { services: { monitoring } },
) => {
  const operations = ["list", "get", "change"] as const;
  crudRoutes(app, {
    url: "/tracking/api/monitoring/",
    tags: ["monitoring"],
    name: "Monitoring (containers of approved, signed and in-progress orders; users with monitoring access read, managers change)",
    fields: monitoringFields,
    item: monitoringAnswer,
    service: monitoring.monitoring,
    operations,
  });
  crudRoutes(app, {
    url: "/tracking/api/reports/terminal-utro/",
    tags: ["monitoring"],
    name: "Terminal report (the containers of the user's companies' orders; managers change the terminal's cells)",
    fields: terminalReportFields,
    service: monitoring.terminalReport,
    operations,
  });
};
