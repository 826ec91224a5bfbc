import {
  companyFields,
  companyManagerCreateBody,
  companyManagerSchema,
  relatedUserCreateBody,
  relatedUserSchema,
} from "@portal/domain";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { CrudService } from "../../core/crud.ts";
import { crudRoutes } from "../../http/crud-routes.ts";
import { listRoute } from "../../http/list-route.ts";
import { idParams, pathId } from "../../http/params.ts";
import type { ModuleContext } from "../index.ts";
import { employeeCreateBody, userSchema } from "../users/schemas.ts";
import { type CompanyLink, managerLink, relatedUserLink } from "./links.ts";
import { companyResource } from "./repo.ts";
import type { CompaniesService } from "./service.ts";

const tags = ["companies"];
const linkParams = z.object({ id: pathId, linkId: pathId });

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

  const employees = "/profile/api/companies/:id/users/";
  listRoute(app, {
    url: employees,
    tags,
    summary: "The company's employees (managers)",
    item: userSchema,
    params: idParams,
    list: (user, query, params) => users.listEmployees(user, params.id, query),
  });
  app.post(
    employees,
    {
      config: { auth: true },
      schema: {
        tags,
        summary: "Add an employee, approved and active (managers)",
        params: idParams,
        body: employeeCreateBody,
        response: { 201: userSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await users.createEmployee(await request.requireUser(), request.params.id, request.body)),
  );

  linkRoutes(app, companies, {
    path: "managers",
    name: "The company's managers (read: its users, the Contacts popup; change: administrators)",
    link: managerLink,
    item: companyManagerSchema,
    body: companyManagerCreateBody,
    userId: (body) => body.manager_id,
  });
  linkRoutes(app, companies, {
    path: "related_users",
    name: "The company's related users (managers)",
    link: relatedUserLink,
    item: relatedUserSchema,
    body: relatedUserCreateBody,
    userId: (body) => body.user_id,
  });
};

/** A company's list of linked users: `{id}/{path}/` lists (the list pattern) and adds, `{id}/{path}/{linkId}/` removes. */
function linkRoutes<Body extends z.ZodType>(
  app: FastifyInstance,
  companies: CompaniesService,
  options: {
    path: string;
    name: string;
    link: CompanyLink;
    item: z.ZodType;
    body: Body;
    userId(body: z.infer<Body>): number;
  },
): void {
  const { link, item } = options;
  const url = `/profile/api/companies/:id/${options.path}/`;
  listRoute(app, {
    url,
    tags,
    summary: `${options.name}: list`,
    item,
    params: idParams,
    list: (user, query, params) => companies.links(user, link, params.id, query),
  });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    url,
    {
      config: { auth: true },
      schema: {
        tags,
        summary: `${options.name}: add`,
        params: idParams,
        body: options.body,
        response: { 201: item },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const userId = options.userId(request.body as z.infer<Body>);
      return reply.status(201).send(await companies.addLink(user, link, request.params.id, userId));
    },
  );
  typed.delete(
    `${url}:linkId/`,
    { config: { auth: true }, schema: { tags, summary: `${options.name}: remove`, params: linkParams } },
    async (request, reply) => {
      await companies.removeLink(await request.requireUser(), link, request.params.id, request.params.linkId);
      return reply.status(204).send();
    },
  );
}
