import { companyFields, companyManagerFields, companyPolicy, relatedUserFields } from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CrudService } from "../../core/crud.ts";
import type { Principal } from "../../core/principal.ts";
import type { PathIds } from "../../http/access.ts";
import { crudRoutes } from "../../http/crud-routes.ts";
import { listRoute } from "../../http/list-route.ts";
import { pathId } from "../../http/params.ts";
import type { ModuleContext } from "../services.ts";
import { employeeCreateBody, userSchema } from "../users/schemas.ts";
import { managerLink, relatedUserLink } from "./links.ts";
import { companyResource } from "./repo.ts";

const tags = ["companies"];
const companyParams = z.object({ companyId: pathId });

export const companiesRoutes: FastifyPluginAsyncZod<ModuleContext> = async (
  app,
  { db, services: { companies, users } },
) => {
  crudRoutes(app, {
    url: "/profile/api/companies/",
    tags,
    name: "Companies (managers: all; others: their own and related ones)",
    fields: companyFields,
    service: new CrudService(db, companyResource),
  });

  const employees = "/profile/api/companies/:companyId/users/";
  // A company's employees are for its managers (companyPolicy.canWrite): the company is opened as a change opens it
  const toManage = {
    allow: companyPolicy.canWrite,
    open: (user: Principal, ids: PathIds) => users.companyToManage(user, ids.companyId as number),
  };
  listRoute(app, {
    url: employees,
    access: { allow: companyPolicy.canWrite },
    tags,
    summary: "The company's employees (managers)",
    item: userSchema,
    params: companyParams,
    list: (user, query, params) => users.employees.list(user, query, undefined, params.companyId),
  });
  app.post(
    employees,
    {
      config: { access: toManage },
      schema: {
        tags,
        summary: "Add an employee, approved and active (managers)",
        params: companyParams,
        body: employeeCreateBody,
        response: { 201: userSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await users.employees.create(await request.requireUser(), request.body, request.params.companyId),
        ),
  );

  // A company's linked users: listed, added and removed (`{companyId}/managers/{id}/`), never changed
  const open = companies.open.bind(companies);
  const links = { tags, parent: "companyId", operations: ["list", "create", "delete"] } as const;
  crudRoutes(app, {
    ...links,
    url: "/profile/api/companies/:companyId/managers/",
    name: "The company's managers (read: its users, the Contacts popup; change: administrators)",
    fields: companyManagerFields,
    service: new CrudService(db, managerLink(open)),
  });
  crudRoutes(app, {
    ...links,
    url: "/profile/api/companies/:companyId/related_users/",
    name: "The company's related users (managers)",
    fields: relatedUserFields,
    service: new CrudService(db, relatedUserLink(open)),
  });
};
