import { companyFields, rowSchema } from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { listRoute } from "../../http/list-route.ts";
import { idParams } from "../../http/params.ts";
import type { ModuleContext } from "../index.ts";

const companySchema = rowSchema(companyFields);
const person = { first_name: z.string(), last_name: z.string(), phone: z.string(), email: z.string() };
const managerSchema = z.object({
  id: z.number(),
  manager_id: z.number(),
  manager: z.object(person),
  ...person,
});

export const companiesRoutes: FastifyPluginAsyncZod<ModuleContext> = async (
  app,
  { services: { companies } },
) => {
  listRoute(app, {
    url: "/profile/api/companies/",
    tags: ["companies"],
    summary: "Companies (managers: all; others: their own and related ones)",
    item: companySchema,
    list: (user, query) => companies.list(user, query),
  });

  app.get(
    "/profile/api/companies/:id/managers/",
    {
      config: { auth: true },
      schema: {
        tags: ["companies"],
        summary: "The company's managers (Contacts popup)",
        params: idParams,
        response: { 200: z.object({ results: z.array(managerSchema), count: z.number() }) },
      },
    },
    async (request) => companies.managers(await request.requireUser(), request.params.id),
  );
};
