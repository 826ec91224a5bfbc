import { exportTaskFields, exportTaskPolicy, rowSchema } from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RouteAccess } from "../../http/access.ts";
import { crudRoutes } from "../../http/crud-routes.ts";
import { sendAttachment } from "../../http/downloads.ts";
import { listRoute } from "../../http/list-route.ts";
import { idParams } from "../../http/params.ts";
import type { ModuleContext } from "../services.ts";

const TASKS = "/tracking/api/export-tasks/";

/**
 * The export of documents for a period (spec 02 §2, §7; docs/exports.md): the tasks' list (the list pattern, the
 * failures' reasons in the caller's language), a new task (`{company, from_date, to_date}`, built by a job), its
 * archive's download (`{id}`, with or without the slash) and, for managers, its deletion with the archive.
 */
export const exportsRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, { services: { exports } }) => {
  const tags = ["exports"];
  const name = "Export tasks (of the companies the user sees; run by a job, downloaded when done)";

  listRoute(app, {
    url: TASKS,
    tags,
    summary: `${name}: list`,
    item: rowSchema(exportTaskFields),
    list: (user, query, _params, { t }) => exports.list(user, query, t),
  });

  crudRoutes(app, {
    url: TASKS,
    tags,
    name,
    fields: exportTaskFields,
    service: exports.tasks,
    operations: ["create"],
  });

  // Another company's task is a 404 before anything else
  const opens: RouteAccess = { open: (user, ids) => exports.tasks.get(user, ids.id as number) };
  // Answered with or without the trailing slash (the app ignores it), as the spec writes it: `export-tasks/{id}`
  app.get(
    `${TASKS}:id/`,
    {
      config: { access: opens },
      schema: {
        tags,
        summary: "Download the task's archive (ZIP) once it is done; 400 while it runs or when it failed",
        params: idParams,
      },
    },
    async (request, reply) =>
      sendAttachment(
        reply,
        await exports.download(await request.requireUser(), request.params.id, request.lang),
      ),
  );

  app.delete(
    `${TASKS}:id/`,
    {
      config: { access: { ...opens, allow: (user) => exportTaskPolicy.canDelete?.(user) ?? false } },
      schema: { tags, summary: "Delete the task and its archive (managers)", params: idParams },
    },
    async (request, reply) => {
      await exports.remove(await request.requireUser(), request.params.id);
      return reply.status(204).send();
    },
  );
};
