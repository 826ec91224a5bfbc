import { createSchema, type Fields, patchSchema, rowSchema } from "@portal/domain";
import type { SQL } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { CrudService } from "../core/crud.ts";
import type { Principal } from "../core/principal.ts";
import type { PathIds, RouteAccess } from "./access.ts";
import { listRoute } from "./list-route.ts";
import { idParams, pathId } from "./params.ts";

/** The calls `crudRoutes` registers: the list, one row, create, change (PATCH and PUT), delete. */
export type CrudOperation = "list" | "get" | "create" | "change" | "delete";
const ALL_OPERATIONS: readonly CrudOperation[] = ["list", "get", "create", "change", "delete"];

/**
 * Registers a resource's list, read, create, change and delete at `url` (`url` and `url{id}/`), with bodies and
 * answers derived from its field definitions. `extraQuery` and `scope` add list parameters of its own.
 * `operations` registers some of the calls only (rows another call creates). A resource nested under a parent
 * row names the URL's parameter of the parent's id in `parent` (`companyId` of
 * `/planner/api/company/:companyId/service/`), which the service receives with every call (CrudResource.parent).
 * `item` is the answer's schema of one row when the resource's `present` answers more than its fields (the
 * monitoring's `monitoring` sub-object); default the fields' `rowSchema`.
 */
export function crudRoutes<Extra extends z.ZodRawShape = Record<never, never>>(
  app: FastifyInstance,
  options: {
    url: string;
    tags: string[];
    name: string;
    fields: Fields;
    service: CrudService<{ id: number }>;
    extraQuery?: Extra;
    scope?: (query: z.infer<z.ZodObject<Extra>>) => SQL | undefined;
    operations?: readonly CrudOperation[];
    parent?: string;
    item?: z.ZodType;
  },
): void {
  const { url, tags, name, fields, service, parent } = options;
  const item = options.item ?? rowSchema(fields);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const one = `${url}:id/`;
  const offers = new Set(options.operations ?? ALL_OPERATIONS);
  // The path's ids: the parent's (a nested resource) and, below `url`, the row's
  const parentParams = parent ? z.object({ [parent]: pathId }) : undefined;
  const rowParams = parentParams ? parentParams.extend(idParams.shape) : idParams;
  const parentOf = (params: unknown) => (parent ? (params as Record<string, number>)[parent] : undefined);
  // Each call's access, from the resource's policy: the rows its path names are opened first (404 outside the
  // user's companies, before the policy's 403), and before its body is read. A read opens only the parent (and
  // declares nothing opened without one): its handler reads the row itself, and has no body to keep from a refused
  // caller, so a user the policy keeps from every row (a client without monitoring access) is told 403 first
  const access = (action: "read" | "create" | "change" | "delete"): RouteAccess => ({
    allow: (user) => service.allows(user, action),
    ...(action !== "read"
      ? { open: (user, ids: PathIds) => service.open(user, ids.id, parentOf(ids), "write") }
      : parent
        ? { open: (user, ids: PathIds) => service.open(user, undefined, parentOf(ids), "read") }
        : {}),
  });
  const reads = { access: access("read") };
  const writes = (action: "create" | "change" | "delete") => ({ access: access(action) });

  if (offers.has("list")) {
    listRoute(app, {
      url,
      access: reads.access,
      tags,
      summary: `${name}: list`,
      item,
      extraQuery: options.extraQuery,
      params: parentParams,
      list: (user, query, params) =>
        service.list(
          user,
          query,
          options.scope?.(query as z.infer<z.ZodObject<Extra>>),
          parentOf(params),
        ) as never,
    });
  }
  type RowRequest = { requireUser(): Promise<Principal>; params: { id: number }; body?: unknown };
  if (offers.has("get")) {
    typed.get(
      one,
      {
        config: reads,
        schema: { tags, summary: `${name}: one`, params: rowParams, response: { 200: item } },
      },
      async (request: RowRequest) =>
        service.get(await request.requireUser(), request.params.id, parentOf(request.params)),
    );
  }
  if (offers.has("create")) {
    typed.post(
      url,
      {
        config: writes("create"),
        schema: {
          tags,
          summary: `${name}: create`,
          ...(parentParams ? { params: parentParams } : {}),
          body: createSchema(fields),
          response: { 201: item },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.create(await request.requireUser(), request.body, parentOf(request.params))),
    );
  }
  const update = async (request: RowRequest) =>
    service.update(
      await request.requireUser(),
      request.params.id,
      request.body as Record<string, unknown>,
      parentOf(request.params),
    );
  for (const method of offers.has("change") ? (["patch", "put"] as const) : []) {
    typed[method](
      one,
      {
        config: writes("change"),
        schema: {
          tags,
          summary: `${name}: change`,
          params: rowParams,
          body: patchSchema(fields),
          response: { 200: item },
        },
      },
      update,
    );
  }
  if (offers.has("delete")) {
    typed.delete(
      one,
      { config: writes("delete"), schema: { tags, summary: `${name}: delete`, params: rowParams } },
      async (request: RowRequest, reply) => {
        await service.delete(await request.requireUser(), request.params.id, parentOf(request.params));
        return reply.status(204).send();
      },
    );
  }
}
