import { companyFields, companyManagerSchema } from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CrudService } from "../../core/crud.ts";
import { crudRoutes } from "../../http/crud-routes.ts";
import { idParams } from "../../http/params.ts";
import type { ModuleContext } from "../index.ts";
import { companyResource } from "./repo.ts";

export const companiesRoutes: FastifyPluginAsyncZod<ModuleContext> = async (
  app,
  { db, services: { companies } },
) => {
  crudRoutes(app, {
    url: "/profile/api/companies/",
    tags: ["companies"],
    name: "Companies (managers: all; others: their own and related ones)",
    fields: companyFields,
    service: new CrudService(db, companyResource),
  });

  app.get(
    "/profile/api/companies/:id/managers/",
    {
      config: { auth: true },
      schema: {
        tags: ["companies"],
        summary: "The company's managers (Contacts popup)",
        params: idParams,
        response: { 200: z.object({ results: z.array(companyManagerSchema), count: z.number() }) },
      },
    },
    async (request) => companies.managers(await request.requireUser(), request.params.id),
  );
};
